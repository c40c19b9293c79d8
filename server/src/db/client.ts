import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { serverPath } from '../paths';
import { type HeavyReads, RoutingPool, routePglite, untilQuiet } from './heavy-reads';

export type Schema = typeof schema;
/** One type for both drivers: the code above this layer never knows which it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

/** What a pg pool says of itself (metrics read it at scrape time). */
export type PoolStats = { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };

export type Database = {
  db: Db;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** PostgreSQL only: PGlite is one connection inside the process. */
  pool?: PoolStats;
  /** The budget of heavy staff reads (analytics, cards, lists, export): see heavy-reads.ts. */
  heavyReads: HeavyReads;
};

/** Heavy reads' own budget: connections of their own on PostgreSQL (PGlite: one at a time), and how long one may take. */
export const HEAVY_READ_DEFAULTS = { connections: 2, timeoutMs: 15_000 };

export const MIGRATIONS_DIR = serverPath('drizzle');
/** What the migrations create extensions of: PostgreSQL has them installed, PGlite loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
  /** Keep PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  heavyReads?: { connections: number; timeoutMs: number };
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const heavy = options.heavyReads ?? HEAVY_READ_DEFAULTS;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The heavy reads' connections stop any statement that runs past the timeout (PostgreSQL itself stops it).
    const heavyPool = new pg.Pool({ connectionString: options.databaseUrl, max: heavy.connections, statement_timeout: heavy.timeoutMs });
    const routed = new RoutingPool(pool, heavyPool, { size: heavy.connections, timeoutMs: heavy.timeoutMs, connectionString: options.databaseUrl });
    // An idle connection that dies (database restart, failover, admin command) is dropped by the
    // pool and replaced on next use; unheard, its 'error' event would crash the process.
    routed.on('error', () => undefined);
    const db = drizzlePg(routed as unknown as pg.Pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => routed.end(), pool, heavyReads: routed.heavyReads };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const routed = routePglite(client, { timeoutMs: (options.heavyReads ?? HEAVY_READ_DEFAULTS).timeoutMs });
  const db = drizzlePglite(routed.client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  // PGlite runs no autovacuum, so the planner would never learn how big the tables are and
  // pick full scans: refresh the statistics at start and every few hours.
  await client.exec('analyze');
  const analyzer = setInterval(() => void client.exec('analyze').catch(() => undefined), 6 * 60 * 60 * 1000);
  analyzer.unref();
  return {
    db,
    kind: 'pglite',
    heavyReads: routed.heavyReads,
    close: async () => {
      clearInterval(analyzer);
      // As on PostgreSQL: statements of requests still under way finish first (heavy-reads.ts, RoutingPool.end).
      await untilQuiet(routed.busy);
      await client.close();
    },
  };
}
