import { createHmac } from 'node:crypto';
import type { IceServers } from '@railmadad/contract';

export type IceConfig = {
  /** ICE servers exactly as RTCPeerConnection takes them. */
  servers?: IceServers['iceServers'];
  /** A TURN server with a shared secret (coturn's `static-auth-secret`). */
  turn?: { urls: string[]; secret: string; ttlSeconds: number };
};

/**
 * The ICE servers a call uses. TURN credentials follow coturn's REST scheme: the user name is
 * `expiry:userId`, the password `base64(hmac-sha1(secret, username))`, so they stop working
 * after `ttlSeconds` and the secret never leaves the server.
 */
export function iceServersFor(config: IceConfig, userId: string, now = Date.now()): IceServers {
  const iceServers: IceServers['iceServers'] = [...(config.servers ?? [])];
  if (config.turn) {
    const username = `${Math.floor(now / 1000) + config.turn.ttlSeconds}:${userId}`;
    const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
    iceServers.push({ urls: config.turn.urls, username, credential });
  }
  return { iceServers };
}
