import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../../db/client';
import { outbox, supportSession } from '../../db/schema';
import { CHECK_TIMEOUT_MS, withTimeout } from './readiness';

const PREFIX = 'railmadad_';
/** The outbox states that are still work to do (stored and sent rows are history and only grow). */
const OUTBOX_PENDING = ['queued', 'sending', 'failed'] as const;

/**
 * Prometheus metrics of one app: its own registry, so several apps in one process (the tests)
 * never register the same metric twice. HTTP metrics are labelled by route pattern, never by the
 * raw URL: a URL holds complaint references and ids (a series per complaint, and a privacy leak).
 */
export function createMetrics(deps: { db: Db; log: FastifyBaseLogger; pool?: PoolStats }) {
  const { db, log } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by method, route pattern and status class', labelNames, registers });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const abandoned = new Counter({
    name: `${PREFIX}http_requests_abandoned_total`,
    help: 'HTTP requests whose client went away before its answer (a closed tab, a lost signal), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers,
  });

  /** A scrape goes on without a figure the database could not give in time; the gauge keeps its last value. */
  const fromDatabase = async (what: string, read: () => Promise<void>) => {
    try {
      await withTimeout(read(), CHECK_TIMEOUT_MS);
    } catch (err) {
      log.warn({ err, metric: what }, 'metric not read from the database');
    }
  };

  new Gauge({
    name: `${PREFIX}outbox_messages`,
    help: 'E-mails and SMS in the outbox still to send (queued, sending) or given up on (failed); the same on every node',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      await fromDatabase('outbox', async () => {
        const rows = await db
          .select({ status: outbox.status, n: count() })
          .from(outbox)
          .where(inArray(outbox.status, [...OUTBOX_PENDING]))
          .groupBy(outbox.status);
        for (const status of OUTBOX_PENDING) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      });
    },
  });

  new Gauge({
    name: `${PREFIX}support_queue_length`,
    help: 'Passengers waiting for a live-support agent (not counting those who left a message); the same on every node',
    registers,
    async collect() {
      await fromDatabase('support queue', async () => {
        const [row] = await db
          .select({ n: count() })
          .from(supportSession)
          .where(and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, false)));
        this.set(row?.n ?? 0);
      });
    },
  });

  let sockets: () => number = () => 0;
  new Gauge({
    name: `${PREFIX}socket_connections`,
    help: 'Signed-in socket.io connections to this node',
    registers,
    collect() {
      this.set(sockets());
    },
  });

  const { pool } = deps;
  if (pool) {
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "PostgreSQL connections in this node's pool, by state",
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: "Queries waiting for a free connection in this node's PostgreSQL pool",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    /** An `onResponse` hook: counts and times every answered request. */
    async observe(request: FastifyRequest, reply: FastifyReply) {
      // A reply that failed on a connection already gone: counted once, by `abandoned`.
      if (request.raw.aborted) return;
      const labels = {
        method: request.method,
        // No pattern: nothing matched (a 404 outside the web app, or a request refused before routing).
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    },
    /**
     * An `onRequestAbort` hook: Fastify runs no `onResponse` for a request whose client left before its answer, so
     * those are counted here, apart from the answered ones. A rise on one route says people give up waiting for it.
     */
    async abandoned(request: FastifyRequest) {
      abandoned.inc({ method: request.method, route: request.routeOptions.url ?? 'unmatched' });
    },
    /** The socket server starts after the routes; its count is read at scrape time. */
    countSockets(count: () => number) {
      sockets = count;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** The metrics token from an `Authorization: Bearer …` header, compared in constant time. */
export function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  // Equal-length digests: timingSafeEqual throws on different lengths, which would leak the token's length.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
