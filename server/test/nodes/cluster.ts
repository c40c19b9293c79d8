import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '../helpers';
import { CLASSIFIER_SEED_FILE } from '../paths';
import { startS3, type TestS3 } from '../s3';

/**
 * Two real server processes (`node --import tsx server/src/main.ts`) sharing one fresh PostgreSQL
 * database and Redis, behind Debian's nginx as the load balancer. Everything started here is
 * stopped by `stop()`, and killed if the test process exits without it.
 */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Generous: two nodes starting at once on a loaded 2-core machine (seen: ~50 s at a load average of 15).
const START_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every child still running, killed outright if the test process goes away without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

type Proc = { child: ChildProcess; logs: () => string; exited: Promise<void> };

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  return { child, logs: () => output, exited };
}

/** SIGTERM, and SIGKILL if it has not exited after `graceMs`. */
async function terminate(proc: Proc, graceMs = 10_000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export type Node = {
  name: string;
  port: number;
  /** The node itself, not through the load balancer. */
  url: string;
  logs: () => string;
  /** As a crash would: no shutdown, sockets cut. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

async function startNode(name: string, port: number, env: Record<string, string>): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), `railmadad-node-${name}-`));
  const proc = launch(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    CLASSIFIER_SEED_FILE: fileURLToPath(CLASSIFIER_SEED_FILE),
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    ...env,
  });
  mkdirSync(join(dataDir, 'no-web'));
  const url = `http://127.0.0.1:${port}`;
  const node: Node = {
    name,
    port,
    url,
    logs: proc.logs,
    kill: async () => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
    stop: async () => {
      await terminate(proc);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.child.exitCode !== null) {
      await node.stop();
      throw new Error(`node ${name} exited while starting:\n${proc.logs()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.stop();
      throw new Error(`node ${name} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${proc.logs()}`);
    }
    await pause(100);
  }
}

/**
 * nginx in front of the two nodes, in a folder of its own (config, pid, logs, temp files), as one
 * foreground process: never the system's nginx. A client picks its node with the `rmnode`
 * cookie (consistent hash); a node that refuses connections is marked failed at the first error
 * and the request goes to the other one. `X-Upstream` tells which node answered.
 */
async function startNginx(port: number, upstreams: number[]): Promise<{ url: string; logs: () => string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'railmadad-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
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
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream railmadad {
    hash $cookie_rmnode consistent;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    # Answered by nginx itself: a probe that is up before the nodes must not mark them failed.
    location = /nginx-up { return 204; }
    location / {
      proxy_pass http://railmadad;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const proc = launch(NGINX, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], process.env);
  const url = `http://127.0.0.1:${port}`;
  const logs = () => proc.logs() + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const stop = async () => {
    await terminate(proc, 5_000);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited while starting:\n${logs()}`);
    }
    if (await fetch(`${url}/nginx-up`).then((r) => r.status === 204, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen within ${START_TIMEOUT_MS / 1000} s:\n${logs()}`);
    }
    await pause(50);
  }
  return { url, logs, stop };
}

export type Cluster = {
  /** The load balancer's URL: PUBLIC_URL of both nodes. */
  url: string;
  nodes: [Node, Node];
  /** The database both nodes share, for the test's own checks. */
  databaseUrl: string;
  /** The `rmnode=…` cookie that lands a client on that node while it is up. */
  cookieFor: (node: Node) => string;
  /** Which node answered a response that came through the load balancer. */
  answeredBy: (res: Response) => Node | undefined;
  /** The S3-compatible server both nodes keep uploads in, when asked for. */
  s3?: TestS3;
  stop: () => Promise<void>;
};

/**
 * A fresh PostgreSQL database (migrated here once, so the two nodes do not race to migrate it),
 * two nodes on it with one Redis and one AUTH_SECRET, and nginx in front; with `s3`, one
 * S3-compatible server for both nodes' uploads. On any failure while starting, whatever did
 * start is stopped before the error is thrown.
 */
export async function startCluster(redisUrl: string, options: { s3?: boolean } = {}): Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((e) => errors.push(e));
    if (errors.length) throw errors[0];
  };
  try {
    const scratch = mkdtempSync(join(tmpdir(), 'railmadad-cluster-'));
    cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
    const database = await openTestDatabase(scratch);
    cleanups.push(() => database.drop());
    await database.close();
    if (!database.url) throw new Error('the cluster needs TEST_DATABASE_URL');

    const [portA, portB, lbPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const url = `http://127.0.0.1:${lbPort}`;
    const s3 = options.s3 ? await startS3() : undefined;
    if (s3) cleanups.push(s3.stop);
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, PUBLIC_URL: url, AUTH_SECRET: 'one-secret-shared-by-every-node-of-this-test', ...s3?.env };
    const started = await Promise.allSettled([startNginx(lbPort, [portA, portB]), startNode('A', portA, env), startNode('B', portB, env)]);
    for (const s of started) if (s.status === 'fulfilled') cleanups.push(s.value.stop);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const nginx = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startNginx>>>).value;
    const nodes = [started[1], started[2]].map((s) => (s as PromiseFulfilledResult<Node>).value) as [Node, Node];

    const answeredBy = (res: Response) => {
      // "127.0.0.1:A, 127.0.0.1:B" when nginx tried A first: the last one answered.
      const last = (res.headers.get('x-upstream') ?? '').split(',').pop()?.trim();
      return nodes.find((n) => last === `127.0.0.1:${n.port}`);
    };
    // Which cookie value hashes to which node: try values until each node has one.
    const cookies = new Map<Node, string>();
    for (let i = 0; cookies.size < 2; i++) {
      if (i === 64) throw new Error('no rmnode value found for both nodes in 64 tries');
      const value = `rmnode=n${i}`;
      const res = await fetch(`${url}/api/health`, { headers: { cookie: value } });
      if (!res.ok) throw new Error(`health through nginx: ${res.status} ${await res.text()}\n${nginx.logs()}`);
      const node = answeredBy(res);
      if (node && !cookies.has(node)) cookies.set(node, value);
    }
    return {
      url,
      nodes,
      databaseUrl: database.url,
      cookieFor: (node) => cookies.get(node) as string,
      answeredBy,
      s3,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
