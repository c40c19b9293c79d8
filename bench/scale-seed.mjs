// Seeds one national year into PostgreSQL: 3.2 M complaints (Indian Railways' yearly volume, ~8 800 a day) with
// their timelines, ratings and filing SMS, 200 000 passengers and 500 staff with staff profiles.
//   node bench/scale-seed.mjs [--url postgres://postgres@127.0.0.1:5432/rm_scale] [--complaints 3200000] [--reuse]
// --reuse keeps a database that already holds the complaints (and only migrates it and refreshes the per-day
// figures); without it the database is dropped and seeded afresh.
//
// How it stays in minutes: the schema comes from the server's own migrations (its admin command, which also makes
// the two accounts the bench signs in with); then the secondary indexes, unique and foreign keys of the four big tables
// are dropped, each batch of ~200 000 complaints is one `insert … select` from generate_series that writes the
// complaints, their events, ratings and outbox rows together, and the indexes and keys are built again at the end
// (one sort each instead of millions of index updates). Every value comes from a hash of the complaint's number, so
// two seeds of the same size on the same day are the same data.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { classifierSeed, ROOT } from './support.mjs';

export const SCALE_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rm_scale';
export const SCALE_PASSWORD = 'scale-password-1';
export const SCALE_ADMIN = 'admin@scale.test';
export const SCALE_PASSENGER = 'passenger@scale.test';
export const SCALE_CLASSIFIER_FILE = '/tmp/rm-scale-classifier.rmc';
export const SCALE_ENV = { RATE_LIMIT: 'off', LOG_LEVEL: 'warn', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', CLASSIFIER_SEED_FILE: SCALE_CLASSIFIER_FILE, REDIS_URL: '' };

const ZONE = 'Asia/Kolkata';
const PASSENGERS = 200_000;
const BATCH = 200_000;

// Share of complaints by type, in percent (Rail Madad's largest heads: cleanliness, water, electrical, upkeep).
const TYPE_SHARE = {
  'coach-cleanliness': 16,
  water: 11,
  electrical: 9,
  'coach-maintenance': 9,
  catering: 8,
  punctuality: 8,
  'staff-behaviour': 5,
  security: 5,
  ticketing: 5,
  refund: 5,
  amenities: 4,
  bedroll: 4,
  'passenger-behaviour': 4,
  miscellaneous: 4,
  medical: 2,
  corruption: 1,
};
// Departments, the job their staff do, the types they handle, and how many of the 500 work there (by their load).
const DEPARTMENTS = [
  { name: 'Housekeeping', job: 'housekeeping', types: ['coach-cleanliness', 'water'], staff: 135 },
  { name: 'Mechanical', job: 'coach_attendant', types: ['coach-maintenance', 'amenities', 'bedroll'], staff: 85 },
  { name: 'Electrical', job: 'electrician', types: ['electrical'], staff: 45 },
  { name: 'Commercial', job: 'catering_supervisor', types: ['catering', 'punctuality', 'ticketing', 'refund', 'miscellaneous'], staff: 150 },
  { name: 'Security', job: 'rpf', types: ['security', 'passenger-behaviour', 'staff-behaviour', 'corruption'], staff: 75 },
  { name: 'Medical', job: 'helpdesk_agent', types: ['medical'], staff: 10 },
];
const STATIONS = ['NDLS', 'CSMT', 'HWH', 'MAS', 'SBC', 'SC', 'ADI', 'PNBE', 'LKO', 'BPL', 'JP', 'GHY'];
const DESCRIPTIONS = {
  'coach-cleanliness': 'The coach is dirty and the toilets have not been cleaned since boarding',
  water: 'No water in the toilets of the coach since the last station',
  electrical: 'AC not cooling and two charging points are not working',
  'coach-maintenance': 'The window shutter is broken and the berth ladder is loose',
  catering: 'Food served was stale and overpriced, no bill given',
  punctuality: 'Train running late by hours with no announcement',
  'staff-behaviour': 'Coach attendant was rude when asked for help',
  security: 'Unauthorised persons in the reserved coach at night',
  ticketing: 'Ticket booked but berth not allotted in the chart',
  refund: 'Refund for the cancelled ticket not received yet',
  amenities: 'Waiting room fans not working and no drinking water',
  bedroll: 'Bedroll not provided, the blanket is torn',
  'passenger-behaviour': 'Co-passengers playing loud music late at night',
  miscellaneous: 'Lost a bag in the coach, please help trace it',
  medical: 'A passenger needs a doctor, fever and vomiting',
  corruption: 'TTE asked for money to allot a berth',
};

const TYPES = Object.keys(TYPE_SHARE);
const typeDist = TYPES.flatMap((t, i) => Array(TYPE_SHARE[t]).fill(i + 1));
let next = 0;
const deptOf = new Map();
for (const d of DEPARTMENTS) {
  d.first = next;
  next += d.staff;
  for (const t of d.types) deptOf.set(t, d);
}
const STAFF = next;
const typeStaffFirst = TYPES.map((t) => deptOf.get(t).first);
const typeStaffCount = TYPES.map((t) => deptOf.get(t).staff);

const lit = (s) => `'${String(s).replaceAll("'", "''")}'`;
const textArray = (xs) => `array[${xs.map(lit).join(',')}]::text[]`;
const intArray = (xs) => `array[${xs.join(',')}]::int[]`;

/** Filings per day for the year that ends today: a weekly shape, a summer peak, the festival rush, a little noise. */
export function yearPlan(total, now = new Date()) {
  const days = [];
  const todayIst = new Date(now.getTime() + 5.5 * 3600_000);
  const elapsed = (todayIst.getUTCHours() * 3600 + todayIst.getUTCMinutes() * 60 + todayIst.getUTCSeconds()) / 86400;
  const week = [1.12, 1.04, 0.97, 0.95, 0.96, 1.02, 1.1]; // Sunday first: weekend travel files more
  for (let age = 364; age >= 0; age--) {
    const d = new Date(Date.UTC(todayIst.getUTCFullYear(), todayIst.getUTCMonth(), todayIst.getUTCDate() - age));
    const doy = (d - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400_000;
    const summer = 0.2 * Math.cos((2 * Math.PI * (doy - 140)) / 365);
    const festivals = 0.15 * Math.exp(-(((doy - 305) / 12) ** 2));
    const noise = 0.05 * Math.sin(age * 12.9898) * Math.cos(age * 4.1414);
    days.push({ day: d.toISOString().slice(0, 10), age, weight: week[d.getUTCDay()] * (1 + summer + festivals + noise) * (age === 0 ? elapsed : 1) });
  }
  const sum = days.reduce((s, d) => s + d.weight, 0);
  let start = 1;
  for (const d of days) {
    d.n = Math.round((d.weight / sum) * total);
    d.start = start;
    start += d.n;
  }
  days.at(-1).n += total - (start - 1);
  return { days, elapsedSeconds: Math.max(60, Math.floor(elapsed * 86400) - 60) };
}

/** One batch: the complaints of some days, with their events, ratings and filing SMS, in one statement. */
export function batchSql() {
  const u = (k) => `((hashint8(g * 64 + ${k}) & 2147483647)::float8 / 2147483648.0)`;
  const h = (k) => `(hashint8(g * 64 + ${k}) & 2147483647)`;
  return `
with base as materialized (
  select g, d.day, d.age,
    (${intArray(typeDist)})[1 + floor(${u(1)} * 100)::int] as ti,
    ${u(2)} < 0.001 as emergency, ${u(3)} as u_sev, ${u(4)} as u_tod, ${u(5)} as u_tod2, ${u(6)} as u_open, ${u(7)} as u_path,
    ${u(8)} as u_late, ${u(9)} as u_res, ${u(10)} as u_close, ${u(11)} as u_assign, ${u(12)} as u_rate, ${u(13)} as u_lang,
    ${u(16)} as u_quick, ${u(17)} as u_reopen,
    ${h(14)} as h_staff, ${h(15)} as h_pax
  from unnest($1::date[], $2::int[], $3::bigint[], $4::int[]) as d(day, n, start, age)
  cross join lateral generate_series(d.start, d.start + d.n - 1) as g
),
typed as (
  select b.*, (${textArray(TYPES)})[ti] as type,
    case when emergency then 'high'
      when ti in (${[TYPES.indexOf('medical') + 1, TYPES.indexOf('security') + 1]}) and u_sev < 0.5 then 'high'
      when u_sev < 0.18 then 'high' when u_sev < 0.63 then 'medium' else 'low' end as severity,
    (day::timestamp at time zone '${ZONE}') + make_interval(secs => case
      when age = 0 then u_tod2 * $5
      when u_tod < 0.88 then 18000 + u_tod2 * 68400
      else u_tod2 * 86400 end) as created_at,
    -- Still open work: most of today's, a quarter of the week's, a backlog of older ones.
    u_open < case when age < 1 then 0.6 when age < 7 then 0.25 when age < 30 then 0.08 else 0.02 end as still_open
  from base b
),
pathed as materialized (
  select t.*,
    case when still_open then (case when u_path < 0.45 then 'open' when u_path < 0.9 then 'in_progress' else 'reopened' end)
      when u_path < 0.03 then 'dismissed'
      when (age < 7 and u_path < 0.5) or u_path < 0.1 then 'resolved'
      else 'closed' end as path,
    (case severity when 'high' then 4 when 'medium' then 24 else 72 end) as due_hours,
    extract(epoch from now() - created_at) as age_s
  from typed t
),
timed as (
  select p.*,
    -- 85% resolved within their due time, the rest late by up to three times it.
    least((case when u_late < 0.85 then due_hours * (0.05 + 0.9 * u_res) else due_hours * (1.05 + 3 * u_res) end) * 3600, age_s * 0.9) as res_s,
    u_quick < 0.3 as quick
  from pathed p
),
src as materialized (
  select x.*,
    case when path in ('resolved', 'closed', 'reopened') then created_at + make_interval(secs => res_s) end as resolved_at,
    case when path = 'in_progress' or (path in ('resolved', 'closed', 'reopened') and not quick)
      then created_at + make_interval(secs => least(res_s * 0.25, age_s * 0.3)) end as progress_at,
    case when path = 'closed' then created_at + make_interval(secs => res_s + least(u_close * 72 * 3600, (age_s - res_s) * 0.9))
      when path = 'dismissed' then created_at + make_interval(secs => least(u_close * 24 * 3600, age_s * 0.9)) end as closed_at,
    case when path = 'reopened' then created_at + make_interval(secs => res_s + (age_s - res_s) * (0.2 + 0.6 * u_reopen)) end as reopened_at,
    case when path = 'dismissed' then (case when u_close < 0.6 then 'duplicate' else 'invalid' end)
      when path = 'closed' then (case when u_rate < 0.35 then 'feedback' when u_rate < 0.45 then 'no_response' else 'resolved' end) end as close_reason,
    case when path = 'closed' and u_rate < 0.35 then (case when u_rate < 0.16 then 5 when u_rate < 0.25 then 4 when u_rate < 0.29 then 3 when u_rate < 0.315 then 2 else 1 end) end as rating,
    case when (case when path = 'open' then u_assign < 0.7 else u_assign < 0.96 end)
      then 'scs-' || ((${intArray(typeStaffFirst)})[ti] + h_staff % (${intArray(typeStaffCount)})[ti]) end as assignee_id,
    'scp-' || (1 + h_pax % ${PASSENGERS}) as passenger_id,
    'CMP' || (1000000 + g) as reference,
    '+9198' || lpad((h_pax % 100000000)::text, 8, '0') as mobile
  from timed x
),
c as (
  insert into complaint (id, reference, passenger_id, type, severity, status, emergency, train_number, pnr, station, location, incident_date,
    description, mobile, language, assignee_id, due_at, first_response_due_at, resolved_at, closed_at, close_reason, created_at, updated_at)
  select 'sc-' || g, reference, passenger_id, type, severity,
    case path when 'dismissed' then 'closed' else path end, emergency,
    lpad(((g * 7919) % 90000 + 10000)::text, 5, '0'),
    lpad((1000000000 + (g * 7907) % 8999999999)::text, 10, '0'),
    case when u_lang > 0.8 then (${textArray(STATIONS)})[1 + (g % ${STATIONS.length})] end,
    'Coach B' || (1 + g % 12) || ', berth ' || (1 + g % 72),
    ((created_at at time zone '${ZONE}') - case when u_tod < 0.2 then interval '1 day' else interval '0' end)::date,
    (array[${TYPES.map((t) => lit(DESCRIPTIONS[t])).join(',')}])[ti] || ' (train ' || lpad(((g * 7919) % 90000 + 10000)::text, 5, '0') || ')',
    mobile,
    case when u_lang < 0.55 then 'en' when u_lang < 0.85 then 'hi' else (array['bn','ta','te','mr','gu','kn','ml','pa'])[1 + (g % 8)] end,
    assignee_id,
    coalesce(reopened_at, created_at) + make_interval(hours => due_hours),
    case when emergency then created_at + interval '8 minutes' end,
    resolved_at, closed_at, close_reason, created_at,
    coalesce(closed_at, reopened_at, resolved_at, progress_at, created_at)
  from src
  returning 1
),
e as (
  insert into complaint_event (id, complaint_id, actor_id, kind, from_status, to_status, created_at)
  select 'sce-' || g || '-' || v.k, 'sc-' || g, v.actor, v.kind, v.from_status, v.to_status, v.at
  from src cross join lateral (values
    (1, 'created', null, 'open', created_at, passenger_id, true),
    (2, 'status', 'open', 'in_progress', progress_at, assignee_id, progress_at is not null),
    (3, 'status', case when progress_at is null then 'open' else 'in_progress' end, 'resolved', resolved_at, assignee_id, resolved_at is not null),
    (4, 'status', 'resolved', 'closed', closed_at, case when close_reason = 'feedback' then passenger_id else assignee_id end, path = 'closed'),
    (5, 'status', 'open', 'closed', closed_at, null, path = 'dismissed'),
    (6, 'status', 'resolved', 'reopened', reopened_at, passenger_id, path = 'reopened')
  ) as v(k, kind, from_status, to_status, at, actor, present)
  where v.present
  returning 1
),
f as (
  insert into feedback (id, complaint_id, subject, user_id, rating, credited_to, message, created_at)
  select 'scf-' || g, 'sc-' || g, reference, passenger_id, rating, assignee_id, '', closed_at
  from src where rating is not null
  returning 1
),
o as (
  insert into outbox (id, channel, recipient, body, status, attempts, sent_at, created_at)
  select 'sco-' || g, 'sms', mobile, 'Rail Madad: complaint ' || reference || ' registered. Track it at railmadad.example/track', 'sent', 1, created_at, created_at
  from src
  returning 1
)
select (select count(*) from c)::int as complaints, (select count(*) from e)::int as events, (select count(*) from f)::int as ratings, (select count(*) from o)::int as outbox`;
}

const BIG_TABLES = ['complaint', 'complaint_event', 'feedback', 'outbox'];

/** Saves and drops the unique and foreign keys and the secondary indexes of the big tables; returns what rebuilds them. */
async function dropSecondary(c) {
  const { rows: cons } = await c.query(
    `select conname, conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = any($1::regclass[]) and contype in ('f', 'u') order by contype`,
    [BIG_TABLES],
  );
  const { rows: idx } = await c.query(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index i
     where indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)`,
    [BIG_TABLES],
  );
  for (const k of cons) await c.query(`alter table ${k.tbl} drop constraint "${k.conname}"`);
  for (const i of idx) await c.query(`drop index ${i.name}`);
  // Unique keys first (a foreign key may point at one), then indexes, then foreign keys.
  return [
    ...cons.filter((k) => k.def.startsWith('UNIQUE')).map((k) => `alter table ${k.tbl} add constraint "${k.conname}" ${k.def}`),
    ...idx.map((i) => i.def),
    ...cons.filter((k) => !k.def.startsWith('UNIQUE')).map((k) => `alter table ${k.tbl} add constraint "${k.conname}" ${k.def}`),
  ];
}

/** The figures the server keeps for the cards and charts (docs/scale.md), recounted after rows were written behind its back. */
export function rebuildFigures(env) {
  const t0 = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', 'figures', 'rebuild'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`figures rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

export async function scaleSeed({ url = SCALE_URL, complaints = 3_200_000, reuse = false } = {}) {
  const t0 = performance.now();
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0;
  let seeded = 0;
  if (exists) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    seeded = await c
      .query(`select (select count(*) from complaint where id like 'sc-%')::int as n, (select count(*) from scale_seed_done)::int as done`)
      .then((r) => (r.rows[0].done ? r.rows[0].n : 0))
      .catch(() => 0);
    await c.end();
  }
  const env = { ...SCALE_ENV, DATABASE_URL: url };
  const run = (args) => execFileSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const accounts = () => {
    // The server's own start migrates the schema; these two accounts have real passwords to sign in with.
    run(['server/src/cli/admin.ts', 'create', SCALE_ADMIN, '--password', SCALE_PASSWORD, '--role', 'admin']);
    run(['server/src/cli/admin.ts', 'create', SCALE_PASSENGER, '--password', SCALE_PASSWORD, '--role', 'passenger', '--name', 'Bench Passenger']);
  };
  // A trained model for the server to start with, so no training competes with the measurements.
  classifierSeed(SCALE_CLASSIFIER_FILE);
  if (reuse && seeded >= complaints) {
    accounts();
    rebuildFigures(env);
    console.log(`reusing ${dbName}: it holds ${seeded} seeded complaints (${secs(t0)} s)`);
    await admin.end();
    return { reused: true, seconds: (performance.now() - t0) / 1000 };
  }
  if (exists) await admin.query(`drop database "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  accounts();
  const tMigrated = performance.now();

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`set synchronous_commit = off; set jit = off; set maintenance_work_mem = '1GB'; set work_mem = '256MB'; set max_parallel_maintenance_workers = 2`);
  const rebuild = await dropSecondary(c);

  let t = performance.now();
  await c.query(
    `insert into "user" (id, name, email, email_verified, role, phone, created_at, updated_at)
     select 'scp-' || g, 'Passenger ' || g, 'scp-' || g || '@scale.test', true, 'passenger', '+9198' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
       now() - make_interval(days => 400 - g % 400), now() - make_interval(days => 400 - g % 400)
     from generate_series(1, ${PASSENGERS}) g`,
  );
  await c.query(
    `insert into "user" (id, name, email, email_verified, role, phone) select 'scs-' || g, 'Staff ' || g, 'scs-' || g || '@scale.test', true, 'staff', '+9197' || lpad(g::text, 8, '0') from generate_series(0, ${STAFF - 1}) g`,
  );
  for (const d of DEPARTMENTS) {
    await c.query(
      `insert into staff_profile (user_id, job_role, department, station, expertise, languages, status)
       select 'scs-' || g, $1, $2, ($3::text[])[1 + g % ${STATIONS.length}], $4::text[], case when g % 3 = 0 then array['en','hi','bn'] else array['en','hi'] end,
         case when g % 40 = 7 then 'on_leave' else 'active' end
       from generate_series(${d.first}, ${d.first + d.staff - 1}) g`,
      [d.job, d.name, STATIONS, d.types],
    );
  }
  console.log(`accounts: ${PASSENGERS} passengers, ${STAFF} staff with profiles in ${DEPARTMENTS.length} departments (${secs(t)} s)`);

  const { days, elapsedSeconds } = yearPlan(complaints);
  const statement = batchSql();
  const totals = { complaints: 0, events: 0, ratings: 0, outbox: 0 };
  t = performance.now();
  for (let i = 0; i < days.length; ) {
    const batch = [];
    let n = 0;
    while (i < days.length && (n < BATCH || batch.length === 0) && n + days[i].n <= BATCH * 1.2) {
      batch.push(days[i]);
      n += days[i].n;
      i++;
    }
    const tb = performance.now();
    const { rows } = await c.query(statement, [batch.map((d) => d.day), batch.map((d) => d.n), batch.map((d) => d.start), batch.map((d) => d.age), elapsedSeconds]);
    for (const k of Object.keys(totals)) totals[k] += rows[0][k];
    console.log(`  ${batch[0].day} … ${batch.at(-1).day}: ${rows[0].complaints} complaints, ${rows[0].events} events (${secs(tb)} s; ${totals.complaints} so far)`);
  }
  console.log(`rows: ${totals.complaints} complaints, ${totals.events} events, ${totals.ratings} ratings, ${totals.outbox} outbox (${secs(t)} s)`);
  await c.query(`select setval('complaint_reference_seq', ${1000000 + complaints + 1})`);

  t = performance.now();
  for (const ddl of rebuild) {
    const ti = performance.now();
    await c.query(ddl);
    console.log(`  ${ddl.slice(0, 110)} (${secs(ti)} s)`);
  }
  console.log(`indexes and keys rebuilt (${secs(t)} s)`);
  t = performance.now();
  // Marks the visible pages as such (index-only scans) and gives the planner its statistics, as autovacuum would.
  await c.query('vacuum (analyze)');
  console.log(`vacuum analyze (${secs(t)} s)`);
  await c.query('create table if not exists scale_seed_done (at timestamptz not null default now(), complaints int not null)');
  await c.query('insert into scale_seed_done (complaints) values ($1)', [complaints]);
  const { rows: shape } = await c.query(
    `select status, count(*)::int as n from complaint group by 1 order by 2 desc`,
  );
  const { rows: size } = await c.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);
  await c.end();
  rebuildFigures(env);
  const seconds = (performance.now() - t0) / 1000;
  console.log(`statuses: ${shape.map((r) => `${r.status} ${r.n}`).join(', ')}; database ${size[0].size}`);
  console.log(`seeded ${complaints} complaints in ${seconds.toFixed(1)} s (migrations and accounts ${((tMigrated - t0) / 1000).toFixed(1)} s)`);
  writeFileSync('/tmp/rm-scale-seed.json', JSON.stringify({ at: new Date().toISOString(), seconds, totals, shape }, null, 2));
  return { reused: false, seconds, totals, shape };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { url: { type: 'string', default: SCALE_URL }, complaints: { type: 'string', default: '3200000' }, reuse: { type: 'boolean', default: false } } });
  await scaleSeed({ url: values.url, complaints: Number(values.complaints), reuse: values.reuse });
}
