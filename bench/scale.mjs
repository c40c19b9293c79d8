// The national-scale bench: every staff screen and filing against one year of complaints (3.2 M) in PostgreSQL.
//   node bench/scale.mjs [--duration 10] [--connections 10] [--url postgres://postgres@127.0.0.1:5432/rm_scale]
// Seeds the database first when it does not hold the year yet (bench/scale-seed.mjs, a few minutes), else only
// migrates it; then starts the real server on it (pool of 10), and runs autocannon per scenario next to a bare Fastify
// route in the same run. Also: the first (uncached) call of each screen alone, filing while the dashboards are under
// load, a filing's own statements (recorded through a proxy) replayed in plain SQL, the server's RSS, and
// EXPLAIN (ANALYZE, BUFFERS) of the screens' queries into /tmp/rm-scale-explain.txt. What it files is deleted at the
// end, so runs measure the same table.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { rebuildFigures, SCALE_ADMIN, SCALE_ENV, SCALE_PASSENGER, SCALE_PASSWORD, SCALE_URL, scaleSeed } from './scale-seed.mjs';
import { countingProxy, plainSqlRate, replayer } from './pg-conversation.mjs';
import { startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: SCALE_URL },
    complaints: { type: 'string', default: '3200000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    explain: { type: 'string', default: '/tmp/rm-scale-explain.txt' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const tRun = performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

const seed = await scaleSeed({ url: values.url, complaints: Number(values.complaints), reuse: true });
const db = new pg.Pool({ connectionString: values.url, max: CONNECTIONS });
const one = async (text, params) => (await db.query(text, params)).rows[0];
const { at: seededAt } = await one('select max(at) as at from scale_seed_done');
const { id: passengerId } = await one('select id from "user" where email = $1', [SCALE_PASSENGER]);

/**
 * What a run files (through the server or in plain SQL) goes again, so the next run sees the seeded year; the server's
 * figures are then recounted, as they counted those filings.
 */
async function removeFilings() {
  const { rowCount } = await db.query(`delete from complaint where passenger_id = $1 or id like 'raw-%'`, [passengerId]);
  if (rowCount > 0) rebuildFigures({ DATABASE_URL: values.url });
  await db.query(`delete from notification where created_at > $1`, [seededAt]);
  await db.query(`delete from outbox where id not like 'sco-%' and created_at > $1`, [seededAt]);
}
/**
 * Waits (at most two minutes) until the server has no query running: requests the bench stopped waiting for (a
 * filing queued behind another's lock, a slow chart) would otherwise run into the next scenario. Returns the seconds.
 */
async function drain() {
  const t0 = performance.now();
  while (performance.now() - t0 < 120_000) {
    const { n } = await one(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`);
    if (n === 0) break;
    await sleep(250);
  }
  return (performance.now() - t0) / 1000;
}
await removeFilings();
const { n: complaintCount } = await one('select count(*)::int as n from complaint');

const boundary = '----railmadadscale';
const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
const fields = { type: 'water', severity: 'medium', trainNumber: '12951', pnr: '2345678901', location: 'Coach B4, berth 21', incidentDate: today, description: 'No water in the toilets of coach B4 since Vadodara. Please refill at the next station.' };
const filingBody = Buffer.concat([...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)), Buffer.from(`--${boundary}--\r\n`)]);
const signIn = async (url, email) => {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email, password: SCALE_PASSWORD }) });
    if (res.ok) return res.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')).split(';')[0];
    if (attempt === 3) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
    await sleep(1000);
  }
};

// ---- One filing's conversation with PostgreSQL, recorded through a proxy by a server of its own (warmed up first) ----
const proxy = await countingProxy(new URL(values.url));
const viaProxy = new URL(values.url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const recorder = await startServer({ port: 3908, env: { ...SCALE_ENV, DATABASE_URL: viaProxy.toString() } });
const fileThrough = async (url, cookie) => {
  const res = await fetch(`${url}/api/complaints`, { method: 'POST', headers: { cookie, origin: url, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: filingBody });
  if (res.status !== 201) throw new Error(`filing answered ${res.status}: ${await res.text()}`);
};
const recorderCookie = await signIn(recorder.url, SCALE_PASSENGER);
for (let i = 0; i < 3; i++) await fileThrough(recorder.url, recorderCookie);
proxy.record();
await fileThrough(recorder.url, recorderCookie);
const conversation = proxy.recorded();
await recorder.stop();
proxy.close();

// ---- The server, and its memory ----
const server = await startServer({ port: 3906, env: { ...SCALE_ENV, DATABASE_URL: values.url } });
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const rss = { start: rssMb(), peak: 0 };
rss.peak = rss.start;
/** The peak since the last `phasePeak()`: each scenario's row says how much memory it took the server to. */
let phase = rss.start;
const phasePeak = () => {
  const peak = phase;
  phase = rssMb();
  return peak;
};
const sampler = setInterval(() => {
  try {
    const now = rssMb();
    rss.peak = Math.max(rss.peak, now);
    phase = Math.max(phase, now);
  } catch {}
}, 200);

// Whatever fails from here on, the server goes with this process.
process.on('exit', () => {
  try {
    process.kill(server.pid);
  } catch {}
});
const admin = await signIn(server.url, SCALE_ADMIN);
const passenger = await signIn(server.url, SCALE_PASSENGER);

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 3907, host: '127.0.0.1' });

// A complaint from the middle of the year, with its timeline.
const tracked = await one(`select reference, pnr from complaint where id = $1`, [`sc-${Math.floor(complaintCount / 2)}`]);
const filing = { method: 'POST', path: '/api/complaints', headers: { cookie: passenger, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: filingBody };

const staff = { cookie: admin };
const screens = [
  { name: 'dashboard list, page 1', path: '/api/complaints?page=1&pageSize=20', headers: staff },
  { name: 'dashboard list, open + high, by due', path: '/api/complaints?status=open&severity=high&sort=due&pageSize=20', headers: staff },
  { name: 'dashboard cards (stats)', path: '/api/complaints/stats', headers: staff },
  { name: 'analytics: per day, 30 days', path: '/api/analytics/daily', headers: staff },
  { name: 'analytics: breakdown, 30 days', path: '/api/analytics/breakdown', headers: staff },
];
const trackScenario = { name: 'tracking a complaint (reference + PNR)', path: `/api/track?reference=${tracked.reference}&pnr=${tracked.pnr}` };

// ---- First calls, one at a time: the cards first, before anything has filled their cache ----
const firstCalls = [];
for (const s of [screens[2], screens[0], screens[1], screens[3], screens[4], trackScenario]) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${s.path}`, { headers: s.headers });
  await res.arrayBuffer();
  firstCalls.push({ name: s.name, ms: Math.round(performance.now() - t0), status: res.status });
}
// Two filings, one after the other, nothing else running.
for (let i = 1; i <= 2; i++) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${filing.path}`, { method: 'POST', headers: filing.headers, body: filing.body });
  await res.arrayBuffer();
  firstCalls.push({ name: `file a complaint, no photo (#${i})`, ms: Math.round(performance.now() - t0), status: res.status });
}

// ---- The table: one scenario at a time ----
const cannon = (opts) =>
  autocannon({ connections: CONNECTIONS, duration: DURATION, timeout: 30, ...opts }).then((r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    errors: r.non2xx + r.errors, // autocannon counts timeouts among errors
  }));
const rows = [];
const scenarios = [
  { name: 'bare Fastify route (baseline)', url: 'http://127.0.0.1:3907/bare' },
  trackScenario,
  ...screens,
  { name: 'file a complaint, no photo', ...filing },
];
// Filings the server committed, counted in the database: a filing slower than the run still counts when it lands.
const filed = async () => (await one('select count(*)::int as n from complaint where passenger_id = $1', [passengerId])).n;
/** Committed filings a second, from the start of a run until the server has finished what it was sent. */
const committedRate = (before, after, t0) => (after - before) / ((performance.now() - t0) / 1000);
for (const s of scenarios) {
  const [n0, t0] = [await filed(), performance.now()];
  const r = await cannon({ url: s.url ?? `${server.url}${s.path}`, method: s.method ?? 'GET', headers: s.headers, body: s.body });
  const drained = await drain();
  if (s.method === 'POST') r.committed = committedRate(n0, await filed(), t0);
  rows.push({ name: s.name, ...r, drained, rssPeak: phasePeak() });
  console.error(`done: ${s.name} (${Math.round(r.rps)} req/s, load ${loadavg()[0].toFixed(1)}, drained in ${drained.toFixed(1)} s)`);
}
const filingAlone = rows.at(-1);

// ---- Filing while the dashboards are under load: 10 connections filing, 10 more cycling through the staff screens ----
const [n0, t0] = [await filed(), performance.now()];
const [filingMixed, dashboardsMixed] = await Promise.all([
  cannon({ url: `${server.url}${filing.path}`, method: 'POST', headers: filing.headers, body: filing.body }),
  cannon({ url: server.url, requests: screens.map((s) => ({ method: 'GET', path: s.path, headers: s.headers })) }),
]);
const mixedDrained = await drain();
filingMixed.rssPeak = phasePeak();
filingMixed.committed = committedRate(n0, await filed(), t0);
console.error(`done: filing with the dashboards under load (drained in ${mixedDrained.toFixed(1)} s)`);

// ---- Filing's writes as plain SQL: the filing's own statements replayed, and five bare inserts as earlier runs did ----
const rawRate = (transaction) => plainSqlRate(db, { connections: CONNECTIONS, seconds: DURATION }, transaction);
/** One complaint, its event, its notification and two outbox rows: what this bench compared filing with at first. */
async function fiveInserts(client, w, i) {
  const id = `raw-${w}-${i}-${Date.now()}`;
  await client.query('begin');
  const { rows: inserted } = await client.query(
    `insert into complaint (id, passenger_id, type, severity, location, incident_date, description, mobile, pnr, train_number, due_at)
     values ($1, $2, 'water', 'medium', 'Coach B4, berth 21', current_date, $3, '+919812345678', '2345678901', '12951', now() + interval '24 hours') returning *`,
    [id, passengerId, fields.description],
  );
  await client.query(`insert into complaint_event (id, complaint_id, actor_id, kind, to_status, created_at) values ($1, $2, $3, 'created', 'open', clock_timestamp())`, [`${id}-e`, id, passengerId]);
  await client.query(`insert into notification (id, user_id, kind, params, link) values ($1, $2, 'complaint_filed', $3, $4)`, [`${id}-n`, passengerId, { reference: inserted[0].reference }, `/complaints/${inserted[0].reference}`]);
  await client.query(`insert into outbox (id, channel, recipient, body, status) values ($1, 'sms', '+919812345678', $2, 'stored'), ($3, 'email', $4, $2, 'stored')`, [
    `${id}-s`,
    `Rail Madad: complaint ${inserted[0].reference} registered.`,
    `${id}-m`,
    SCALE_PASSENGER,
  ]);
  await client.query('commit');
}
// The replay files as the bench's passenger, so removeFilings() takes its complaints away with the server's.
const raw = await rawRate(replayer(conversation));
const rawFive = await rawRate(fiveInserts);
console.error('done: plain SQL filings');

clearInterval(sampler);
await bare.close();
await server.stop();

// ---- What the screens' queries do at this size (the SQL the server sends, written out) ----
const OPEN = `('open', 'in_progress', 'reopened')`;
const summary = `c.reference, c.type, c.status, c.severity, c.emergency, c.description, c.train_number, c.pnr, c.station, c.created_at, c.updated_at, c.due_at,
  (c.due_at < now() and c.status in ${OPEN}) as overdue, a.id, a.name,
  (select count(*)::int from complaint_photo p where p.complaint_id = c.id) as photo_count`;
const explained = [
  ['dashboard list, page 1: the rows', `select ${summary} from complaint c left join "user" a on a.id = c.assignee_id order by c.queue_rank, c.created_at desc, c.id desc limit 20 offset 0`],
  ['dashboard list, page 1: the total (past 30 000 rows the server takes the planner\'s estimate: no rows read)', `select reltuples::bigint from pg_class where relname = 'complaint'`],
  [
    'dashboard list, open + high by due: the rows',
    `select ${summary} from complaint c left join "user" a on a.id = c.assignee_id where c.status = 'open' and c.severity = 'high' order by c.queue_rank, c.due_at, c.id desc limit 20 offset 0`,
  ],
  ['dashboard list, open + high by due: the total (kept figures)', `select coalesce(sum(complaints), 0)::int from complaint_figures where status = 'open' and severity = 'high'`],
  ['cards: by status (kept totals)', `select status, complaints from complaint_totals`],
  [
    'cards: moves of the last 60 days (kept per day)',
    `select status, coalesce(sum(moves) filter (where day > current_date - 30), 0)::int, coalesce(sum(moves) filter (where day <= current_date - 30), 0)::int
     from complaint_moves where day > current_date - 60 group by status`,
  ],
  [
    'cards: overdue (kept per due hour, the current hour counted) and emergencies',
    `select ((select coalesce(sum(complaints), 0) from complaint_open_due where hour < (select date_trunc('hour', now(), 'UTC')))
       + (select count(*) from complaint where due_at >= (select date_trunc('hour', now(), 'UTC')) and due_at < now() and status in ${OPEN}))::int,
       (select count(*) from complaint where queue_rank = 0)::int`,
  ],
  [
    'analytics: per day, 30 days (kept figures)',
    `with f as (select day, status, sum(complaints) as complaints from complaint_figures where day between current_date - 29 and current_date group by 1, 2)
     select to_char(d.day, 'YYYY-MM-DD'), coalesce(sum(f.complaints), 0)::int, coalesce(sum(f.complaints) filter (where f.status = 'closed'), 0)::int
     from generate_series(current_date - 29, current_date, interval '1 day') as d(day) left join f on f.day = d.day::date group by d.day order by d.day`,
  ],
  [
    'analytics: breakdown, 30 days: by type and severity (kept figures)',
    `select f.type, f.severity, grouping(f.type) = 0, grouping(f.severity) = 0, sum(f.complaints)::int, sum(f.resolved)::int, sum(f.on_time)::int,
       round((sum(f.resolution_ms)::numeric / nullif(sum(f.resolved), 0) / 3600000), 1)::float8
     from complaint_figures f where f.day between current_date - 29 and current_date group by grouping sets ((f.type), (f.severity), ())`,
  ],
  [
    'analytics: breakdown, 30 days: by department (kept figures)',
    `select f.department, f.assigned, sum(f.resolved)::int, round((sum(f.resolution_ms)::numeric / nullif(sum(f.resolved), 0) / 3600000), 1)::float8
     from complaint_figures f where f.day between current_date - 29 and current_date and f.resolved <> 0 group by 1, 2 having sum(f.resolved) > 0 order by 4 desc, 1`,
  ],
  [
    'analytics: breakdown, 30 days: ratings',
    `select f.rating, count(*)::int from feedback f
     where f.created_at >= ((current_date - 29)::timestamp at time zone 'Asia/Kolkata') and f.created_at < ((current_date + 1)::timestamp at time zone 'Asia/Kolkata') and f.rating is not null
     group by f.rating`,
  ],
  [
    'filing: auto-assignment, the least loaded staff member for a type',
    `select u.id, u.name, railmadad_open_load_locked(sp.user_id) as load
     from staff_profile sp join "user" u on u.id = sp.user_id
     where sp.status = 'active' and u.role = 'staff' and coalesce(u.banned, false) = false and 'water' = any(sp.expertise)
     order by load, case when 'en' = any(sp.languages) then 0 else 1 end, u.id limit 1`,
  ],
];
let explainText = `EXPLAIN (ANALYZE, BUFFERS) on ${values.url}, ${complaintCount} complaints, ${new Date().toISOString()}\n`;
const explainMs = [];
for (const [name, text] of explained) {
  const { rows: plan } = await db.query(`explain (analyze, buffers) ${text}`);
  const lines = plan.map((r) => r['QUERY PLAN']);
  const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
  explainMs.push({ name, ms });
  explainText += `\n==== ${name} (${ms} ms)\n${text}\n\n${lines.join('\n')}\n`;
}
writeFileSync(values.explain, explainText);

await removeFilings();
await db.end();

// ---- The report ----
// Rates under 10 a second keep a decimal: a filing rate of 0.1/s is not 0.
const fmt = (x) => (!Number.isFinite(x) ? '–' : x < 10 && x !== Math.round(x) ? x.toFixed(1) : Math.round(x).toLocaleString('en-US').replaceAll(',', ' '));
const out = [];
out.push(`\nPostgreSQL, ${fmt(complaintCount)} complaints, ${CONNECTIONS} connections, ${DURATION} s each, pool of 10, load average at the end ${loadavg()[0].toFixed(1)}\n`);
out.push('| scenario | req/s | p50 ms | p99 ms | 2xx | errors | server still busy after (s) | server RSS peak MB |', '|---|---|---|---|---|---|---|---|');
for (const r of rows) out.push(`| ${r.name} | ${fmt(r.ok / DURATION)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.errors} | ${r.drained.toFixed(1)} | ${fmt(r.rssPeak)} |`);
out.push('', '| first call, alone (nothing cached) | ms | status |', '|---|---|---|');
for (const f of firstCalls) out.push(`| ${f.name} | ${fmt(f.ms)} | ${f.status} |`);
out.push('', '| filing | req/s | p50 ms | p99 ms | 2xx | errors | committed/s until the server was idle |', '|---|---|---|---|---|---|---|');
out.push(`| alone (the table's row) | ${fmt(filingAlone.ok / DURATION)} | ${filingAlone.p50} | ${filingAlone.p99} | ${filingAlone.ok} | ${filingAlone.errors} | ${filingAlone.committed.toFixed(2)} |`);
out.push(`| with ${CONNECTIONS} more connections on list/cards/analytics | ${fmt(filingMixed.ok / DURATION)} | ${filingMixed.p50} | ${filingMixed.p99} | ${filingMixed.ok} | ${filingMixed.errors} | ${filingMixed.committed.toFixed(2)} |`);
out.push(`| (those dashboard connections meanwhile) | ${fmt(dashboardsMixed.ok / DURATION)} | ${dashboardsMixed.p50} | ${dashboardsMixed.p99} | ${dashboardsMixed.ok} | ${dashboardsMixed.errors} | |`);
out.push(`| the filing's own ${conversation.length} statements replayed in plain SQL through pg | ${fmt(raw.rps)} | ${raw.p50} | ${raw.p99} | ${raw.ok} | ${raw.errors} | ${fmt(raw.rps)} |`);
out.push(`| five bare inserts in plain SQL (the comparison of earlier runs) | ${fmt(rawFive.rps)} | ${rawFive.p50} | ${rawFive.p99} | ${rawFive.ok} | ${rawFive.errors} | ${fmt(rawFive.rps)} |`);
out.push(`(the server was busy ${mixedDrained.toFixed(1)} s more after that run; its RSS peak meanwhile ${fmt(filingMixed.rssPeak)} MB)`);
out.push('', `committed filings a second, with the dashboards under load / alone: ${(filingMixed.committed / filingAlone.committed).toFixed(2)}; alone / its statements replayed: ${(filingAlone.committed / raw.rps).toFixed(2)}; alone / five bare inserts: ${(filingAlone.committed / rawFive.rps).toFixed(3)}`);
out.push(`server: started in ${(server.ms / 1000).toFixed(1)} s; RSS after start ${fmt(rss.start)} MB, peak ${fmt(rss.peak)} MB`);
out.push('', `EXPLAIN (ANALYZE, BUFFERS) in ${values.explain}:`);
for (const e of explainMs) out.push(`  ${e.name}: ${e.ms} ms`);
out.push('', `seed: ${seed.reused ? 'reused' : 'seeded'} in ${seed.seconds.toFixed(0)} s; whole run ${secs(tRun)} s`);
console.log(out.join('\n'));
writeFileSync('/tmp/rm-scale-results.json', JSON.stringify({ at: new Date().toISOString(), complaintCount, rows, firstCalls, filingAlone, filingMixed, dashboardsMixed, raw, rawFive, rss, explainMs, seed }, null, 2));
