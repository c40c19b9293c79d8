import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from './helpers';

let configured: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [configured, plain] = await Promise.all([
    createTestApp({ env: { GOOGLE_CLIENT_ID: 'client-123.apps.example', GOOGLE_CLIENT_SECRET: 'secret-xyz' } }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), plain?.close()]);
});

const social = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN },
    payload: { provider: 'google', callbackURL: '/', newUserCallbackURL: '/profile?newUser=true', errorCallbackURL: '/login?error=google' },
  });

describe('POST /api/auth/sign-in/social (Google)', () => {
  it('sends the browser to Google with our client id and callback when configured', async () => {
    const res = await social(configured);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.example');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);
    // The secret never leaves the server.
    expect(res.body).not.toContain('secret-xyz');
  });

  it('is refused when Google is not configured', async () => {
    const res = await social(plain);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('GET /api/config', () => {
  it('tells the web whether the Google button works, and nothing secret', async () => {
    expect((await configured.app.inject({ url: '/api/config' })).json()).toEqual({ googleEnabled: true, translationEnabled: false, supportEmail: 'support@railmadad.local', helpline: '139' });
    expect((await plain.app.inject({ url: '/api/config' })).json().googleEnabled).toBe(false);
  });
});
