import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../src/auth/bootstrap';
import { ConfigError, loadConfig } from '../src/config';
import { user } from '../src/db/schema';
import { createTestApp, signIn, type TestApp } from './helpers';

const ADMIN_EMAIL = 'Chief.Admin@Example.com';
const ADMIN_PASSWORD = 'first-admin-pass-9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD, RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

/** loadConfig's error, or a failure if it did not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/never-written', ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  it('create a verified admin who can sign in and read GET /api/admin/outbox', async () => {
    const cookie = await signIn(t.app, ADMIN_EMAIL.toLowerCase(), ADMIN_PASSWORD);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'chief.admin@example.com', role: 'admin', emailVerified: true, hasPassword: true });

    const outbox = await t.app.inject({ url: '/api/admin/outbox', headers: { cookie } });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()).toMatchObject({ page: 1, pageSize: 20, items: expect.any(Array), total: expect.any(Number) });
  });

  it('accept the address in any case at sign-in', async () => {
    await expect(signIn(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).resolves.toMatch(/^railmadad\.session_token=/);
  });

  it('make exactly one account, and a restart keeps its password', async () => {
    const again = await ensureAccount(t.app.services.auth, t.app.services.database.db, { email: ADMIN_EMAIL, password: 'a-different-pass-1', role: 'admin' });
    expect(again.created).toBe(false);
    const rows = await t.app.services.database.db.select().from(user).where(eq(user.email, 'chief.admin@example.com'));
    expect(rows).toHaveLength(1);
    await expect(signIn(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).resolves.toBeTruthy();
    await expect(signIn(t.app, ADMIN_EMAIL, 'a-different-pass-1')).rejects.toThrow(/401/);
  });

  it('give an existing account the admin role and verify it', async () => {
    const db = t.app.services.database.db;
    const first = await ensureAccount(t.app.services.auth, db, { email: 'promoted@example.com', password: 'promoted-pass-1', role: 'passenger' });
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, first.id));
    const promoted = await ensureAccount(t.app.services.auth, db, { email: 'promoted@example.com', password: 'ignored-pass-1', role: 'admin' });
    expect(promoted).toEqual({ id: first.id, created: false });
    const cookie = await signIn(t.app, 'promoted@example.com', 'promoted-pass-1');
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('loadConfig', () => {
  it('throws a ConfigError listing the problem when ADMIN_EMAIL comes without ADMIN_PASSWORD', () => {
    const error = configError({ ADMIN_EMAIL: 'admin@example.com' });
    expect(error.problems).toEqual(['ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither']);
    expect(error.message).toContain('ADMIN_PASSWORD');
  });

  it('throws a ConfigError for ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(configError({ ADMIN_PASSWORD: ADMIN_PASSWORD }).problems.join('\n')).toContain('ADMIN_PASSWORD');
  });

  it.each(['abc', '70000', '-1', '80.5'])('throws a ConfigError for PORT=%s', (port) => {
    const error = configError({ PORT: port });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^PORT: /);
  });

  it('lists every problem at once', () => {
    const error = configError({ PORT: 'abc', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'short', DATABASE_URL: 'mysql://x' });
    const fields = error.problems.map((p) => p.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['PORT', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL']));
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/never-written', PORT: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(config.port).toBe(3000);
    expect(config.admin).toBeUndefined();
  });

  it('reads the admin pair, lower-casing the address', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/never-written', ADMIN_EMAIL, ADMIN_PASSWORD });
    expect(config.admin).toEqual({ email: 'chief.admin@example.com', password: ADMIN_PASSWORD });
  });
});
