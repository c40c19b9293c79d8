import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { ensureAccount } from '../src/auth/bootstrap';
import { type Config, loadConfig } from '../src/config';
import { type Database, type DatabaseOptions, openDatabase } from '../src/db/client';
import type { MailProvider } from '../src/providers/mail';
import type { RetryPolicy } from '../src/providers/retry';
import type { SmsProvider } from '../src/providers/sms';
import { CLASSIFIER_SEED_FILE, TEMPLATE_FILE } from './paths';

export const ORIGIN = 'http://localhost:3000';

/**
 * A fresh database for one test file: a copy of the migrated PGlite template, or, when
 * TEST_DATABASE_URL is set (the CI PostgreSQL leg), a new PostgreSQL database of its own.
 */
export async function openTestDatabase(dataDir: string, heavyReads?: DatabaseOptions['heavyReads']): Promise<Database & { url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `rm_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ dataDir, databaseUrl: target.toString(), heavyReads });
    return {
      ...database,
      url: target.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const template = new Blob([readFileSync(TEMPLATE_FILE)]);
  const database = await openDatabase({ dataDir, inMemory: true, loadDataDir: template, heavyReads });
  return { ...database, drop: async () => undefined };
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close: () => Promise<void>;
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    providers?: { mail?: MailProvider; sms?: SmsProvider };
    outboxRetry?: RetryPolicy;
    /** The heavy-read budget's connections and timeout (tests of slow reports shorten it). */
    heavyReads?: DatabaseOptions['heavyReads'];
    /** Where the server's log lines go, from level info (tests of what is logged); none by default. */
    log?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'railmadad-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), ...options.env },
    options.config,
  );
  const database = await openTestDatabase(dataDir, options.heavyReads);
  const app = await buildApp({ config, database, logger: options.log ? { level: 'info', stream: options.log } : process.env.DEBUG_LOG ? { level: 'error' } : false, providers: options.providers, outboxRetry: options.outboxRetry, classifierSeed: readFileSync(CLASSIFIER_SEED_FILE) });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Pulls the session cookie out of a better-auth answer, ready for a `cookie` header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('railmadad.session_token='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return found.split(';')[0];
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res.headers['set-cookie']);
}

let counter = 0;
/** A verified account with the given role, signed in: returns its id and cookie. */
export async function createUser(app: FastifyInstance, role: 'passenger' | 'staff' | 'admin' = 'passenger') {
  counter += 1;
  const email = `${role}${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct-horse-42';
  const { id } = await ensureAccount(app.services.auth, app.services.database.db, { email, password, role, name: `Test ${role} ${counter}` });
  const cookie = await signIn(app, email, password);
  return { id, email, password, cookie };
}

/** The newest outbox message to `recipient` (e-mail address or phone number). */
export async function lastMessageTo(app: FastifyInstance, recipient: string) {
  const { items } = await app.services.messenger.list({ page: 1, pageSize: 100 });
  return items.find((m) => m.recipient === recipient);
}

/**
 * Opens the password link of the newest e-mail with `subject` to `email` (a reset or a staff
 * invitation) and returns the token it hands to /login, checking each step on the way.
 */
export async function passwordTokenFromOutbox(app: FastifyInstance, email: string, subject: string): Promise<string> {
  const message = await lastMessageTo(app, email);
  expect(message).toMatchObject({ channel: 'email', subject });
  const link = new URL(message?.body.match(/https?:\/\/\S+/)?.[0] ?? '');
  expect(link.origin).toBe(ORIGIN);
  const opened = await app.inject({ url: `${link.pathname}${link.search}` });
  expect(opened.statusCode).toBe(302);
  const target = new URL(opened.headers.location as string, ORIGIN);
  expect(target.pathname).toBe('/login');
  const token = target.searchParams.get('token');
  expect(token).toBeTruthy();
  return token as string;
}
