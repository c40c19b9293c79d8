import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttle } from '../db/schema';
import { AppError } from './errors';

const windowOf = (now: number, windowMs: number) => now - (now % windowMs);
/** Whole seconds until the window that holds `now` ends: what a 429's Retry-After says. */
const secondsLeft = (now: number, windowMs: number) => Math.max(1, Math.ceil((windowOf(now, windowMs) + windowMs - now) / 1000));

/**
 * Counts one hit on `key` in a fixed window and says whether it is still within `limit`.
 * Kept in the database so every server node shares the same counts.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .insert(throttle)
    .values({ key, windowStart: windowOf(now, windowMs), count: 1 })
    .onConflictDoUpdate({ target: [throttle.key, throttle.windowStart], set: { count: sql`${throttle.count} + 1` } })
    .returning({ count: throttle.count });
  return (row?.count ?? 1) <= limit;
}

/** Counts one hit and answers 429 with Retry-After (the seconds until the window ends) once `limit` is passed. */
export async function enforce(db: Db, key: string, limit: number, windowMs: number, message: string, now = Date.now()): Promise<void> {
  if (!(await hit(db, key, limit, windowMs, now))) throw new AppError('rate_limited', message, undefined, secondsLeft(now, windowMs));
}

/** The hits on `key` in the current window, without counting one. */
export async function hitsSoFar(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: throttle.count })
    .from(throttle)
    .where(and(eq(throttle.key, key), eq(throttle.windowStart, windowOf(now, windowMs))));
  return row?.count ?? 0;
}

/** Seconds to wait when `key` already has `limit` hits in this window, without counting one; undefined when free. */
export async function waitFor(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<number | undefined> {
  return (await hitsSoFar(db, key, windowMs, now)) >= limit ? secondsLeft(now, windowMs) : undefined;
}

/** Forgets every window of `key` (an account owner proved who they are). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(throttle).where(eq(throttle.key, key));
}

/** Clears windows that ended long ago; cheap enough to run now and then. */
export async function pruneThrottle(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.delete(throttle).where(sql`${throttle.windowStart} < ${now - olderThanMs}`);
}
