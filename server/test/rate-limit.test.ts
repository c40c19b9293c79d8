import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../src/auth/bootstrap';
import { createTestApp, ORIGIN, passwordTokenFromOutbox, type TestApp } from './helpers';

// Rate limits stay on here (the default); every other file that signs in often turns them off.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.rateLimit).toBe(true);
});
afterAll(() => t.close());

let n = 0;
async function account() {
  const email = `limited${++n}@example.com`;
  const password = 'correct-horse-42';
  await ensureAccount(t.app.services.auth, t.app.services.database.db, { email, password, role: 'passenger' });
  return { email, password };
}

/** The per-account count lives in fixed 15-minute windows: start well inside one so it cannot reset mid-test. */
async function awayFromWindowEdge(windowMs = 15 * 60 * 1000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, remoteAddress, payload: { email, password } });

describe('POST /api/auth/sign-in/email', () => {
  it('ten wrong passwords from ten addresses do not lock the owner out: the owner signs in from their own address', async () => {
    const { email, password } = await account();
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await signIn(email, 'wrong-password-1', `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await signIn(email.toUpperCase(), password, '10.1.0.99')).statusCode).toBe(200);
  });

  it('after five wrong passwords from one address, that address waits (429 with Retry-After) and others do not', async () => {
    const { email, password } = await account();
    await awayFromWindowEdge();
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong-password-1', '10.5.0.1')).statusCode).toBe(401);
    const refused = await signIn(email, password, '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many wrong passwords for this account. Please wait a few minutes, or reset your password by e-mail.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers['x-retry-after']).toBeUndefined();
    expect(refused.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^railmadad\.session_token=[^;]/)]));
    expect((await signIn(email, password, '10.5.0.2')).statusCode).toBe(200);
  });

  it('a password reset through the e-mailed link lifts the wait', async () => {
    const { email } = await account();
    await awayFromWindowEdge();
    for (let i = 0; i < 5; i++) await signIn(email, 'wrong-password-1', '10.6.0.1');
    expect((await signIn(email, 'wrong-password-1', '10.6.0.1')).statusCode).toBe(429);
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin: ORIGIN }, remoteAddress: '10.6.0.2', payload: { email, redirectTo: '/login' } });
    expect(asked.statusCode).toBe(200);
    const token = await passwordTokenFromOutbox(t.app, email, 'Reset your Rail Madad password');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, remoteAddress: '10.6.0.2', payload: { token, newPassword: 'a-new-horse-43' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(email, 'a-new-horse-43', '10.6.0.1')).statusCode).toBe(200);
  });

  it('wrong passwords from many addresses slow every further try on that account down', async () => {
    const { email, password } = await account();
    await awayFromWindowEdge();
    for (let i = 1; i <= 14; i++) await signIn(email, 'wrong-password-1', `10.7.0.${i}`);
    const started = Date.now();
    expect((await signIn(email, password, '10.7.0.99')).statusCode).toBe(200);
    // Four failures past the tenth: a second's wait at least, and the owner still gets in.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('refuses one address its 11th sign-in within a minute, whatever the accounts', async () => {
    const remoteAddress = '10.2.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(`nobody${i}@example.com`, 'wrong-password-1', remoteAddress)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);

    const { email, password } = await account();
    const refused = await signIn(email, password, remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A different address is still served.
    expect((await signIn(email, password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('trips within 6 quick attempts for one account from one address', async () => {
    const { email } = await account();
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(email, 'wrong-password-1', '10.3.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('POST /api/auth/request-password-reset', () => {
  it('refuses one address its 4th reset request within a minute', async () => {
    const { email } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin: ORIGIN }, remoteAddress: '10.4.0.1', payload: { email, redirectTo: '/login' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
