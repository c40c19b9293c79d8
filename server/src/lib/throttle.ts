import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttle } from '../db/schema';

/**
 * Counts one hit on `key` in a fixed window and says whether it is still within `limit`.
 * Kept in the database so every server node shares the same counts.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % windowMs);
  const [row] = await db
    .insert(throttle)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [throttle.key, throttle.windowStart], set: { count: sql`${throttle.count} + 1` } })
    .returning({ count: throttle.count });
  return (row?.count ?? 1) <= limit;
}

/** Clears windows that ended long ago; cheap enough to run now and then. */
export async function pruneThrottle(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.delete(throttle).where(sql`${throttle.windowStart} < ${now - olderThanMs}`);
}
