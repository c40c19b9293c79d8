import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/db/client';
import { TEMPLATE_FILE } from './paths';

/** Migrates one PGlite database and dumps it; every test file starts from a copy (~1 s instead of ~4 s). */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync(new URL('.', TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
}
