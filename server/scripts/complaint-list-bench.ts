// How fast the staff complaint list answers on a large PostgreSQL table, for every filter and sort
// the dashboard offers: p50/p99 of GET /api/complaints for the first page and for a page deep in
// the list, then EXPLAIN ANALYZE of the queries behind the slowest case. A measurement, not a test.
//
// Usage (a database of its own: it is filled on the first run and kept for the next):
//   createdb -h 127.0.0.1 -U postgres listbench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/listbench npx tsx scripts/complaint-list-bench.ts [COUNT=1000000] [RUNS=20]
// DEEP=0 measures the first page only (for the old code, whose every page costs a full count).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLAINT_TYPES } from '@railmadad/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { ensureAccount } from '../src/auth/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const [countArg = '1000000', runsArg = '20'] = process.argv.slice(2);
const COUNT = Number(countArg);
const RUNS = Number(runsArg);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL database of its own');

// Every statement the app sends is kept while `capture` is on, to explain the slowest case's.
let capture: { text: string; values: unknown[] }[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
  if (capture) capture.push(typeof first === 'string' ? { text: first, values: Array.isArray(second) ? second : [] } : { text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
  return query.apply(this, args);
} as never;

const dataDir = mkdtempSync(join(tmpdir(), 'list-bench-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: dataDir, RATE_LIMIT: 'off', PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: 'x'.repeat(40) });
const database = await openDatabase({ dataDir, databaseUrl: url });
const { db } = database;
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const [{ n: have }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from complaint`);
if (have < COUNT) {
  const t0 = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role)
    select 'bench-staff-' || g, 'Staff ' || g, 'staff' || g || '@bench.test', true, 'staff' from generate_series(1, 200) g
    on conflict do nothing`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role) values ('bench-passenger', 'Bench passenger', 'passenger@bench.test', true, 'passenger') on conflict do nothing`);
  // Loading is many times faster without the list's indexes: they are kept aside and built again after.
  const indexes = await rowsOf<{ name: string; def: string }>(
    sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'complaint' and indexname not in ('complaint_pkey', 'complaint_reference_unique')`,
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`));
  const types = sql.raw(`array[${COMPLAINT_TYPES.map((t) => `'${t}'`).join(',')}]`);
  for (let done = have; done < COUNT; done += 50_000) {
    const n = Math.min(50_000, COUNT - done);
    // A year of complaints, at microsecond times like real ones; most of them long closed.
    await db.execute(sql`
      insert into complaint (id, passenger_id, type, severity, status, emergency, train_number, pnr, station, location, incident_date, description, mobile, due_at, created_at, updated_at, assignee_id)
      select 'bench-' || k, 'bench-passenger',
        (${types})[1 + (k * 31) % 16],
        case when k % 10 < 2 then 'high' when k % 10 < 7 then 'medium' else 'low' end,
        case when k % 100 < 5 then 'open' when k % 100 < 7 then 'in_progress' when k % 100 < 8 then 'reopened' when k % 100 < 20 then 'resolved' else 'closed' end,
        k % 500 = 0,
        lpad(((k * 7919) % 90000 + 10000)::text, 5, '0'),
        lpad((k::bigint * 7 % 9000000000 + 1000000000)::text, 10, '0'),
        (array['NDLS','BCT','HWH','MAS','SBC','BPL','ET','PUNE','LKO','PNBE'])[1 + k % 10],
        'Coach B' || (k % 12) || ', berth ' || (k % 72),
        current_date - (k % 300)::int,
        (array['No water in the toilet since Itarsi','AC not cooling in coach B2','The coach is dirty','TTE asked for money','Train running late by hours','Food was stale',
               'शौचालय में पानी नहीं है','एसी काम नहीं कर रहा','கழிப்பறையில் தண்ணீர் இல்லை','بیت الخلا میں پانی نہیں ہے'])[1 + (k * 13) % 10] || ' (' || k || ')',
        '+9198' || lpad((k % 100000000)::text, 8, '0'),
        created + case when k % 10 < 2 then interval '4 hours' when k % 10 < 7 then interval '24 hours' else interval '72 hours' end,
        created,
        created + (k % 72) * interval '1 hour',
        case when k % 10 = 0 then null else 'bench-staff-' || (1 + k % 200) end
      from (select ${done}::bigint + g as k, now() - ((${done}::bigint + g) * 7919 * 1000003 % 31536000000000) * interval '1 microsecond' as created from generate_series(1, ${n}) g) s`);
    process.stdout.write(`\rseeded ${done + n}`);
  }
  console.log('\nbuilding indexes');
  await db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const { def } of indexes) await db.execute(sql.raw(def));
  // What autovacuum would have done by the time a real table is this big: statistics, and the
  // visibility map that lets a count read only the index.
  await db.execute(sql`vacuum analyze complaint`);
  console.log(` in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const app = await buildApp({ config, database, logger: false });
await app.ready();
const email = `bench-lead-${Date.now()}@bench.test`;
await ensureAccount(app.services.auth, db, { email, password: 'correct-horse-42', role: 'staff', name: 'Bench lead' });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: config.publicUrl }, payload: { email, password: 'correct-horse-42' } });
const cookie = String(signIn.headers['set-cookie']).match(/railmadad\.session_token=[^;]+/)?.[0] ?? '';
// "me": the staff member with the most open work in the seed.
await db.execute(sql`update complaint set assignee_id = (select id from "user" where email = ${email}) where assignee_id = 'bench-staff-7' or assignee_id in (select id from "user" where email like 'bench-lead-%')`);

const filters: [string, Record<string, string>][] = [
  ['all', {}],
  ['status=open', { status: 'open' }],
  ['severity=high', { severity: 'high' }],
  ['type=medical', { type: 'medical' }],
  ['assignee=me', { assignee: 'me' }],
  ['assignee=none', { assignee: 'none' }],
  ['overdue', { overdue: 'true' }],
  ['open+high', { status: 'open', severity: 'high' }],
  ['q=water', { q: 'water' }],
  ['q=पानी', { q: 'पानी' }],
];
const sorts = ['newest', 'oldest', 'due', 'severity', 'updated'];
const get = (q: Record<string, string>) => app.inject({ url: '/api/complaints', query: q, headers: { cookie } });
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function time(q: Record<string, string>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await get(q);
    ms.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(q)}: ${res.statusCode} ${res.body}`);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

console.log(`${COUNT} complaints, ${RUNS} runs each; ms`);
console.log(['filter', 'sort', 'page 1 p50', 'p99', 'page 10 p50', 'p99', 'total'].join('\t'));
let slowest = { p99: 0, q: {} as Record<string, string> };
for (const [name, f] of filters) {
  for (const sort of sorts) {
    const q = { ...f, sort };
    const first = await time(q);
    // Page 10: by the cursor where the list has one, by number where it has not.
    let deep: Record<string, string> = { ...q, page: '10' };
    let body = (await get(q)).json() as { next?: string | null; total: number; exact?: boolean };
    const total = `${body.exact === false ? '~' : ''}${body.total}`;
    if (process.env.DEEP === '0') {
      console.log([name, sort, first.p50.toFixed(1), first.p99.toFixed(1), '-', '-', total].join('\t'));
      if (first.p99 > slowest.p99) slowest = { p99: first.p99, q };
      continue;
    }
    if (body.next !== undefined) {
      for (let i = 1; i < 10 && body.next; i++) {
        deep = { ...q, cursor: body.next };
        body = (await get(deep)).json();
      }
    }
    const tenth = await time(deep);
    console.log([name, sort, first.p50.toFixed(1), first.p99.toFixed(1), tenth.p50.toFixed(1), tenth.p99.toFixed(1), total].join('\t'));
    for (const [p99, which] of [
      [first.p99, q],
      [tenth.p99, deep],
    ] as const) {
      if (p99 > slowest.p99) slowest = { p99, q: which };
    }
  }
}

console.log(`\nslowest: ${JSON.stringify(slowest.q)} p99 ${slowest.p99.toFixed(1)} ms; its statements:`);
capture = [];
await get(slowest.q);
const statements = capture.filter((s) => /"complaint"/.test(s.text) && /^\s*select/i.test(s.text));
capture = null;
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const s of statements) {
  const plan = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
  console.log(`\n${s.text.slice(0, 300)}${s.text.length > 300 ? '…' : ''}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
await client.end();
await app.close();
await database.close();
