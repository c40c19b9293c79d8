import type { Readiness } from '@railmadad/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import type { StorageProvider } from '../../providers/storage';

/** Longest a probe waits on one dependency: a hung one must not hang the probe (load balancers time out at a few seconds). */
export const CHECK_TIMEOUT_MS = 2_000;

class TimedOut extends Error {}

/** `promise`, or a rejection after `ms`; the slow call itself carries on and is ignored. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A public answer must say what is wrong without telling strangers about the network or the
 * credentials: an error code (ECONNREFUSED, a PostgreSQL SQLSTATE, EACCES) is enough for an operator.
 */
function shortReason(error: unknown, ms: number): string {
  if (error instanceof TimedOut) return `no answer within ${ms / 1000} s`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'failed';
}

/** A Redis connection of the probe's own, so it reports Redis itself rather than the socket adapter's state. */
export function createRedisProbe(url: string, timeoutMs = CHECK_TIMEOUT_MS) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: timeoutMs });
  // A failed command only says it gave up; the connection's own error says why (ECONNREFUSED, ENOTFOUND…).
  let lastError: Error | undefined;
  client.on('error', (error) => {
    lastError = error;
  });
  return {
    async ping(): Promise<void> {
      try {
        await client.ping();
        lastError = undefined;
      } catch (error) {
        throw (error as { code?: unknown }).code || !lastError ? error : lastError;
      }
    },
    close: () => client.disconnect(),
  };
}
export type RedisProbe = ReturnType<typeof createRedisProbe>;

type CheckName = 'database' | 'redis' | 'storage';

/**
 * Readiness: the database answers `select 1`, Redis answers PING when this node uses it, and file
 * storage works (when its provider can tell). A node shutting down is not ready, so a load
 * balancer stops sending it traffic before it stops listening.
 */
export function createReadiness(deps: { db: Db; storage: StorageProvider; redis?: RedisProbe; log: FastifyBaseLogger; timeoutMs?: number }) {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  let shuttingDown = false;
  // Logged when a check changes state, not on every probe: a probe every few seconds would flood the log during an outage.
  const lastFailed = new Map<CheckName, boolean>();

  const checks: Record<CheckName, (() => Promise<unknown>) | undefined> = {
    database: () => deps.db.execute(sql`select 1`),
    redis: deps.redis?.ping,
    storage: () => deps.storage.check(),
  };

  async function run(name: CheckName): Promise<{ name: CheckName; result: 'ok' | 'not configured' | 'failed'; reason?: string }> {
    const check = checks[name];
    if (!check) return { name, result: 'not configured' };
    try {
      await withTimeout(check(), timeoutMs);
      if (lastFailed.get(name)) deps.log.info({ check: name }, 'readiness check passes again');
      lastFailed.set(name, false);
      return { name, result: 'ok' };
    } catch (error) {
      if (!lastFailed.get(name)) deps.log.warn({ check: name, err: error }, 'readiness check failed');
      lastFailed.set(name, true);
      return { name, result: 'failed', reason: shortReason(error, timeoutMs) };
    }
  }

  return {
    async report(): Promise<Readiness> {
      if (shuttingDown) return { status: 'shutting_down' };
      const results = await Promise.all((['database', 'redis', 'storage'] as const).map(run));
      const report = {
        status: results.some((r) => r.result === 'failed') ? ('not_ready' as const) : ('ready' as const),
        checks: Object.fromEntries(results.map((r) => [r.name, r.result])) as NonNullable<Readiness['checks']>,
      };
      const failed = results.filter((r) => r.reason);
      return failed.length ? { ...report, reasons: Object.fromEntries(failed.map((r) => [r.name, r.reason])) } : report;
    },
    /** From now on the node answers 503: called at the start of a graceful shutdown. */
    shutDown() {
      shuttingDown = true;
    },
    close: async () => deps.redis?.close(),
  };
}
export type ReadinessService = ReturnType<typeof createReadiness>;
