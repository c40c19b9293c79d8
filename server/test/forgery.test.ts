import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { complaintFields, fileComplaint } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, passwordTokenFromOutbox, signIn, type TestApp } from './helpers';
import { type Client, connect, nextLifecycle } from './nodes/sockets';

/**
 * Requests forged by a page elsewhere (another site, or another port of this very host) riding on a signed-in
 * person's cookie, and sockets that outlive the session they were opened with.
 */
const LAN = 'http://192.168.1.5:3000';
let t: TestApp;
let url: string;
const sockets: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', TRUSTED_ORIGINS: `${LAN}, https://railmadad.example` } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const complaintCount = async (cookie: string) => (await t.app.inject({ url: '/api/complaints', headers: { cookie } })).json().total as number;

describe('a state-changing request from a page that is not ours', () => {
  it('is refused with 403 untrusted_origin, saying which address to use, and changes nothing', async () => {
    const passenger = await createUser(t.app);
    const before = await complaintCount(passenger.cookie);
    const forged: Record<string, string>[] = [{ origin: 'http://localhost:3001' }, { origin: 'null' }, { referer: 'http://evil.example/page.html' }];
    for (const headers of forged) {
      const res = await fileComplaint(t.app, passenger.cookie, complaintFields(), { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'untrusted_origin', message: expect.stringContaining('TRUSTED_ORIGINS') });
      expect(res.json().message).toContain(ORIGIN);
    }
    const renamed = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: passenger.cookie, origin: 'http://localhost:3001' }, payload: { name: 'Forged Name' } });
    expect(renamed.statusCode).toBe(403);
    expect(await complaintCount(passenger.cookie)).toBe(before);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: passenger.cookie } })).json().name).not.toBe('Forged Name');
  });

  it('passes from our own page (by Origin or by Referer), from an operator-listed address, and without a cookie (a bearer token)', async () => {
    const passenger = await createUser(t.app);
    expect((await fileComplaint(t.app, passenger.cookie, complaintFields(), { headers: { origin: ORIGIN } })).statusCode).toBe(201);
    expect((await fileComplaint(t.app, passenger.cookie, complaintFields(), { headers: { referer: `${ORIGIN}/file-complaint` } })).statusCode).toBe(201);
    expect((await fileComplaint(t.app, passenger.cookie, complaintFields(), { headers: { origin: LAN } })).statusCode).toBe(201);

    const bearer = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: passenger.email, password: passenger.password } });
    const token = bearer.headers['set-auth-token'] as string;
    expect((await fileComplaint(t.app, undefined, complaintFields(), { headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' } })).statusCode).toBe(201);
  });

  it('reading is never refused: a GET from elsewhere answers as usual', async () => {
    const passenger = await createUser(t.app);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: passenger.cookie, origin: 'http://evil.example' } })).statusCode).toBe(200);
  });
});

describe('signing in at an address the server does not serve', () => {
  it('says what is wrong instead of "wrong password", and works at an address the operator listed', async () => {
    const passenger = await createUser(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://10.0.0.7:3000' }, payload: { email: passenger.email, password: passenger.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'untrusted_origin' });
    expect(refused.json().message).toBe(
      `This page is open at http://10.0.0.7:3000, an address this server does not accept. Open ${ORIGIN} instead, or ask the operator to add http://10.0.0.7:3000 to TRUSTED_ORIGINS.`,
    );
    const listed = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: LAN }, payload: { email: passenger.email, password: passenger.password } });
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it('TRUSTED_ORIGINS takes origins only, and refuses anything else at start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/railmadad-config-test', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://railmadad.example/' };
    expect(loadConfig({ ...base, TRUSTED_ORIGINS: 'http://192.168.1.5:3000, http://rail.lan' }).trustedOrigins).toEqual(['https://railmadad.example', 'http://192.168.1.5:3000', 'http://rail.lan']);
    for (const bad of ['192.168.1.5', 'http://rail.lan/path', 'ftp://rail.lan']) expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: bad }), bad).toThrow(/not an origin/);
  });
});

describe('sockets', () => {
  it('open only from our own pages', async () => {
    const passenger = await createUser(t.app);
    const forged: Client = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie: passenger.cookie, origin: 'http://evil.example' } });
    sockets.push(forged);
    await new Promise((resolve) => forged.once('connect_error', resolve));
    expect(forged.connected).toBe(false);
    const ours = await connect(url, passenger.cookie, { reconnection: false, extraHeaders: { cookie: passenger.cookie, origin: ORIGIN } });
    sockets.push(ours.socket);
    expect(ours.socket.connected).toBe(true);
  });

  it('close at once when their session signs out, and only that session', async () => {
    const passenger = await createUser(t.app);
    const other = await signIn(t.app, passenger.email, passenger.password);
    const signedOut = await connect(url, passenger.cookie, { reconnection: false });
    const stays = await connect(url, other, { reconnection: false });
    sockets.push(signedOut.socket, stays.socket);
    const closed = nextLifecycle(signedOut.socket, 'disconnect');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: passenger.cookie, origin: ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(200);
    await closed;
    expect(stays.socket.connected).toBe(true);
  });

  it('close at once when a staff member is deactivated', async () => {
    const admin = await createUser(t.app, 'admin');
    const email = `deactivated-${Date.now()}@example.com`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { name: 'Ravi Kumar', email, phone: '+919876500011', role: 'coach_attendant', department: 'Mechanical', station: 'Itarsi', expertise: ['bedroll'], languages: ['hi'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const token = await passwordTokenFromOutbox(t.app, email, 'You are invited to Rail Madad as staff');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, payload: { token, newPassword: 'deactivate-me-1' } })).statusCode).toBe(200);
    const cookie = await signIn(t.app, email, 'deactivate-me-1');
    const { socket } = await connect(url, cookie, { reconnection: false });
    sockets.push(socket);
    const closed = nextLifecycle(socket, 'disconnect');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/staff/${added.json().id}`, headers: { cookie: admin.cookie, origin: ORIGIN }, payload: { status: 'inactive' } });
    expect(res.statusCode, res.body).toBe(200);
    await closed;
  });
});

it("the page's content security policy lets scripts reach this server only", async () => {
  const res = await t.app.inject({ url: '/api/config' });
  const connectSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('connect-src'));
  expect(connectSrc).toBe("connect-src 'self'");
});

describe("the auth library's endpoints the product does not use", () => {
  it('answer 404, even to an admin, while the ones it uses still answer', async () => {
    const admin = await createUser(t.app, 'admin');
    const passenger = await createUser(t.app);
    const unused: [string, string, object?][] = [
      ['POST', '/api/auth/admin/impersonate-user', { userId: passenger.id }],
      ['POST', '/api/auth/admin/set-role', { userId: passenger.id, role: 'admin' }],
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
      ['POST', '/api/auth/update-user', { name: 'Renamed' }],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/link-social', { provider: 'google' }],
    ];
    for (const [method, url, payload] of unused) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { cookie: admin.cookie, origin: ORIGIN }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: passenger.cookie } });
    expect(me.json()).toMatchObject({ role: 'passenger', email: passenger.email });
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: passenger.cookie, origin: ORIGIN }, payload: {} });
    expect(signOut.statusCode).toBe(200);
  });
});
