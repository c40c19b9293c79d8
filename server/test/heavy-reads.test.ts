import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complaintFields, fileComplaint } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

// Staff screens' heavy reads run within a budget of their own (server/src/db/heavy-reads.ts): a slow report answers
// 503 when its time is up, cannot hold filing up, and stops in the database when its client goes away.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TIMEOUT_MS = 5_000;

let t: TestApp;
const logged: { level: number; msg: string; req?: { url: string } }[] = [];
let admin: Awaited<ReturnType<typeof createUser>>;
let passenger: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ heavyReads: { connections: 2, timeoutMs: TIMEOUT_MS }, log: { write: (line) => logged.push(JSON.parse(line)) } });
  [admin, passenger] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app, 'passenger')]);
});
afterEach(() => t.database.heavyReads.slowForTests(0));
afterAll(() => t.close());

const breakdown = () => t.app.inject({ method: 'GET', url: '/api/analytics/breakdown', headers: { cookie: admin.cookie } });

describe('a staff report over its time', () => {
  it('answers 503 with a clear message, and the next one is served', async () => {
    t.database.heavyReads.slowForTests(onPostgres ? 10 : 6);
    const res = await breakdown();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'report_too_slow', message: expect.stringMatching(/taking too long/) });
    t.database.heavyReads.slowForTests(0);
    // PGlite cannot stop the statement: the next report waits for it (within its own time), PostgreSQL's answers now.
    await expect.poll(async () => (await breakdown()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await fileComplaint(t.app, passenger.cookie, complaintFields())).statusCode).toBe(201);
  });
});

describe('filing while the heavy-read budget is taken', () => {
  it('files at once, before any of the slow reports is answered', async () => {
    // PostgreSQL: every report sleeps past its timeout on the heavy-read connections. PGlite: each statement of a
    // report (the breakdown runs three) sleeps a little, and a filing waits behind one of them at most.
    t.database.heavyReads.slowForTests(onPostgres ? 10 : 0.5);
    let reportsAnswered = 0;
    const reports = Array.from({ length: 5 }, () =>
      breakdown().then((r) => {
        reportsAnswered++;
        return r;
      }),
    );
    const first = await fileComplaint(t.app, passenger.cookie, complaintFields());
    expect(first.statusCode).toBe(201);
    // On PostgreSQL no report can answer within its 5 s, and filing does not wait for them. PGlite serves one
    // statement at a time, so there a filing's every statement may wait for one slow statement: it files, later.
    if (onPostgres) expect(reportsAnswered).toBe(0);
    for (let i = 0; i < 2; i++) expect((await fileComplaint(t.app, passenger.cookie, complaintFields())).statusCode).toBe(201);
    // The reports themselves wait their turn; those that ran out of time say so.
    for (const r of await Promise.all(reports)) expect([200, 503]).toContain(r.statusCode);
  });

  it('lets a passenger list their own complaints outside the budget', async () => {
    t.database.heavyReads.slowForTests(onPostgres ? 10 : 0.5);
    const reports = [breakdown(), breakdown(), breakdown()];
    const own = await t.app.inject({ method: 'GET', url: '/api/complaints', headers: { cookie: passenger.cookie } });
    expect(own.statusCode).toBe(200);
    await Promise.all(reports);
  });
});

describe.runIf(onPostgres)('a report whose client went away', () => {
  it('has its statement cancelled in PostgreSQL', async () => {
    const url = (t.database as { url?: string }).url as string;
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const sleeping = async () =>
      Number(
        (await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like 'select pg_sleep%'`)).rows[0].n,
      );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    t.database.heavyReads.slowForTests(30);
    const request = http.get({ host: '127.0.0.1', port, path: '/api/analytics/breakdown', headers: { cookie: admin.cookie } });
    request.on('error', () => undefined);
    try {
      await expect.poll(sleeping, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
      request.destroy();
      await expect.poll(sleeping, { timeout: 10_000, interval: 100 }).toBe(0);
    } finally {
      await watcher.end();
    }
  });
});

// PostgreSQL only: on PGlite the session check of the third request waits behind the slow statements themselves (one
// connection), so it never gets as far as waiting for a slot.
describe.runIf(onPostgres)('a report whose client went away while it waited for its turn', () => {
  it('is logged as the client leaving, not as a server error', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The budget's two connections are taken by slow reports.
    t.database.heavyReads.slowForTests(10);
    const arrivals = () => logged.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/analytics/breakdown').length;
    const before = arrivals();
    const busy = [breakdown(), breakdown()];
    const request = http.get({ host: '127.0.0.1', port, path: '/api/analytics/breakdown', headers: { cookie: admin.cookie } });
    request.on('error', () => undefined);
    await expect.poll(arrivals, { timeout: 10_000, interval: 50 }).toBe(before + 3);
    request.destroy();
    await expect.poll(() => logged.some((l) => l.msg === 'the client went away before its answer'), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    t.database.heavyReads.slowForTests(0);
    await Promise.all(busy);
  });
});
