import type { ClientToServerEvents, ServerToClientEvents } from '@railmadad/contract';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How long any one awaited event may take before the test fails (never a fixed sleep). */
export const EVENT_TIMEOUT_MS = 10_000;

/**
 * Keeps every event a socket receives, in order, so a test can wait for one that arrives after a
 * mark (taken before the action that causes it: no race with a fast server) and later check that
 * something did NOT arrive, once a later event proves the socket has heard everything before it.
 */
export class Recorder {
  readonly received: { event: string; data: unknown }[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(readonly socket: Client) {
    socket.onAny((event: string, data: unknown) => {
      this.received.push({ event, data });
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** A position in the record: `waitFor(…, mark)` looks only at what came after it. */
  mark(): number {
    return this.received.length;
  }

  /** Every payload of `event` received so far (from `since` on). */
  all<E extends EventName>(event: E, since = 0): Payload<E>[] {
    return this.received.slice(since).flatMap((r) => (r.event === event ? [r.data as Payload<E>] : []));
  }

  /** The first `event` after `since` that `match` accepts, already received or yet to come; fails after ~10 s. */
  waitFor<E extends EventName>(event: E, match: (payload: Payload<E>) => boolean = () => true, since = 0, timeoutMs = EVENT_TIMEOUT_MS): Promise<Payload<E>> {
    return new Promise((resolve, reject) => {
      let looked = since;
      const check = () => {
        for (; looked < this.received.length; looked++) {
          const r = this.received[looked];
          if (r.event === event && match(r.data as Payload<E>)) {
            done();
            resolve(r.data as Payload<E>);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        done();
        const seen = this.all(event, since).map((p) => JSON.stringify(p).slice(0, 300));
        reject(new Error(`no matching "${event}" within ${timeoutMs} ms; received ${seen.length}:\n${seen.join('\n')}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }
}

/**
 * A socket.io client signed in with `cookie` (any other cookies, e.g. the load balancer's, may
 * follow it), on the websocket transport, connected before this resolves. `forceNew`: every
 * person gets their own connection (socket.io otherwise shares one per URL).
 */
export function connect(url: string, cookie: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<{ socket: Client; events: Recorder }> {
  const socket: Client = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie }, ...options });
  const events = new Recorder(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`socket did not connect to ${url} within ${EVENT_TIMEOUT_MS} ms`));
    }, EVENT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, events });
    });
    // A refused handshake (bad cookie) is final; a network error is retried by the client.
    socket.on('connect_error', (error) => {
      if (socket.active) return;
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Resolves on the socket's next `event` (connect, disconnect); fails after ~10 s. */
export function nextLifecycle(socket: Client, event: 'connect' | 'disconnect', timeoutMs = EVENT_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Sends a raw payload the typed events would not allow (the server must check what it gets). */
export function emitRaw(socket: Client, event: string, payload: unknown): Promise<unknown> {
  return (socket as unknown as Socket).timeout(EVENT_TIMEOUT_MS).emitWithAck(event, payload);
}
