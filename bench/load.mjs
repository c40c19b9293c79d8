// Load test of the real server with autocannon, next to a bare Fastify route in the same run.
//   node bench/load.mjs                 PGlite in a fresh data dir
//   node bench/load.mjs --postgres      the local PostgreSQL (a fresh database, dropped after)
// Options: --complaints 100000 --staff 500 --duration 10 --connections 10
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { classifierSeed, ROOT, startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    complaints: { type: 'string', default: '100000' },
    staff: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(join(tmpdir(), 'railmadad-load-'));
// A trained classifier for the server to start with, as a deployment ships one: without it the first model trains
// in the server's thread while the measurements run, and filings wait for it.
const env = { DATA_DIR: dataDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', CLASSIFIER_SEED_FILE: classifierSeed('/tmp/rm-load-classifier.rmc') };
let dbName;
if (values.postgres) {
  dbName = `rm_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const u = new URL(PG_ADMIN);
  u.pathname = `/${dbName}`;
  env.DATABASE_URL = u.toString();
}
const run = (args) => execFileSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
const PASSWORD = 'bench-password-1';
run(['server/src/cli/admin.ts', 'create', 'admin@bench.test', '--password', PASSWORD, '--role', 'admin']);
run(['server/src/cli/admin.ts', 'create', 'passenger@bench.test', '--password', PASSWORD, '--role', 'passenger']);
run(['bench/seed.ts', values.complaints, 'passenger@bench.test', values.staff]);

const server = await startServer({ port: 3904, dataDir, env });
const signIn = async (email) => {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email, password: PASSWORD }) });
  return res.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')).split(';')[0];
};
const admin = await signIn('admin@bench.test');
const passenger = await signIn('passenger@bench.test');

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 3905, host: '127.0.0.1' });

const boundary = '----railmadadbench';
const today = new Date().toISOString().slice(0, 10);
function multipart(photo) {
  const fields = { type: 'water', severity: 'medium', trainNumber: '12951', pnr: '2345678901', location: 'Coach B4, berth 21', incidentDate: today, description: 'No water in the toilets of coach B4 since Vadodara. Please refill at the next station.' };
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (photo) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
// A phone photo after the web app's own shrinking: 1600×1200 JPEG of a noisy scene, ~200 KB.
const noise = Buffer.alloc(400 * 300 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const photo = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } }).resize(1600, 1200).jpeg({ quality: 80 }).toBuffer();
const tracked = await (await fetch(`${server.url}/api/complaints?pageSize=1&sort=oldest`, { headers: { cookie: admin } })).json();
const ref = tracked.items[0].reference;
const pnr = tracked.items[0].pnr;

const scenarios = [
  { name: 'bare Fastify route (baseline)', url: 'http://127.0.0.1:3905/bare' },
  { name: 'GET /api/health', url: `${server.url}/api/health` },
  { name: 'track a complaint (reference + PNR)', url: `${server.url}/api/track?reference=${ref}&pnr=${pnr}` },
  { name: 'dashboard list, page 1 (admin)', url: `${server.url}/api/complaints?page=1&pageSize=20`, headers: { cookie: admin } },
  { name: 'dashboard list, open + high, by due', url: `${server.url}/api/complaints?status=open&severity=high&sort=due&pageSize=20`, headers: { cookie: admin } },
  { name: 'dashboard cards (stats)', url: `${server.url}/api/complaints/stats`, headers: { cookie: admin } },
  { name: 'analytics: complaints per day, last 30 days', url: `${server.url}/api/analytics/daily`, headers: { cookie: admin } },
  { name: 'analytics: breakdown, last 30 days', url: `${server.url}/api/analytics/breakdown`, headers: { cookie: admin } },
  { name: 'file a complaint, no photo', url: `${server.url}/api/complaints`, method: 'POST', headers: { cookie: passenger, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart(null) },
  { name: `file a complaint, one ${Math.round(photo.length / 1024)} KB photo`, url: `${server.url}/api/complaints`, method: 'POST', headers: { cookie: passenger, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart(photo) },
];

const rows = [];
for (const s of scenarios) {
  const result = await autocannon({ url: s.url, method: s.method ?? 'GET', headers: s.headers, body: s.body, connections: Number(values.connections), duration: Number(values.duration) });
  const ok = result['2xx'];
  rows.push(`| ${s.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${ok} | ${result.non2xx + result.errors} |`);
  console.error(`done: ${s.name}`);
}
console.log(`\n${values.postgres ? 'PostgreSQL 15' : 'PGlite'}, ${values.complaints} complaints, ${values.staff} staff, ${values.connections} connections, ${values.duration} s each\n`);
console.log('| scenario | req/s | p50 ms | p99 ms | 2xx | errors |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);

await bare.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
if (dbName) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`drop database ${dbName} with (force)`);
  await c.end();
}
