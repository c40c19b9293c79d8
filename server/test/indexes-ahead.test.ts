import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../src/db/client';
import { buildIndexesAhead, pendingIndexes } from '../src/db/indexes-ahead';
import { openTestDatabase } from './helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it('create every index IF NOT EXISTS, so an index built ahead (npm run admin -- indexes ahead) is skipped', () => {
    const plain = readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .flatMap((file) => (readFileSync(join(MIGRATIONS_DIR, file), 'utf8').match(/CREATE (UNIQUE )?INDEX "[^"]+"/g) ?? []).map((s) => `${file}: ${s}`));
    // drizzle-kit writes plain CREATE INDEX: add IF NOT EXISTS to a newly generated migration.
    expect(plain).toEqual([]);
  });
});

/**
 * The migrations as they were up to one that adds indexes (the support sessions' paging), so the test does not
 * change with later migrations: that one's indexes are one new, and two that replace indexes of the same names
 * (dropped and built again by the migration itself).
 */
const TAG = '0018_support_session_paging';
const LAST = ['support_session_history_idx', 'support_session_passenger_idx', 'support_session_agent_idx'];
const NEW = LAST[0];
const REPLACED = LAST.slice(1);

describe.skipIf(!databaseUrl)('building the next release indexes ahead, on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  let client: pg.Client;
  let dataDir: string;
  let folder: string;
  let when: number;
  const lines: string[] = [];
  const report = (line: string) => void lines.push(line);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'railmadad-ahead-'));
    const database = await openTestDatabase(dataDir);
    url = database.url as string;
    drop = database.drop;
    close = database.close;
    client = new pg.Client({ connectionString: url });
    await client.connect();
    folder = mkdtempSync(join(tmpdir(), 'railmadad-migrations-'));
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const end = journal.entries.findIndex((e: { tag: string }) => e.tag === TAG);
    when = journal.entries[end].when;
    journal.entries = journal.entries.slice(0, end + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
  });
  afterAll(async () => {
    await client?.end();
    await close?.();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  /** The database as the release before that migration left it: the migration not applied, its new index not there, the old ones back. */
  async function beforeLastMigration() {
    await client.query('delete from drizzle.__drizzle_migrations where created_at >= $1', [when]);
    for (const name of LAST) await client.query(`drop index if exists "${name}"`);
    await client.query('create index "support_session_passenger_idx" on "support_session" ("passenger_id", "created_at" desc nulls last)');
    await client.query('create index "support_session_agent_idx" on "support_session" ("agent_id", "status")');
  }
  /** That release's start: its migrations (the folder's, which end at that one) run as a node's start runs them. */
  const releaseStarts = () => migrate(drizzle(client), { migrationsFolder: folder });
  const validity = async (name: string) =>
    (await client.query<{ valid: boolean }>('select indisvalid as valid from pg_index where indexrelid = to_regclass($1)', [`"${name}"`])).rows[0]?.valid ?? null;

  it('builds the waiting migration indexes concurrently, then the migration skips them', async () => {
    await beforeLastMigration();
    const pending = await pendingIndexes(client, folder);
    expect(pending.map((i) => [i.name, i.replaced])).toEqual(LAST.map((name) => [name, name !== NEW]));
    expect(pending.every((i) => i.statement.startsWith('CREATE INDEX CONCURRENTLY IF NOT EXISTS'))).toBe(true);

    const first = await buildIndexesAhead(url, folder, report);
    expect(first).toEqual({ built: [NEW], present: [], left: REPLACED });
    expect(await validity(NEW)).toBe(true);
    // A second run finds it there.
    expect(await buildIndexesAhead(url, folder, report)).toEqual({ built: [], present: [NEW], left: REPLACED });

    // The new release starts: its migration runs, finding its indexes built.
    await releaseStarts();
    expect(await pendingIndexes(client, folder)).toEqual([]);
    expect(await buildIndexesAhead(url, folder, report)).toEqual({ built: [], present: [], left: [] });
  });

  it('builds again an index a failed earlier attempt left invalid', async () => {
    await beforeLastMigration();
    await buildIndexesAhead(url, folder, report);
    // What an interrupted CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
    await client.query(`update pg_index set indisvalid = false where indexrelid = '"${NEW}"'::regclass`);
    expect(await validity(NEW)).toBe(false);
    const again = await buildIndexesAhead(url, folder, report);
    expect(again.built).toEqual([NEW]);
    expect(await validity(NEW)).toBe(true);
    await releaseStarts();
  });

  it('leaves to their migration an index it replaces and one on a column it adds, and drops an index that fails to build rather than leave it invalid', async () => {
    // A next release of our own: it rebuilds an index under its old name, and adds a unique index the data breaks.
    const next = mkdtempSync(join(tmpdir(), 'railmadad-migrations-'));
    cpSync(folder, next, { recursive: true });
    const journalFile = join(next, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    // Later than any migration applied, whatever has been added since.
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: Date.now() + 86_400_000, tag: '9999_next_release', breakpoints: true });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(
      join(next, '9999_next_release.sql'),
      [
        `DROP INDEX "${REPLACED[1]}";`,
        `CREATE INDEX IF NOT EXISTS "${REPLACED[1]}" ON "support_session" USING btree ("agent_id","ended_at");`,
        'ALTER TABLE "app_setting" ADD COLUMN "note" text;',
        'CREATE INDEX IF NOT EXISTS "app_setting_note_idx" ON "app_setting" USING btree ("note");',
        'CREATE UNIQUE INDEX IF NOT EXISTS "app_setting_updated_once_idx" ON "app_setting" USING btree ("updated_at");',
      ].join('--> statement-breakpoint\n'),
    );
    try {
      await client.query(`insert into app_setting (key, value, updated_at) values ('ahead-a', '1', '2026-01-01'), ('ahead-b', '1', '2026-01-01')`);
      lines.length = 0;
      await expect(buildIndexesAhead(url, next, report)).rejects.toThrow(/Building app_setting_updated_once_idx on app_setting failed: .*(duplicate|unique)/i);
      expect(lines.some((line) => line.startsWith(`${REPLACED[1]} on support_session: replaces an index of the same name`))).toBe(true);
      expect(await validity('app_setting_updated_once_idx')).toBeNull();
      // An index on a column the same migration adds waits for it, and the run goes on past it.
      expect(lines.some((line) => line.startsWith('app_setting_note_idx on app_setting: needs what its migration adds first'))).toBe(true);
      expect(await validity('app_setting_note_idx')).toBeNull();
    } finally {
      rmSync(next, { recursive: true, force: true });
    }
  });
});
