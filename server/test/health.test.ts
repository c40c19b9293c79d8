import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadiness, createRedisProbe } from '../src/modules/system/readiness';
import { createDiskStorage, type StorageProvider } from '../src/providers/storage';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('names the database it runs on', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/health/ready', '/api/metrics']));
  });
});

describe('GET /api/health/ready', () => {
  it('is 200 when the database and file storage answer, without a session, never cached', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', storage: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.runIf(process.env.TEST_REDIS_URL)('pings Redis when the node uses it', async () => {
    const withRedis = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL as string } });
    try {
      const res = await withRedis.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
    } finally {
      await withRedis.close();
    }
  });
});

describe('the readiness checks', () => {
  // The app will not start with an unreachable REDIS_URL (the socket adapter needs it), so these
  // build the same checks the route runs around a dependency that is down or hung.
  const dir = mkdtempSync(join(tmpdir(), 'railmadad-ready-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const log = { info: () => undefined, warn: () => undefined } as never;
  const disk = () => createDiskStorage(dir);

  it('names Redis with a short reason when nothing listens at REDIS_URL', async () => {
    // Port 1: nothing listens there, so the connection is refused at once.
    const redis = createRedisProbe('redis://:secret-password@127.0.0.1:1');
    const readiness = createReadiness({ db: t.database.db, storage: disk(), redis, log });
    try {
      const started = Date.now();
      const report = await readiness.report();
      expect(report).toEqual({ status: 'not_ready', checks: { database: 'ok', redis: 'failed', storage: 'ok' }, reasons: { redis: 'ECONNREFUSED' } });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(JSON.stringify(report)).not.toContain('secret-password');
    } finally {
      await readiness.close();
    }
  });

  it('gives up on a check that hangs after the timeout', async () => {
    const hung: StorageProvider & { check: () => Promise<void> } = { ...disk(), check: () => new Promise(() => undefined) };
    const readiness = createReadiness({ db: t.database.db, storage: hung, log, timeoutMs: 200 });
    const started = Date.now();
    expect(await readiness.report()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', redis: 'not configured', storage: 'failed' },
      reasons: { storage: 'no answer within 0.2 s' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("asks the storage provider to check itself, and reports only the error's code", async () => {
    const broken = {
      ...disk(),
      check: async () => {
        throw Object.assign(new Error(`EACCES: permission denied, open '${dir}/probe'`), { code: 'EACCES' });
      },
    };
    const report = await createReadiness({ db: t.database.db, storage: broken, log }).report();
    expect(report.checks?.storage).toBe('failed');
    expect(report.reasons).toEqual({ storage: 'EACCES' });
  });

  it('answers 503 once the server starts shutting down', async () => {
    // Last in this file: the app stays "shutting down" until it closes.
    t.app.services.readiness.shutDown();
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'shutting_down' });
  });
});
