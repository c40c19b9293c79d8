import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ORIGIN, sessionCookie, type TestApp } from './helpers';
import { secretFromUri, totp } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

const cookiesOf = (setCookie: string | string[] | undefined) => (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []);
const hasSession = (setCookie: string | string[] | undefined) => cookiesOf(setCookie).some((c) => /^railmadad\.session_token=[^;]+/.test(c));
const twoFactorCookie = (setCookie: string | string[] | undefined) => {
  const found = cookiesOf(setCookie).find((c) => c.startsWith('railmadad.two_factor='));
  if (!found) throw new Error(`no two-factor cookie in ${JSON.stringify(setCookie)}`);
  return found.split(';')[0];
};

/** A code that is certainly not the current one, nor one a step either side. */
function wrongCodeFor(secret: string) {
  const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  let code = '000000';
  for (let i = 0; near.has(code); i++) code = String(i * 7919).padStart(6, '0').slice(-6);
  return code;
}

/** Signs up a user, enables two-factor and returns its secret and a fresh session cookie. */
async function userWithTwoFactor() {
  const user = await createUser(t.app);
  const enabled = await post('/api/auth/two-factor/enable', { password: user.password }, user.cookie);
  expect(enabled.statusCode).toBe(200);
  const secret = secretFromUri(enabled.json().totpURI);
  const backupCodes: string[] = enabled.json().backupCodes;
  const verified = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, user.cookie);
  expect(verified.statusCode).toBe(200);
  return { ...user, secret, backupCodes, cookie: sessionCookie(verified.headers['set-cookie']) };
}

describe('POST /api/auth/two-factor/enable', () => {
  it('gives a signed-in user a TOTP URI and backup codes, but does not switch two-factor on yet', async () => {
    const user = await createUser(t.app);
    const res = await post('/api/auth/two-factor/enable', { password: user.password }, user.cookie);
    expect(res.statusCode).toBe(200);
    const { totpURI, backupCodes } = res.json();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(uri.searchParams.get('issuer')).toBe('Rail Madad');
    expect(secretFromUri(totpURI)).toMatch(/^[A-Z2-7]+=*$/);
    expect(backupCodes.length).toBeGreaterThan(0);

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().twoFactorEnabled).toBe(false);
    // Sign-in still works with the password alone until the code is confirmed.
    const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().twoFactorRedirect).toBeUndefined();
  });

  it('rejects a wrong password', async () => {
    const user = await createUser(t.app);
    const res = await post('/api/auth/two-factor/enable', { password: 'not-my-password' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PASSWORD');
  });

  it('rejects a request without a password', async () => {
    const user = await createUser(t.app);
    const res = await post('/api/auth/two-factor/enable', {}, user.cookie);
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await post('/api/auth/two-factor/enable', { password: 'whatever-123' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/two-factor/verify-totp', () => {
  it('enables two-factor with the code from the authenticator', async () => {
    const user = await userWithTwoFactor();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().twoFactorEnabled).toBe(true);
    const bell = await t.app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } });
    expect(bell.json().items.map((n: { kind: string }) => n.kind)).toContain('two_factor_enabled');
  });

  it('tells the person in the bell when two-factor is turned off', async () => {
    const user = await userWithTwoFactor();
    const off = await post('/api/auth/two-factor/disable', { password: user.password }, user.cookie);
    expect(off.statusCode).toBe(200);
    const bell = await t.app.inject({ url: '/api/notifications', headers: { cookie: sessionCookie(off.headers['set-cookie']) ?? user.cookie } });
    expect(bell.json().items.map((n: { kind: string }) => n.kind)).toContain('two_factor_disabled');
  });

  it('does not enable two-factor with a wrong code', async () => {
    const user = await createUser(t.app);
    const enabled = await post('/api/auth/two-factor/enable', { password: user.password }, user.cookie);
    const secret = secretFromUri(enabled.json().totpURI);
    const res = await post('/api/auth/two-factor/verify-totp', { code: wrongCodeFor(secret) }, user.cookie);
    expect([400, 401]).toContain(res.statusCode);
    expect(res.json().code).toBe('INVALID_CODE');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().twoFactorEnabled).toBe(false);
  });

  it('makes a later sign-in stop at the second step with no session', async () => {
    const user = await userWithTwoFactor();
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(res.json().token).toBeUndefined();
    expect(hasSession(res.headers['set-cookie'])).toBe(false);
    expect(twoFactorCookie(res.headers['set-cookie'])).toMatch(/^railmadad\.two_factor=.+/);
  });

  it('completes the sign-in with the two-factor cookie and a right code', async () => {
    const user = await userWithTwoFactor();
    const first = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const pending = twoFactorCookie(first.headers['set-cookie']);

    const res = await post('/api/auth/two-factor/verify-totp', { code: totp(user.secret) }, pending);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, twoFactorEnabled: true });
  });

  it('signs in with a backup code (someone who lost their phone), and takes each code once', async () => {
    const user = await userWithTwoFactor();
    const [code] = user.backupCodes;
    const first = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const res = await post('/api/auth/two-factor/verify-backup-code', { code }, twoFactorCookie(first.headers['set-cookie']));
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(res.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ id: user.id });

    const second = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const reused = await post('/api/auth/two-factor/verify-backup-code', { code }, twoFactorCookie(second.headers['set-cookie']));
    expect(reused.statusCode).toBe(401);
    expect(hasSession(reused.headers['set-cookie'])).toBe(false);
  });

  it('refuses a wrong 6-digit code at sign-in and gives no session', async () => {
    const user = await userWithTwoFactor();
    const first = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const pending = twoFactorCookie(first.headers['set-cookie']);

    const res = await post('/api/auth/two-factor/verify-totp', { code: wrongCodeFor(user.secret) }, pending);
    expect([400, 401]).toContain(res.statusCode);
    expect(res.json().code).toBe('INVALID_CODE');
    expect(hasSession(res.headers['set-cookie'])).toBe(false);
  });

  it('does not accept the two-factor cookie twice', async () => {
    const user = await userWithTwoFactor();
    const first = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const pending = twoFactorCookie(first.headers['set-cookie']);
    expect((await post('/api/auth/two-factor/verify-totp', { code: totp(user.secret) }, pending)).statusCode).toBe(200);
    const again = await post('/api/auth/two-factor/verify-totp', { code: totp(user.secret) }, pending);
    expect(again.statusCode).toBe(401);
    expect(hasSession(again.headers['set-cookie'])).toBe(false);
  });

  it('answers 401 INVALID_TWO_FACTOR_COOKIE with neither a session nor a two-factor cookie', async () => {
    const res = await post('/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TWO_FACTOR_COOKIE');
  });

  it('rejects a forged two-factor cookie', async () => {
    const res = await post('/api/auth/two-factor/verify-totp', { code: '123456' }, 'railmadad.two_factor=forged.value');
    expect(res.statusCode).toBe(401);
    expect(hasSession(res.headers['set-cookie'])).toBe(false);
  });
});
