import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './helpers';

// Shutting down closes the database after the HTTP server; a request whose client left is still working then, and
// its next statement must still run (server/src/db/heavy-reads.ts, untilQuiet).
describe('closing the database while a request is still working', () => {
  it('lets the work finish its statements first', async () => {
    const database = await openTestDatabase(mkdtempSync(join(tmpdir(), 'railmadad-close-')));
    try {
      const work = (async () => {
        await database.db.execute(sql`select pg_sleep(0.3)`);
        // Some work between two statements, as a handler does.
        await new Promise((r) => setImmediate(r));
        return database.db.execute(sql`select 1 as one`);
      })();
      // Closing begins while the first statement is under way.
      const closed = database.close();
      const result = (await work) as unknown as { rows: { one: number }[] };
      expect(result.rows[0].one).toBe(1);
      await closed;
    } finally {
      await database.drop();
    }
  });
});
