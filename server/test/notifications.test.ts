import type { AddressInfo } from 'node:net';
import type { Notification } from '@railmadad/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const list = (cookie: string) => t.app.inject({ url: '/api/notifications', headers: { cookie } });
const markRead = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

function socketFor(cookie?: string) {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('GET /api/notifications', () => {
  it("lists a new account's welcome notification as unread", async () => {
    const user = await createUser(t.app);
    const res = await list(user.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ kind: 'welcome', readAt: null, params: { name: expect.any(String) } });
  });

  it('lists the newest first and counts the unread ones', async () => {
    const user = await createUser(t.app);
    await t.app.services.notifications.notify(user.id, 'email_verified');
    await t.app.services.notifications.notify(user.id, 'password_changed');
    const body = (await list(user.cookie)).json();
    expect(body.items.map((n: Notification) => n.kind)).toEqual(['password_changed', 'email_verified', 'welcome']);
    expect(body.unread).toBe(3);
  });

  it("never shows one person another's notifications", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await t.app.services.notifications.notify(a.id, 'password_changed');
    const bList = (await list(b.cookie)).json();
    expect(bList.items.map((n: Notification) => n.kind)).toEqual(['welcome']);
    const aIds = (await list(a.cookie)).json().items.map((n: Notification) => n.id);
    expect(bList.items.some((n: Notification) => aIds.includes(n.id))).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks one notification read', async () => {
    const user = await createUser(t.app);
    const extra = await t.app.services.notifications.notify(user.id, 'email_verified');
    const res = await markRead(user.cookie, { id: extra.id });
    expect(res.statusCode).toBe(204);
    const body = (await list(user.cookie)).json();
    expect(body.unread).toBe(1);
    expect(body.items.find((n: Notification) => n.id === extra.id).readAt).not.toBeNull();
    expect(body.items.find((n: Notification) => n.kind === 'welcome').readAt).toBeNull();
  });

  it('marks all read when no id is given', async () => {
    const user = await createUser(t.app);
    await t.app.services.notifications.notify(user.id, 'email_verified');
    expect((await markRead(user.cookie, {})).statusCode).toBe(204);
    const body = (await list(user.cookie)).json();
    expect(body.unread).toBe(0);
    expect(body.items.every((n: Notification) => n.readAt !== null)).toBe(true);
  });

  it("does not let one person mark another's notification read", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const aWelcome = (await list(a.cookie)).json().items[0];
    expect((await markRead(b.cookie, { id: aWelcome.id })).statusCode).toBe(204);
    expect((await markRead(b.cookie, {})).statusCode).toBe(204);
    const aList = (await list(a.cookie)).json();
    expect(aList.unread).toBe(1);
    expect(aList.items[0].readAt).toBeNull();
  });

  it('rejects an id that is not a string', async () => {
    const user = await createUser(t.app);
    const res = await markRead(user.cookie, { id: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect((await list(user.cookie)).json().unread).toBe(1);
  });

  it('rejects an id longer than 64 characters', async () => {
    const user = await createUser(t.app);
    expect((await markRead(user.cookie, { id: 'x'.repeat(65) })).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await markRead(undefined, {})).statusCode).toBe(401);
  });
});

describe('socket.io notification:new', () => {
  it('delivers a new notification live to the signed-in socket of its owner only', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const ownerSocket = socketFor(owner.cookie);
    const otherSocket = socketFor(other.cookie);
    await Promise.all([connected(ownerSocket), connected(otherSocket)]);

    const strayed: Notification[] = [];
    otherSocket.on('notification:new', (n: Notification) => strayed.push(n));
    const received = new Promise<Notification>((resolve) => ownerSocket.once('notification:new', resolve));

    const sent = await t.app.services.notifications.notify(owner.id, 'email_verified');
    const got = await received;
    expect(got).toMatchObject({ id: sent.id, kind: 'email_verified', readAt: null });

    // Give a misrouted event time to arrive before saying it did not.
    await new Promise((r) => setTimeout(r, 100));
    expect(strayed).toEqual([]);
  });

  it('refuses a socket with no cookie', async () => {
    const error = await connected(socketFor()).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe('unauthorized');
  });

  it('refuses a socket with a forged session cookie', async () => {
    const error = await connected(socketFor('railmadad.session_token=forged.value')).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe('unauthorized');
  });
});
