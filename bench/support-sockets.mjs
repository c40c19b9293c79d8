// Live support under load: N passenger sockets held open on the real server, a few agents
// chatting with some of them at a steady message rate; delivery latency from `support:send` to the
// other side's `support:message`, the server's RSS, and how long all the sockets took to connect.
//   node bench/support-sockets.mjs                          every phase below, in turn
//   node bench/support-sockets.mjs --phases pglite          one node on PGlite (the default database)
//   node bench/support-sockets.mjs --phases postgres        one node on PostgreSQL
//   node bench/support-sockets.mjs --phases two-nodes       passengers on node A, agents on node B (PostgreSQL + Redis)
// Options: --sockets 2000 --agents 5 --chats 50 --rate 200 (messages/s in all) --seconds 20 --concurrency 50
// --budget 60 (seconds for a phase's connect + chats + messages; more only to explore past 2 000 sockets)
// PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database
// per phase, dropped after). Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379). Loopback only;
// each phase's measured part (connect, chats, messages) is cut off at --budget, and the whole run at 6 min.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { builtServer, ROOT } from './support.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'boolean', default: false },
    phases: { type: 'string', default: 'pglite,postgres,two-nodes' },
    sockets: { type: 'string', default: '2000' },
    agents: { type: 'string', default: '5' },
    chats: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '50' },
    budget: { type: 'string', default: '60' },
  },
});
const SOCKETS = Number(values.sockets);
const AGENTS = Number(values.agents);
const CHATS = Math.min(Number(values.chats), SOCKETS);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const PHASE_BUDGET_MS = Number(values.budget) * 1000;
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-secret-bench-secret-bench-secret';
const tokenOf = (id) => `tok${id}`;

// ---- Accounts, in the seeding child (run under tsx so it can use the server's own database code) ----
// Inserted, not signed up: N users and a better-auth session each, in a few SQL statements (sign-up
// hashes a password, ~70 ms of CPU per account). The sockets sign in with the session token as a
// bearer token (`auth: { token }`), which better-auth's bearer plugin signs and checks like the cookie.
if (values.seed) {
  const { openDatabase } = await import('../server/src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL || undefined });
  const { db } = database;
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role)
    select 'bp' || g, 'Passenger ' || g, 'p' || g || '@bench.test', true, 'passenger' from generate_series(1, ${SOCKETS}::int) g`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role)
    select 'ba' || g, 'Agent ' || g, 'a' || g || '@bench.test', true, 'staff' from generate_series(1, ${AGENTS}::int) g`);
  await db.execute(sql`insert into session (id, token, user_id, expires_at)
    select 's' || id, 'tok' || id, id, now() + interval '1 day' from "user" where email like '%@bench.test'`);
  await db.execute(sql`analyze`);
  await database.close();
  const seedFile = process.env.CLASSIFIER_SEED_FILE;
  if (seedFile && !existsSync(seedFile)) {
    const { trainFromCorpus } = await import('../server/src/classifier/corpus.ts');
    const { encodeModel } = await import('../server/src/classifier/codec.ts');
    writeFileSync(seedFile, encodeModel(await trainFromCorpus()));
  }
  process.exit(0);
}

// ---- Helpers ----
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : Number.NaN);
const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
const rssMb = (pid) => {
  try {
    const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
};
/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const children = new Set();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
// The whole run stops by itself whatever happens.
setTimeout(() => {
  console.error('bench: 6 minutes are up, stopping');
  process.exit(2);
}, 6 * 60_000).unref();

async function startNode(port, env) {
  const dataDir = env.DATA_DIR;
  const t0 = performance.now();
  const child = spawn(process.execPath, [builtServer()], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', RATE_LIMIT: 'off', AUTH_SECRET: SECRET, WEB_DIST: join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    children.delete(child);
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited while starting');
    if (performance.now() - t0 > 90_000) {
      await stop();
      throw new Error('server did not start in 90 s');
    }
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await sleep(50);
  }
  return { url, pid: child.pid, stop };
}

const api = async (url, token, method, path, body) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** Opens sockets `CONCURRENCY` at a time; each resolves connected or with its error. */
async function connectAll(url, ids, deadline) {
  const sockets = new Array(ids.length);
  const times = [];
  let failed = 0;
  let firstError = '';
  let next = 0;
  const worker = async () => {
    while (next < ids.length && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: tokenOf(ids[i]) }, timeout: 20_000 });
      await new Promise((resolve) => {
        socket.once('connect', () => {
          times.push(performance.now() - t0);
          resolve();
        });
        socket.once('connect_error', (e) => {
          failed += 1;
          firstError ||= String(e?.message ?? e);
          resolve();
        });
      });
      sockets[i] = socket;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { sockets, times, failed, firstError, seconds: (performance.now() - t0) / 1000, connected: times.length };
}

// ---- One phase ----
async function phase(name) {
  const postgres = name !== 'pglite';
  const twoNodes = name === 'two-nodes';
  console.log(`\n── ${name}: ${SOCKETS} passenger sockets, ${AGENTS} agents, ${CHATS} chats, ${RATE} messages/s for ${SECONDS} s (load average ${loadavg()[0].toFixed(1)})`);
  const dataDirs = [mkdtempSync(join(tmpdir(), 'railmadad-bench-ws-')), mkdtempSync(join(tmpdir(), 'railmadad-bench-ws-'))];
  const seedFile = existsSync(join(ROOT, '.test-artifacts/classifier-seed.rmc')) ? join(ROOT, '.test-artifacts/classifier-seed.rmc') : join(dataDirs[0], 'classifier-seed.rmc');
  let dbName;
  const env = { CLASSIFIER_SEED_FILE: seedFile, REDIS_URL: '', DATABASE_URL: '' };
  const nodes = [];
  const open = [];
  try {
    if (postgres) {
      dbName = `rm_bench_ws_${Date.now()}`;
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`create database ${dbName}`);
      await c.end();
      const u = new URL(PG_ADMIN);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
    if (twoNodes) env.REDIS_URL = REDIS;
    const t0 = performance.now();
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--seed', '--sockets', String(SOCKETS), '--agents', String(AGENTS)], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: dataDirs[0] },
      stdio: 'inherit',
      timeout: 120_000,
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
    console.log(`accounts: ${SOCKETS + AGENTS} users + sessions inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const ports = [await freePort(), await freePort()];
    const started = await Promise.allSettled((twoNodes ? [0, 1] : [0]).map((i) => startNode(ports[i], { ...env, DATA_DIR: dataDirs[i] })));
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const passengerNode = nodes[0];
    const agentNode = nodes[twoNodes ? 1 : 0];
    const baseline = nodes.map((n) => rssMb(n.pid));
    const deadline = performance.now() + PHASE_BUDGET_MS;

    // Passengers connect first (the load to hold), then the agents.
    const passengerIds = Array.from({ length: SOCKETS }, (_, i) => `bp${i + 1}`);
    const agentIds = Array.from({ length: AGENTS }, (_, i) => `ba${i + 1}`);
    const connectCpu0 = nodes.map((n) => cpuSeconds(n.pid));
    const p = await connectAll(passengerNode.url, passengerIds, deadline);
    const connectCpuMs = nodes.reduce((sum, n, i) => sum + (cpuSeconds(n.pid) - connectCpu0[i]), 0) * 1000;
    open.push(...p.sockets.filter(Boolean));
    console.log(
      `connect: ${p.connected}/${SOCKETS} in ${p.seconds.toFixed(1)} s (p50 ${ms(pct(p.times, 50))} ms, p99 ${ms(pct(p.times, 99))} ms; server CPU ${(connectCpuMs / Math.max(1, p.connected)).toFixed(1)} ms a socket)${p.failed ? `, ${p.failed} failed: ${p.firstError}` : ''}`,
    );
    const a = await connectAll(agentNode.url, agentIds, deadline + 10_000);
    open.push(...a.sockets.filter(Boolean));
    if (a.connected !== AGENTS) throw new Error(`agents: ${a.connected}/${AGENTS} connected (${a.firstError})`);
    await sleep(500);
    const idle = nodes.map((n) => rssMb(n.pid));
    console.log(`RSS: ${baseline.map((base, i) => `${base.toFixed(0)} MB → ${idle[i].toFixed(0)} MB`).join(', ')} with the sockets open`);

    // Chats: the agents take every offer; passengers 1…CHATS start one each.
    const capacity = Math.min(10, Math.ceil(CHATS / AGENTS));
    const chats = new Map();
    const acceptedBy = new Map();
    a.sockets.forEach((socket, i) => {
      socket.on('support:offer', (session) => {
        api(agentNode.url, tokenOf(agentIds[i]), 'POST', `/api/support/sessions/${session.id}/accept`)
          .then(() => acceptedBy.set(session.id, i))
          .catch((e) => console.error(`accept: ${e.message}`));
      });
    });
    for (let i = 0; i < AGENTS; i++) await api(agentNode.url, tokenOf(agentIds[i]), 'PUT', '/api/support/agent', { status: 'available', capacity });
    const chatT0 = performance.now();
    for (let i = 0; i < CHATS && p.sockets[i]; i++) {
      const session = await api(passengerNode.url, tokenOf(passengerIds[i]), 'POST', '/api/support/sessions', { type: 'chat' });
      if (!chats.has(session.id)) chats.set(session.id, { sessionId: session.id, passenger: i, agent: undefined, turn: 0 });
    }
    while ([...chats.keys()].some((id) => !acceptedBy.has(id)) && performance.now() < deadline) await sleep(20);
    for (const chat of chats.values()) chat.agent = acceptedBy.get(chat.sessionId);
    const live = [...chats.values()].filter((c) => c.agent !== undefined);
    console.log(`chats: ${live.length}/${CHATS} accepted in ${((performance.now() - chatT0) / 1000).toFixed(1)} s`);

    // Messages: RATE per second in all, round-robin over the chats, each chat taking turns.
    const pending = new Map();
    /** The slowest delivery of the messages sent in each second of the run: stalls show as spikes. */
    const worstBySecond = [];
    let loadT0 = performance.now();
    const latency = { passengerToAgent: [], agentToPassenger: [] };
    const acks = [];
    let errors = 0;
    let firstError = '';
    const onDelivered = (side) => (m) => {
      const sent = pending.get(m.clientId);
      if (!sent || sent.side === side) return;
      pending.delete(m.clientId);
      const took = performance.now() - sent.t0;
      (side === 'agent' ? latency.passengerToAgent : latency.agentToPassenger).push(took);
      const second = Math.floor((sent.t0 - loadT0) / 1000);
      worstBySecond[second] = Math.max(worstBySecond[second] ?? 0, took);
    };
    for (const s of a.sockets) s.on('support:message', onDelivered('agent'));
    for (const c of live) p.sockets[c.passenger].on('support:message', onDelivered('passenger'));

    const seconds = Math.max(1, Math.min(SECONDS, (deadline - performance.now() - 5_000) / 1000));
    let sent = 0;
    const rss = nodes.map(() => []);
    const cpu0 = nodes.map((n) => cpuSeconds(n.pid));
    const clientCpu0 = process.cpuUsage();
    loadT0 = performance.now();
    await new Promise((resolve) => {
      const sampler = setInterval(() => {
        nodes.forEach((n, i) => {
          rss[i].push(rssMb(n.pid));
        });
      }, 1_000);
      const tick = setInterval(() => {
        const elapsed = (performance.now() - loadT0) / 1000;
        if (elapsed >= seconds || live.length === 0) {
          clearInterval(tick);
          clearInterval(sampler);
          resolve();
          return;
        }
        for (const due = Math.floor(elapsed * RATE); sent < due; sent++) {
          const chat = live[sent % live.length];
          const side = chat.turn++ % 2 === 0 ? 'passenger' : 'agent';
          const socket = side === 'passenger' ? p.sockets[chat.passenger] : a.sockets[chat.agent];
          const clientId = `m${sent}`;
          const t0 = performance.now();
          pending.set(clientId, { t0, side });
          socket.emit('support:send', { sessionId: chat.sessionId, body: `Bench message ${sent}`, clientId }, (ack) => {
            acks.push(performance.now() - t0);
            if (!ack?.ok) {
              errors += 1;
              firstError ||= JSON.stringify(ack);
              pending.delete(clientId);
            }
          });
        }
      }, 5);
    });
    const loadSeconds = (performance.now() - loadT0) / 1000;
    const cpuUsed = nodes.map((n, i) => cpuSeconds(n.pid) - cpu0[i]);
    const cpu = cpuUsed.map((x) => (x / loadSeconds) * 100);
    const cpuPerMessage = (cpuUsed.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, sent);
    const clientCpu = process.cpuUsage(clientCpu0);
    const drainUntil = performance.now() + 5_000;
    while (pending.size > 0 && performance.now() < drainUntil) await sleep(20);
    const all = [...latency.passengerToAgent, ...latency.agentToPassenger];
    const result = {
      phase: name,
      sockets: p.connected,
      connectSeconds: p.seconds,
      connectP99: pct(p.times, 99),
      chats: live.length,
      rate: sent / loadSeconds,
      sent,
      delivered: all.length,
      lost: pending.size,
      errors,
      p50: pct(all, 50),
      p99: pct(all, 99),
      max: pct(all, 100),
      p99PassengerToAgent: pct(latency.passengerToAgent, 99),
      p99AgentToPassenger: pct(latency.agentToPassenger, 99),
      ackP99: pct(acks, 99),
      rssIdle: idle,
      rssPeak: rss.map((xs, i) => Math.max(idle[i], ...xs.filter(Number.isFinite))),
      serverCpu: cpu,
      cpuPerMessage,
      cpuPerSocket: connectCpuMs / Math.max(1, p.connected),
      clientCpu: ((clientCpu.user + clientCpu.system) / 1e6 / loadSeconds) * 100,
    };
    console.log(
      `messages: ${sent} sent at ${result.rate.toFixed(0)}/s, ${all.length} delivered, ${pending.size} undelivered, ${errors} refused${firstError ? ` (${firstError})` : ''}\n` +
        `delivery latency: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms (p99 passenger→agent ${ms(result.p99PassengerToAgent)}, agent→passenger ${ms(result.p99AgentToPassenger)}); ack p99 ${ms(result.ackP99)} ms\n` +
        `slowest delivery by second sent: ${worstBySecond.map((x) => (x ?? 0).toFixed(0)).join(' ')} ms\n` +
        `load average ${loadavg()[0].toFixed(1)} (2 cores; other work on the machine counts too)\n` +
        `server: RSS peak ${result.rssPeak.map((x) => `${x.toFixed(0)} MB`).join(' / ')}, CPU ${cpu.map((x) => `${x.toFixed(0)}%`).join(' / ')} of one core (${cpuPerMessage.toFixed(2)} ms a message); client (this process) CPU ${result.clientCpu.toFixed(0)}%`,
    );
    return result;
  } finally {
    for (const s of open) s.disconnect();
    for (const n of nodes) await n.stop();
    if (dbName) {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

const results = [];
for (const name of values.phases.split(',')) {
  if (!['pglite', 'postgres', 'two-nodes'].includes(name)) throw new Error(`unknown phase ${name}`);
  results.push(await phase(name));
}
console.log('\n| phase | sockets | connect all | CPU ms a socket | chats | messages/s | p50 ms | p99 ms | max ms | lost | RSS idle → peak MB | server CPU | CPU ms a message |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.phase} | ${r.sockets} | ${r.connectSeconds.toFixed(1)} s | ${r.cpuPerSocket.toFixed(1)} | ${r.chats} | ${r.rate.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.lost} | ${r.rssIdle.map((x, i) => `${x.toFixed(0)} → ${r.rssPeak[i].toFixed(0)}`).join(' / ')} | ${r.serverCpu.map((x) => `${x.toFixed(0)}%`).join(' / ')} | ${r.cpuPerMessage.toFixed(2)} |`,
  );
}
console.log(`ulimit -n of this process: ${spawnSync('sh', ['-c', 'ulimit -n']).stdout.toString().trim()}`);
process.exit(0);
