import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { iceServersFor } from './ice';

describe('iceServersFor', () => {
  it('passes ICE_SERVERS through and issues TURN credentials that expire, signed as coturn checks them', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/railmadad-ice-test',
      AUTH_SECRET: 'x'.repeat(32),
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
      TURN_SECRET: 'shared-secret',
      TURN_TTL_SECONDS: '600',
    });
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const { iceServers } = iceServersFor(config.ice, 'user-1', now);
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.org:3478' });
    const turn = iceServers[1];
    expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    expect(turn.username).toBe(`${now / 1000 + 600}:user-1`);
    expect(turn.credential).toBe(createHmac('sha1', 'shared-secret').update(turn.username ?? '').digest('base64'));
  });

  it('refuses ICE_SERVERS that are not JSON, and a TURN server without its secret', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', AUTH_SECRET: 'x'.repeat(32), ICE_SERVERS: 'stun:nope' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', AUTH_SECRET: 'x'.repeat(32), TURN_URLS: 'turn:a' })).toThrow(/TURN_SECRET/);
  });
});
