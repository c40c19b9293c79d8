#!/usr/bin/env node
// Several Rail Madad server processes on one machine behind Debian's nginx, sharing PostgreSQL and Redis: the
// deployment docs/deploy.md describes, started by one command. The two-node tests start it through `startCluster`
// (server/test/nodes/cluster.ts), so what an operator runs is what CI checks.
//
//   npm run build
//   DATABASE_URL=postgres://… REDIS_URL=redis://… AUTH_SECRET=… node deploy/cluster.mjs
//
// Settings (environment): PORT and HOST (nginx's; default 8080 on every address), NODES (default 2), NODE_PORT
// (the first node's port, default 3001; the others follow, on 127.0.0.1 only), PUBLIC_URL (default
// http://localhost:PORT), NGINX_PATH (default /usr/sbin/nginx), RUN_DIR (nginx's config, logs and the nodes'
// DATA_DIR; default a new folder in /tmp); anything else (S3_*, SMTP_URL, SMS_*…) is passed to every node as it is.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The nginx settings every deployment shares (this script's and the compose file's). */
export const PROXY_CONF = join(ROOT, 'deploy/nginx/proxy.conf');
export const HTTP_CONF = join(ROOT, 'deploy/nginx/http.conf');
export const SERVER_BUILD = join(ROOT, 'server/dist/main.js');
// Generous: several nodes starting on a loaded 2-core machine (seen: ~50 s at a load average of 15).
const START_TIMEOUT_MS = 120_000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every child still running, killed outright if this process goes away without stopping them. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(command, args, env, cwd = ROOT) {
  let output = '';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const keep = (data) => {
    output = (output + data.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  return { child, logs: () => output, exited };
}

const alive = (proc) => proc.child.exitCode === null && proc.child.signalCode === null;

/** SIGTERM (the server drains its requests and sockets), SIGKILL if it has not exited after `graceMs`. */
async function terminate(proc, graceMs = 10_000) {
  if (!alive(proc)) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

async function waitFor(what, proc, probe, logs) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!alive(proc)) throw new Error(`${what} exited while starting:\n${logs()}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} was not up within ${START_TIMEOUT_MS / 1000} s:\n${logs()}`);
    await pause(100);
  }
}

/** One server process from the production build; up once it reports itself ready. */
export async function startNode({ name, port, env, dataDir }) {
  if (!existsSync(SERVER_BUILD)) throw new Error(`${SERVER_BUILD} is missing: run \`npm run build\` first`);
  mkdirSync(dataDir, { recursive: true });
  const proc = launch(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Behind nginx: the client's address comes from X-Forwarded-For (rate limits, lock-out per address).
    TRUST_PROXY: 'true',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const node = {
    name,
    port,
    url,
    pid: proc.child.pid,
    logs: proc.logs,
    isRunning: () => alive(proc),
    /** As a crash would: no shutdown, sockets cut. */
    kill: async () => {
      if (!alive(proc)) return;
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
    stop: () => terminate(proc),
  };
  try {
    await waitFor(`node ${name}`, proc, async () => (await fetch(`${url}/api/health/ready`)).ok, proc.logs);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}

/**
 * nginx in front of the nodes, in a folder of its own (config, pid, logs, temp files), as one foreground process:
 * never the system's nginx. The `server` block is the same file the compose deployment includes.
 */
export async function startNginx({ port, host = '127.0.0.1', upstreams, dir, nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx' }) {
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true });
  const conf = `
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${HTTP_CONF};
  upstream railmadad {
    hash $rmnode consistent;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen ${host}:${port};
    include ${PROXY_CONF};
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const proc = launch(nginxPath, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], process.env);
  const url = `http://127.0.0.1:${port}`;
  const logs = () => proc.logs() + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const stop = () => terminate(proc, 5_000);
  try {
    await waitFor('nginx', proc, async () => (await fetch(`${url}/nginx-up`)).status === 204, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logs, stop };
}

/**
 * The first node alone (it migrates the database), then the others, then nginx. On any failure while starting,
 * whatever did start is stopped before the error is thrown.
 */
export async function startCluster({ nodes = 2, port, host, nodePorts, env, runDir, nginxPath }) {
  const started = [];
  const stop = async () => {
    for (const part of started.splice(0).reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const list = [];
    for (let i = 0; i < nodes; i++) {
      const name = String.fromCharCode(65 + i);
      const node = await startNode({ name, port: nodePorts[i], env, dataDir: join(runDir, `node-${name}`) });
      started.push(node);
      list.push(node);
    }
    const nginx = await startNginx({ port, host, upstreams: nodePorts, dir: join(runDir, 'nginx'), nginxPath });
    started.push(nginx);
    return { url: nginx.url, nodes: list, nginx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const env = process.env;
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'AUTH_SECRET']) {
    if (!env[name]) {
      console.error(`${name} is required: every node must share the database, Redis and the secret that signs sessions (docs/deploy.md)`);
      process.exit(2);
    }
  }
  const port = Number(env.PORT ?? 8080);
  const count = Number(env.NODES ?? 2);
  const first = Number(env.NODE_PORT ?? 3001);
  const runDir = env.RUN_DIR ?? mkdtempSync(join(tmpdir(), 'railmadad-cluster-'));
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const nodeEnv = { PUBLIC_URL: publicUrl };
  // Passengers reach nginx from other machines; the nodes listen on this machine only.
  const cluster = await startCluster({ nodes: count, port, host: env.HOST ?? '0.0.0.0', nodePorts: Array.from({ length: count }, (_, i) => first + i), env: nodeEnv, runDir });
  console.log(`Rail Madad: ${count} nodes (${cluster.nodes.map((n) => n.url).join(', ')}) behind nginx at ${cluster.url}, open ${publicUrl}`);
  console.log(`nginx's config and logs, and each node's DATA_DIR: ${runDir}`);
  const shutdown = async () => {
    await cluster.stop();
    if (!env.RUN_DIR) rmSync(runDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // A node that dies is reported; nginx sends its clients to the others meanwhile.
  for (const node of cluster.nodes) {
    const timer = setInterval(() => {
      if (!node.isRunning()) {
        console.error(`node ${node.name} exited:\n${node.logs().slice(-2000)}`);
        clearInterval(timer);
      }
    }, 1000);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
