import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ClusterNode, SERVER_BUILD, startCluster as startDeployment } from '../../../deploy/cluster.mjs';
import { openTestDatabase } from '../helpers';
import { CLASSIFIER_SEED_FILE } from '../paths';
import { startS3, type TestS3 } from '../s3';

/**
 * The deployment of docs/deploy.md, as an operator starts it (deploy/cluster.mjs): two server processes from the
 * production build sharing one fresh PostgreSQL database and Redis, behind Debian's nginx with the shared nginx
 * settings. Everything started here is stopped by `stop()`, and killed if the test process exits without it.
 */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);
/** `npm test` builds it before the server tests; run `npm run build` first when running these files alone. */
export const hasBuild = existsSync(SERVER_BUILD);

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

export type Node = ClusterNode;

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
 * A fresh database, the two nodes with one Redis and one AUTH_SECRET, and nginx in front; with `s3`, one
 * S3-compatible server for both nodes' uploads; `env` goes to both nodes.
 */
export async function startCluster(redisUrl: string, options: { s3?: boolean; env?: Record<string, string> } = {}): Promise<Cluster> {
  if (!hasBuild) throw new Error(`${SERVER_BUILD} is missing: run \`npm run build\` (npm test does it first)`);
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
    mkdirSync(join(scratch, 'no-web'));

    const [portA, portB, lbPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const url = `http://127.0.0.1:${lbPort}`;
    const s3 = options.s3 ? await startS3() : undefined;
    if (s3) cleanups.push(s3.stop);
    const deployment = await startDeployment({
      port: lbPort,
      nodePorts: [portA, portB],
      runDir: scratch,
      nginxPath: NGINX,
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        PUBLIC_URL: url,
        AUTH_SECRET: 'one-secret-shared-by-every-node-of-this-test',
        WEB_DIST: join(scratch, 'no-web'),
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
        CLASSIFIER_SEED_FILE: fileURLToPath(CLASSIFIER_SEED_FILE),
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        ...s3?.env,
        ...options.env,
      },
    });
    cleanups.push(deployment.stop);
    const nodes = deployment.nodes as [Node, Node];

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
      if (!res.ok) throw new Error(`health through nginx: ${res.status} ${await res.text()}\n${deployment.nginx.logs()}`);
      const node = answeredBy(res);
      if (node && !cookies.has(node)) cookies.set(node, value);
    }
    return { url, nodes, databaseUrl: database.url, cookieFor: (node) => cookies.get(node) as string, answeredBy, s3, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
