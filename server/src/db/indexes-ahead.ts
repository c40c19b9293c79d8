import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';

/*
 * The migrations run when a node starts, all in one transaction, and a plain CREATE INDEX locks its table against
 * writes while it builds: on a national year of complaints that is minutes without filing. Before such an upgrade
 * an operator builds the release's new indexes ahead, with CREATE INDEX CONCURRENTLY (writes go on meanwhile);
 * each migration creates its indexes IF NOT EXISTS, so it then skips them. See docs/deploy.md.
 */

/** A migration's CREATE INDEX, taken apart: which index, on which table, and the statement's rest after the table. */
const CREATE_INDEX = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\s+"([^"]+)"\s+ON\s+"([^"]+)"\s+([\s\S]*?);?\s*$/i;

const DROP_INDEX = /^\s*DROP\s+INDEX\s+(?:IF\s+EXISTS\s+)?"([^"]+)"/i;

/** PostgreSQL's codes for a column, a relation, a type or an object (an operator class) that does not exist (yet). */
const NEEDS_THE_MIGRATION = new Set(['42703', '42P01', '42704', '42883']);

/** `replaced`: the same migrations drop an index of that name first, so only they can build the new one. */
export type IndexAhead = { name: string; table: string; statement: string; replaced: boolean };

/**
 * The indexes the migrations not yet applied to this database would create on tables that exist already (an index on
 * a table the same release creates is built on an empty table: nothing to gain), as CONCURRENTLY statements.
 */
export async function pendingIndexes(client: pg.ClientBase, migrationsFolder: string): Promise<IndexAhead[]> {
  const applied = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1').catch((error: { code?: string }) => {
    // No migration table yet (a new database): every migration is pending, and every table new.
    if (error.code === '42P01') return { rows: [] };
    throw error;
  });
  const last = Number(applied.rows[0]?.created_at ?? 0);
  const found: IndexAhead[] = [];
  const dropped = new Set<string>();
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis <= last) continue;
    for (const statement of migration.sql) {
      const drop = DROP_INDEX.exec(statement);
      if (drop) dropped.add(drop[1]);
      const match = CREATE_INDEX.exec(statement);
      if (!match) continue;
      const [, unique, name, table, rest] = match;
      const exists = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [`"${table}"`]);
      if (!exists.rows[0]?.found) continue;
      found.push({ name, table, statement: `CREATE ${unique ? 'UNIQUE ' : ''}INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "${table}" ${rest}`, replaced: dropped.has(name) });
    }
  }
  return found;
}

/** Whether the index exists, and whether it is whole: a concurrent build that failed leaves an invalid one behind. */
async function indexState(client: pg.ClientBase, name: string): Promise<'missing' | 'valid' | 'invalid'> {
  const { rows } = await client.query<{ valid: boolean }>('select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass($1)', [`"${name}"`]);
  if (rows.length === 0) return 'missing';
  return rows[0].valid ? 'valid' : 'invalid';
}

/**
 * Builds the pending migrations' indexes without locking their tables against writes, one at a time; tells `report`
 * of each. An invalid index left by an earlier failed attempt is dropped and built again; one that fails now is
 * dropped and the error thrown, so the migration builds it later rather than skipping a broken one.
 */
export async function buildIndexesAhead(
  databaseUrl: string,
  migrationsFolder: string,
  report: (line: string) => void,
): Promise<{ built: string[]; present: string[]; left: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const built: string[] = [];
    const present: string[] = [];
    const left: string[] = [];
    for (const index of await pendingIndexes(client, migrationsFolder)) {
      if (index.replaced) {
        // Built ahead under its name, the old index would be taken for the new one; the migration drops and builds it.
        left.push(index.name);
        report(`${index.name} on ${index.table}: replaces an index of the same name, left to the migration (it locks ${index.table} while it builds)`);
        continue;
      }
      const state = await indexState(client, index.name);
      if (state === 'valid') {
        present.push(index.name);
        report(`${index.name} on ${index.table}: already there`);
        continue;
      }
      if (state === 'invalid') await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
      const started = performance.now();
      try {
        await client.query(index.statement);
      } catch (error) {
        await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`).catch(() => undefined);
        // A column, type or operator class the same migrations add first: the index can only follow them.
        if (NEEDS_THE_MIGRATION.has((error as { code?: string }).code ?? '')) {
          left.push(index.name);
          report(`${index.name} on ${index.table}: needs what its migration adds first (${(error as Error).message}), left to the migration`);
          continue;
        }
        throw new Error(`Building ${index.name} on ${index.table} failed: ${(error as Error).message}`);
      }
      built.push(index.name);
      report(`${index.name} on ${index.table}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return { built, present, left };
  } finally {
    await client.end();
  }
}
