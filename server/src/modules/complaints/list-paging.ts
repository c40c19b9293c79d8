import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { estimateRows, type Total } from '../../lib/keyset';

/*
 * Paging a long list without OFFSET and without counting it: a cursor that says "after this row",
 * and a count that stops early. Nothing here knows about complaints, so another list can use it
 * (or it can give way to a shared module with the same two jobs).
 */

/** What a cursor holds: where in the list it points, in which direction, and for which order. */
export type CursorPayload = {
  /** The order the cursor was made for: a cursor of another order points nowhere in this one. */
  sort: string;
  /** Which of the list's leading groups (emergencies first, …) the row is in. */
  group: number;
  /** The row's sort key: microseconds since 1970, exact where a Date would round. */
  key: string;
  /** The row's id, the tie-breaker. */
  id: string;
  /** 'next': the rows after this one; 'prev': the rows before it. */
  dir: 'next' | 'prev';
};

const payloadSchema = z.strictObject({
  v: z.literal(1),
  s: z.string().max(20),
  g: z.number().int().min(0).max(100),
  // Years 0001–9999 either side of 1970, in microseconds: always a valid timestamp.
  k: z.string().regex(/^-?\d{1,18}$/).refine((k) => Math.abs(Number(k)) < 2.5e17),
  i: z.string().regex(/^[\w.-]{1,64}$/),
  d: z.enum(['n', 'p']),
});

const badCursor = (why: string) => new AppError('validation_failed', `cursor: ${why}. Start again from the first page.`, { cursor: 'cursor_invalid' });

export function encodeCursor(c: CursorPayload): string {
  return Buffer.from(JSON.stringify({ v: 1, s: c.sort, g: c.group, k: c.key, i: c.id, d: c.dir === 'next' ? 'n' : 'p' })).toString('base64url');
}

/** A cursor this server made for this order, or a 400 that says why not: a cursor is input like any other. */
export function decodeCursor(cursor: string, sort: string, groups: number): CursorPayload {
  if (!/^[\w-]+$/.test(cursor)) throw badCursor('this is not a list cursor');
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor('this is not a list cursor');
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) throw badCursor('this is not a list cursor');
  const p = parsed.data;
  if (p.s !== sort) throw badCursor(`this cursor was made for the list sorted by ${p.s}, not by ${sort}`);
  if (p.g >= groups) throw badCursor('this cursor points outside the list');
  return { sort: p.s, group: p.g, key: p.k, id: p.i, dir: p.d === 'n' ? 'next' : 'prev' };
}

/** A timestamp column as the cursor keeps it: whole microseconds since 1970, as text (a bigint would not fit a JS number). */
export const cursorKeyOf = (column: SQL | SQL.Aliased | unknown) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/** The cursor's key back as a timestamp, with integer arithmetic so not a microsecond is lost. */
export const timestampOfKey = (key: string) => sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`;

/**
 * How many rows `query` (a SELECT of the filtered rows, without order or limit) has, without
 * reading them all: exact up to `exactMax`; past it, the planner's estimate, marked as one.
 * The estimate is asked first: when it is far past the limit the rows are not counted at all.
 */
export async function countRows(db: Db, query: SQL, exactMax: number): Promise<Total> {
  const estimate = await estimateRows(db, query);
  // Three times over: an estimate that far out is rare for these filters, and counting 10 000 rows is not free.
  if (estimate >= exactMax * 3) return { total: estimate, exact: false };
  const result = (await db.execute(sql`select count(*)::int as n from (${query} limit ${exactMax + 1}) counted`)) as unknown as { rows: { n: number }[] };
  const n = Number(result.rows[0]?.n ?? 0);
  if (n <= exactMax) return { total: n, exact: true };
  // More than the limit: the estimate, which may be low when the statistics are old, is at least that many.
  return { total: Math.max(estimate, n), exact: false };
}
