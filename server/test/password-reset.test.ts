import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, lastMessageTo, ORIGIN, passwordTokenFromOutbox, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...headers }, payload });

const signInStatus = async (email: string, password: string) =>
  (await post('/api/auth/sign-in/email', { email, password })).statusCode;

/** Asks for a reset e-mail, opens its link and returns the token the link hands to /login. */
async function resetTokenFor(email: string) {
  const res = await post('/api/auth/request-password-reset', { email, redirectTo: '/login' });
  expect(res.statusCode).toBe(200);
  return passwordTokenFromOutbox(t.app, email, 'Reset your Rail Madad password');
}

describe('POST /api/auth/request-password-reset', () => {
  it('puts a reset link in the outbox', async () => {
    const user = await createUser(t.app);
    await resetTokenFor(user.email);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = 'nobody-here@example.com';
    const res = await post('/api/auth/request-password-reset', { email, redirectTo: '/login' });
    expect(res.statusCode).toBe(200);
    expect(await lastMessageTo(t.app, email)).toBeUndefined();
  });

  it('refuses to redirect to another site', async () => {
    const user = await createUser(t.app);
    const res = await post('/api/auth/request-password-reset', { email: user.email, redirectTo: 'https://evil.example/steal' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INVALID_REDIRECT_URL');
  });

  it('rejects a malformed e-mail address', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'not-an-email', redirectTo: '/login' });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('lets the new password sign in, stops the old one and ends old sessions', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);

    const res = await post('/api/auth/reset-password', { newPassword: 'brand-new-secret-7', token });
    expect(res.statusCode).toBe(200);

    expect(await signInStatus(user.email, 'brand-new-secret-7')).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);

    const { items } = await t.app.services.notifications.list(user.id);
    expect(items.map((i) => i.kind)).toContain('password_changed');
  });

  it('accepts a token only once', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);
    expect((await post('/api/auth/reset-password', { newPassword: 'first-new-pass-1', token })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { newPassword: 'second-new-pass-2', token });
    expect(again.statusCode).toBe(400);
    expect(await signInStatus(user.email, 'first-new-pass-1')).toBe(200);
  });

  it('rejects a bad token with 400', async () => {
    const res = await post('/api/auth/reset-password', { newPassword: 'brand-new-secret-7', token: 'made-up-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('rejects a new password shorter than 8 characters and keeps the old one', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);
    const res = await post('/api/auth/reset-password', { newPassword: 'short', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_TOO_SHORT');
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('rejects a request with no token', async () => {
    const res = await post('/api/auth/reset-password', { newPassword: 'brand-new-secret-7' });
    expect(res.statusCode).toBe(400);
  });
});
