import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createUser, ORIGIN, openTestDatabase } from './helpers';
import { CLASSIFIER_SEED_FILE } from './paths';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * Scale-out (docs/deploy.md): two stateless nodes share PostgreSQL and Redis. A session made on one
 * node works on the other, and a notification raised on one reaches a socket held by the other.
 */
describe.skipIf(!redisUrl || !databaseUrl)('two server nodes sharing PostgreSQL and Redis', () => {
  const nodes: FastifyInstance[] = [];
  const databases: Database[] = [];
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'railmadad-scale-'));
    const shared = await openTestDatabase(dataDir);
    drop = shared.drop;
    databases.push(shared);
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'none'), REDIS_URL: redisUrl as string, AUTH_SECRET: 'a-shared-secret-for-both-nodes-of-this-test' };
    for (let i = 0; i < 2; i++) {
      const database = i === 0 ? shared : await openDatabase({ dataDir, databaseUrl: shared.url });
      if (i > 0) databases.push(database);
      const app = await buildApp({ config: loadConfig(env), database, logger: false, classifierSeed: readFileSync(CLASSIFIER_SEED_FILE) });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(app);
    }
  });

  afterAll(async () => {
    for (const app of nodes) await app.close();
    for (const db of databases) await db.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const urlOf = (app: FastifyInstance) => {
    const address = app.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  };

  it('accepts on node B a session signed in on node A', async () => {
    const user = await createUser(nodes[0]);
    const res = await nodes[1].inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('delivers a notification raised on node A to a socket connected to node B', async () => {
    const user = await createUser(nodes[0]);
    const socket: Socket = io(urlOf(nodes[1]), { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: user.cookie } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ kind: string }>((resolve) => socket.once('notification:new', resolve));
      await nodes[0].services.notifications.notify(user.id, 'email_verified');
      const notification = await Promise.race([received, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no notification within 5 s')), 5000))]);
      expect(notification.kind).toBe('email_verified');
    } finally {
      socket.disconnect();
    }
  });
});
