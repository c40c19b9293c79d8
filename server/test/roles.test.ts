import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES, type Role } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/app';
import { user } from '../src/db/schema';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

// A tiny built web app, so the static routes it adds are in the table too.
const webDist = mkdtempSync(join(tmpdir(), 'railmadad-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Rail Madad</title>');
writeFileSync(join(webDist, 'assets', 'app-test.js'), 'export {};');
const STATIC_FILES = new Set(['/index.html', '/assets/app-test.js']);

let t: TestApp;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', WEB_DIST: webDist } });
  for (const role of ROLES) cookies[role] = (await createUser(t.app, role)).cookie;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const routes = () => t.app.routeTable;
/** What @fastify/static adds: one wildcard, or one route per built file (depending on its `wildcard` option). */
const isStatic = (r: RouteRecord) => r.method === 'GET' && r.access === undefined && (r.url === '/*' || STATIC_FILES.has(r.url));
const roleRoutes = () => routes().filter((r) => Array.isArray(r.access)) as (RouteRecord & { access: Role[] })[];
const staffOnly = () => roleRoutes().filter((r) => !r.access.includes('passenger'));
const userRoutes = () => routes().filter((r) => r.access === 'user');
const label = (r: RouteRecord) => `${r.method} ${r.url}`;

/** Calls a route with dummy path parameters and an empty body, as `role` or with no session. */
function call(route: RouteRecord, role?: Role) {
  const url = route.url.replace(/:[A-Za-z_]+/g, 'dummy').replace(/\*$/, 'ok');
  const headers: Record<string, string> = { origin: ORIGIN };
  if (role) headers.cookie = cookies[role];
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (!['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method)) options.payload = {};
  return t.app.inject(options);
}

describe('the route table', () => {
  it('declares who may call every route (only HEAD, OPTIONS and the built web files go without)', () => {
    const undeclared = routes().filter((r) => r.access === undefined && !['HEAD', 'OPTIONS'].includes(r.method) && !isStatic(r));
    expect(undeclared.map(label)).toEqual([]);
    expect(routes().filter(isStatic).length).toBeGreaterThan(0);
  });

  it('uses only known access values', () => {
    for (const r of routes().filter((r) => r.access !== undefined)) {
      const ok = r.access === 'public' || r.access === 'user' || r.access === 'gateway' || (Array.isArray(r.access) && r.access.length > 0 && r.access.every((a) => ROLES.includes(a)));
      expect(ok, `${label(r)} has access ${JSON.stringify(r.access)}`).toBe(true);
    }
  });

  it('keeps every /api/admin/ route for admins only', () => {
    const admin = routes().filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(0);
    for (const r of admin) expect(r.access, label(r)).toEqual(['admin']);
  });

  it('has the outbox among the staff-only routes', () => {
    expect(staffOnly().map(label)).toContain('GET /api/admin/outbox');
  });
});

describe('routes for staff and admins', () => {
  it('answer 401 with no session', async () => {
    for (const r of staffOnly()) {
      const res = await call(r);
      expect(res.statusCode, label(r)).toBe(401);
      expect(res.json().code, label(r)).toBe('unauthorized');
    }
  });

  it("answer 403 to a passenger's session", async () => {
    for (const r of staffOnly()) {
      const res = await call(r, 'passenger');
      expect(res.statusCode, label(r)).toBe(403);
      expect(res.json().code, label(r)).toBe('forbidden');
    }
  });

  it('let each allowed role through and refuse the others with 403', async () => {
    for (const r of roleRoutes()) {
      for (const role of ROLES) {
        const res = await call(r, role);
        if (r.access.includes(role)) expect([401, 403], `${label(r)} as ${role}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${label(r)} as ${role}`).toBe(403);
      }
    }
  }, 180_000);
});

describe('routes for any signed-in user', () => {
  it('answer 401 with no session', async () => {
    expect(userRoutes().length).toBeGreaterThan(0);
    for (const r of userRoutes()) {
      const res = await call(r);
      expect(res.statusCode, label(r)).toBe(401);
    }
  });

  it('answer 401 to a cookie that is not a session', async () => {
    for (const r of userRoutes()) {
      const res = await t.app.inject({ method: r.method as InjectOptions['method'], url: r.url.replace(/:[A-Za-z_]+/g, 'dummy'), headers: { origin: ORIGIN, cookie: 'railmadad.session_token=forged.token' } });
      expect(res.statusCode, label(r)).toBe(401);
    }
  });

  it('let every role through', async () => {
    for (const r of userRoutes()) {
      for (const role of ROLES) expect([401, 403], `${label(r)} as ${role}`).not.toContain((await call(r, role)).statusCode);
    }
  }, 180_000);
});

describe('gateway routes (a third party posting with a shared secret)', () => {
  it('refuse a request without the secret, signed in or not', async () => {
    const gateway = routes().filter((r) => r.access === 'gateway');
    expect(gateway.length).toBeGreaterThan(0);
    for (const r of gateway) {
      expect((await call(r)).statusCode, label(r)).toBe(403);
      for (const role of ROLES) expect((await call(r, role)).statusCode, `${label(r)} as ${role}`).toBe(403);
    }
  });
});

describe('public routes', () => {
  it('answer without a session', async () => {
    for (const r of routes().filter((r) => r.access === 'public')) {
      expect([401, 403], label(r)).not.toContain((await call(r)).statusCode);
    }
  });
});

describe('GET /api/admin/outbox', () => {
  it('takes the role from the server on every request, so a promotion or demotion applies at once', async () => {
    const person = await createUser(t.app, 'passenger');
    const outbox = { url: '/api/admin/outbox', headers: { cookie: person.cookie } };
    const { db } = t.app.services.database;
    expect((await t.app.inject(outbox)).statusCode).toBe(403);
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, person.id));
    expect((await t.app.inject(outbox)).statusCode).toBe(200);
    await db.update(user).set({ role: 'passenger' }).where(eq(user.id, person.id));
    expect((await t.app.inject(outbox)).statusCode).toBe(403);
  });

  it('accepts a bearer token in place of the cookie', async () => {
    const admin = await createUser(t.app, 'admin');
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: admin.email, password: admin.password } });
    const token = signIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const res = await t.app.inject({ url: '/api/admin/outbox', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
  });

  it('answers 401 to a banned admin', async () => {
    const admin = await createUser(t.app, 'admin');
    await t.app.services.database.db.update(user).set({ banned: true }).where(eq(user.id, admin.id));
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } })).statusCode).toBe(401);
  });
});

describe('the web app', () => {
  it('answers a client route with its page to GET and to HEAD, and an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/login?next=%2Fcomplaints' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
  });
});
