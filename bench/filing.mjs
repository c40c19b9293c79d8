// Filing against the database's own speed, and filing while staff run heavy reports, on PostgreSQL.
//   node bench/filing.mjs [--complaints 500000] [--staff 20] [--duration 10] [--connections 10] [--auto-assign off] [--profile DIR]
// In one run, on a fresh database with the given number of seeded complaints:
//   1. round trips per filing: the server talks to PostgreSQL through a counting proxy while 50 filings go in one by one;
//      the proxy then records every statement one more filing sends, with its parameters;
//   2. filing rate (autocannon, POST /api/complaints without photo) next to the raw SQL rate of the same writes: those
//      recorded statements replayed (fresh ids for the new rows) from 10 `pg` connections; and, for comparison with
//      earlier runs, the rate of five bare inserts (complaint, event, notification, two outbox rows);
//   3. filing rate while 10 connections ask for the analytics breakdown of the last 365 days.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { countingProxy, plainSqlRate, replayer } from './pg-conversation.mjs';
import { ROOT, startServer } from './support.mjs';

/** A port nobody listens on (other servers may share this machine). */
const freePort = () => new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }); });

const { values } = parseArgs({
  options: {
    complaints: { type: 'string', default: '500000' },
    staff: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // `off` files with auto-assignment switched off, to see what the assignment costs.
    'auto-assign': { type: 'string', default: 'on' },
    // Writes a CPU profile of the server while it files alone (phase 2), then stops there.
    profile: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(join(tmpdir(), 'railmadad-filing-'));
const dbName = `rm_filing_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(PG_ADMIN);
dbUrl.pathname = `/${dbName}`;
const env = { DATA_DIR: dataDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', DATABASE_URL: dbUrl.toString() };
const run = (args) => execFileSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
const PASSWORD = 'bench-password-1';
run(['server/src/cli/admin.ts', 'create', 'admin@bench.test', '--password', PASSWORD, '--role', 'admin']);
run(['server/src/cli/admin.ts', 'create', 'passenger@bench.test', '--password', PASSWORD, '--role', 'passenger']);
run(['bench/seed.ts', values.complaints, 'passenger@bench.test', values.staff]);
const direct = new pg.Pool({ connectionString: dbUrl.toString(), max: connections });
// An idle connection that fails is reported rather than ending the run.
direct.on('error', (err) => console.error(`an idle connection of the bench's pool failed: ${err.message}`));
// The seeded staff handle every type, so each filing is auto-assigned (and its assignee told), as in production.
await direct.query(`insert into staff_profile (user_id, job_role, department, expertise, languages)
  select id, 'tte', 'Commercial', (select array_agg(distinct type) from complaint), array['en','hi'] from "user" where role = 'staff'
  on conflict do nothing`);
if (values['auto-assign'] === 'off') await direct.query(`insert into app_setting (key, value) values ('autoAssign', 'false'::jsonb)`);
// A long-lived table is vacuumed by autovacuum; the freshly seeded one is vacuumed once here.
await direct.query('vacuum analyze complaint');

const boundary = '----railmadadbench';
const today = new Date().toISOString().slice(0, 10);
const fields = { type: 'water', severity: 'medium', trainNumber: '12951', pnr: '2345678901', location: 'Coach B4, berth 21', incidentDate: today, description: 'No water in the toilets of coach B4 since Vadodara. Please refill at the next station.' };
const body = Buffer.concat([...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)), Buffer.from(`--${boundary}--\r\n`)]);

async function signIn(url, email) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email, password: PASSWORD }) });
  return res.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')).split(';')[0];
}
const fileOnce = (url, cookie, key) =>
  fetch(`${url}/api/complaints`, { method: 'POST', headers: { cookie, origin: url, 'content-type': `multipart/form-data; boundary=${boundary}`, ...(key ? { 'idempotency-key': key } : {}) }, body });

// 1. Round trips per filing.
const proxy = await countingProxy(dbUrl);
const viaProxy = new URL(dbUrl);
viaProxy.port = String(proxy.port);
let server = await startServer({ port: await freePort(), dataDir, env: { ...env, DATABASE_URL: viaProxy.toString() } });
let passenger = await signIn(server.url, 'passenger@bench.test');
for (let i = 0; i < 5; i++) await fileOnce(server.url, passenger); // warm up: prepared plans, the classifier
const trips = {};
for (const withKey of [false, true]) {
  const before = proxy.trips();
  for (let i = 0; i < 50; i++) {
    const res = await fileOnce(server.url, passenger, withKey ? randomUUID() : undefined);
    if (res.status !== 201) throw new Error(`filing answered ${res.status}: ${await res.text()}`);
  }
  trips[withKey ? 'withKey' : 'withoutKey'] = (proxy.trips() - before) / 50;
}
proxy.record();
const recorded = await fileOnce(server.url, passenger);
if (recorded.status !== 201) throw new Error(`filing answered ${recorded.status}`);
const conversation = proxy.recorded();
if (process.env.SHOW_STATEMENTS) for (const st of conversation) console.log(st.text.replace(/\s+/g, ' ').slice(0, 400), JSON.stringify(st.values).slice(0, 400));
if (conversation.filter((st) => /^\s*(begin|commit)\s*$/i.test(st.text)).length !== 2) throw new Error('a filing was expected to run one transaction');
await server.stop();
proxy.close();

// 2. Filing rate next to the raw rate of the same writes.
server = await startServer({ port: await freePort(), dataDir, env, nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [] });
passenger = await signIn(server.url, 'passenger@bench.test');
const staffCookie = await signIn(server.url, 'admin@bench.test');
const filing = () =>
  autocannon({ url: `${server.url}/api/complaints`, method: 'POST', headers: { cookie: passenger, origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}` }, body, connections, duration });
const [{ id: passengerId }] = (await direct.query(`select id from "user" where email = 'passenger@bench.test'`)).rows;
const rawRate = (transaction) => plainSqlRate(direct, { connections, seconds: duration }, transaction);
const failures = (r) => (r.errors ? `, ${r.errors} failed (${r.firstError})` : '');
/** The five inserts this bench compared filing with before it replayed the filing's own statements. */
const fiveInserts = async (c) => {
  const id = randomUUID();
  await c.query('begin');
  await c.query(
    `insert into complaint (id, passenger_id, type, severity, location, incident_date, description, mobile, language, due_at, train_number, pnr)
     values ($1, $2, 'water', 'medium', 'Coach B4, berth 21', current_date, 'No water in the toilets of coach B4 since Vadodara.', null, 'en', now() + interval '1 day', '12951', '2345678901')`,
    [id, passengerId],
  );
  await c.query(`insert into complaint_event (id, complaint_id, actor_id, kind, to_status) values ($1, $2, $3, 'created', 'open')`, [randomUUID(), id, passengerId]);
  await c.query(`insert into notification (id, user_id, kind, params, link) values ($1, $2, 'complaint_filed', '{}', '/')`, [randomUUID(), passengerId]);
  await c.query(`insert into outbox (id, channel, recipient, body, status) values ($1, 'sms', '+919800000000', 'x', 'stored')`, [randomUUID()]);
  await c.query(`insert into outbox (id, channel, recipient, subject, body, status) values ($1, 'email', 'p@bench.test', 's', 'x', 'stored')`, [randomUUID()]);
  await c.query('commit');
};
const filingAlone = await filing();
if (values.profile) {
  console.log(`filing alone: ${filingAlone['2xx'] / duration}/s; the server's profile is in ${values.profile}`);
  await server.stop();
  await direct.end();
  await dropDatabase();
  process.exit(0);
}
// 3. Filing while staff run a year's breakdown.
const from = new Date(Date.now() - 364 * 86400_000).toISOString().slice(0, 10);
const analytics = autocannon({ url: `${server.url}/api/analytics/breakdown?from=${from}&to=${today}`, headers: { cookie: staffCookie }, connections, duration: duration + 2, timeout: 10 });
await new Promise((r) => setTimeout(r, 1000));
const filingBusy = await filing();
const analyticsResult = await analytics;
// The raw rates last: a replay files thousands of complaints, every one assigned, which the filings of 3. would count.
// What the replay's connections wait on, sampled every 20 ms: a lock (whose?), the WAL's flush, or nothing (running).
const waits = new Map();
const watcher = new pg.Client({ connectionString: dbUrl.toString() });
await watcher.connect();
let watching = true;
const watch = (async () => {
  while (watching) {
    const { rows } = await watcher.query(`select coalesce(wait_event_type || '/' || wait_event, 'running') as w from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
const raw = await rawRate(replayer(conversation));
watching = false;
await watch;
await watcher.end();
const rawFive = await rawRate(fiveInserts);

const rate = (r) => r['2xx'] / duration;
console.log(`\nPostgreSQL, ${values.complaints} seeded complaints, ${values.staff} staff, ${connections} connections, ${duration} s\n`);
console.log(`round trips per filing (HTTP request to answer): ${trips.withoutKey} without an idempotency key, ${trips.withKey} with one`);
console.log(`filing alone:             ${rate(filingAlone).toFixed(1)}/s (p50 ${filingAlone.latency.p50} ms, p99 ${filingAlone.latency.p99} ms, non-2xx ${filingAlone.non2xx}, errors ${filingAlone.errors})`);
console.log(`raw SQL, the filing's own ${conversation.length} statements replayed: ${raw.rps.toFixed(1)} tx/s → filing at ${((100 * rate(filingAlone)) / raw.rps).toFixed(1)}% of raw${failures(raw)}`);
const sampled = [...waits.values()].reduce((a, b) => a + b, 0);
console.log(`  its connections meanwhile: ${[...waits].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w} ${((100 * n) / sampled).toFixed(0)}%`).join(', ')}`);
console.log(`raw SQL, five inserts:    ${rawFive.rps.toFixed(1)} tx/s → filing at ${((100 * rate(filingAlone)) / rawFive.rps).toFixed(1)}%${failures(rawFive)}`);
console.log(`filing during analytics:  ${rate(filingBusy).toFixed(1)}/s (p50 ${filingBusy.latency.p50} ms, p99 ${filingBusy.latency.p99} ms, non-2xx ${filingBusy.non2xx}, errors/timeouts ${filingBusy.errors}/${filingBusy.timeouts})`);
const codes = Object.entries(analyticsResult.statusCodeStats ?? {}).map(([c, s]) => `${c}×${s.count}`).join(' ');
console.log(`analytics meanwhile:      ${analyticsResult['2xx']} answered 2xx, codes ${codes || '-'}, timeouts ${analyticsResult.timeouts}`);

await server.stop();
await direct.end();
await dropDatabase();

async function dropDatabase() {
  rmSync(dataDir, { recursive: true, force: true });
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`drop database ${dbName} with (force)`);
  await c.end();
}
