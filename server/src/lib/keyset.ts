import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from './errors';

/**
 * Keyset pagination and bounded counts for the staff and admin lists.
 *
 * A page is found by where the last one stopped (its sort key and id), not by counting rows to skip, so page 50 of
 * a million rows costs what page 1 costs, and a row added meanwhile neither repeats nor hides one. The cursor
 * handed to the browser is opaque (base64url of a small JSON) and checked on the way back in: a forged or
 * mangled one is a 400 `validation_failed` on the `cursor` field, never a 500.
 *
 * Counts stop at `exactUpTo` + 1 rows: below that they are exact, above it the planner's estimate is shown as
 * "about N" (`exact: false`), so a count never reads a million rows either.
 */

/** How a sort key is stored in a cursor and compared in SQL. */
export type KeyKind = 'time' | 'text' | 'int' | 'float';
/** One column (or expression) of a list's order. The last one must be unique (an id), so ties are broken. */
export type SortKey = { expr: SQL; dir: 'asc' | 'desc'; kind: KeyKind };
export type KeyValue = string | number;
export type Direction = 'next' | 'prev';
export type Cursor = { dir: Direction; key: KeyValue[] };

/** What a list shows about its size: exact up to the bound, an estimate past it. */
export type Total = { total: number; exact: boolean };

/** Rows counted exactly before a list settles for an estimate; a deployment or a test may set another. */
export const EXACT_COUNT_MAX = 10_000;

const CURSOR_MAX = 1_000;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const invalid = () => new AppError('validation_failed', 'The page link is not valid (it may be from another list or cut short). Start again from the first page.', { cursor: 'cursor_invalid' });

/** The cursor for the row whose key is `key`: `next` pages after it, `prev` before it. */
export function encodeCursor(list: string, dir: Direction, key: KeyValue[]): string {
  return Buffer.from(JSON.stringify({ l: list, d: dir === 'next' ? 'n' : 'p', k: key })).toString('base64url');
}

const validValue = (kind: KeyKind, v: unknown): v is KeyValue => {
  switch (kind) {
    case 'time':
      return typeof v === 'string' && TIME.test(v) && !Number.isNaN(Date.parse(v));
    case 'text':
      return typeof v === 'string' && v.length <= 500 && !v.includes('\0');
    case 'int':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'float':
      return typeof v === 'number' && Number.isFinite(v);
  }
};

/** Reads a cursor made by `encodeCursor` for this list and these keys; anything else is a 400. */
export function decodeCursor(list: string, keys: readonly SortKey[], token: string): Cursor {
  if (token.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = parsed as { l?: unknown; d?: unknown; k?: unknown };
  if (typeof c !== 'object' || c === null || c.l !== list || (c.d !== 'n' && c.d !== 'p') || !Array.isArray(c.k) || c.k.length !== keys.length) throw invalid();
  const key = c.k as unknown[];
  if (!keys.every((k, i) => validValue(k.kind, key[i]))) throw invalid();
  return { dir: c.d === 'n' ? 'next' : 'prev', key: key as KeyValue[] };
}

const CAST: Record<KeyKind, string> = { time: 'timestamptz', text: 'text', int: 'int8', float: 'float8' };
const param = (kind: KeyKind, v: KeyValue) => sql`${v}::${sql.raw(CAST[kind])}`;

/**
 * The keys as one JSON array, to select beside a row: times as UTC text to the microsecond (a JavaScript Date
 * keeps milliseconds only, and two rows a few microseconds apart would then share a cursor).
 */
export function keyColumn(keys: readonly SortKey[]): SQL<KeyValue[]> {
  const parts = keys.map((k) => (k.kind === 'time' ? sql`to_char(${k.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : k.expr));
  return sql<KeyValue[]>`json_build_array(${sql.join(parts, sql`, `)})`;
}

/** ORDER BY for reading forwards (`next`) or backwards (`prev`, the order reversed; the page is turned round after). */
export function keysetOrder(keys: readonly SortKey[], dir: Direction): SQL[] {
  return keys.map((k) => {
    const asc = (k.dir === 'asc') === (dir === 'next');
    return sql`${k.expr} ${sql.raw(asc ? 'asc' : 'desc')}`;
  });
}

/**
 * The rows strictly after (`next`) or before (`prev`) `key` in the order. When every key runs the same way it is
 * one row comparison, `(a, b) < (x, y)`, which an index on (a, b) answers by seeking; mixed directions are spelt
 * out as (a < x) or (a = x and b > y)…
 */
export function keysetWhere(keys: readonly SortKey[], cursor: Cursor): SQL {
  const after = (k: SortKey) => (k.dir === 'asc') === (cursor.dir === 'next');
  const values = keys.map((k, i) => param(k.kind, cursor.key[i]));
  if (keys.every((k) => after(k) === after(keys[0]))) {
    return sql`(${sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    )}) ${sql.raw(after(keys[0]) ? '>' : '<')} (${sql.join(values, sql`, `)})`;
  }
  const branches = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((p, j) => sql`${p.expr} = ${values[j]}`);
    return sql.join([...equal, sql`${k.expr} ${sql.raw(after(k) ? '>' : '<')} ${values[i]}`], sql` and `);
  });
  return sql`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

export type KeysetPage<R> = { rows: R[]; next: string | null; prev: string | null };

/**
 * One page of a list. `fetch` runs the list's query with `seek` added to its filters (undefined on the first
 * page), ordered by `order`, at most `limit` rows after skipping `offset`, each row carrying `keyColumn(keys)` as
 * `key`. `next` is null on the last page and `prev` on the first.
 *
 * `page` (numbered pages, without a cursor) still works by OFFSET for callers not yet moved to cursors; its
 * answer carries cursors too, so the next step is a keyset one.
 */
export async function keysetPage<R extends { key: KeyValue[] }>(options: {
  list: string;
  keys: readonly SortKey[];
  cursor?: string;
  page?: number;
  pageSize: number;
  fetch: (seek: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<R[]>;
}): Promise<KeysetPage<R>> {
  const { list, keys, pageSize } = options;
  const cursor = options.cursor ? decodeCursor(list, keys, options.cursor) : undefined;
  const dir = cursor?.dir ?? 'next';
  const offset = cursor ? 0 : ((options.page ?? 1) - 1) * pageSize;
  // One row more than the page tells whether there is anything beyond it.
  const found = await options.fetch(cursor ? keysetWhere(keys, cursor) : undefined, keysetOrder(keys, dir), pageSize + 1, offset);
  const more = found.length > pageSize;
  const rows = found.slice(0, pageSize);
  if (dir === 'prev') rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  // Coming from a page (by cursor or by number), that page is still there the other way.
  const hasNext = dir === 'next' ? more : true;
  const hasPrev = dir === 'prev' ? more : cursor !== undefined || offset > 0;
  return {
    rows,
    next: hasNext && last ? encodeCursor(list, 'next', last.key) : null,
    prev: hasPrev && first ? encodeCursor(list, 'prev', first.key) : null,
  };
}

type Executor = Db | Tx;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * How many rows `from` (a `from … where …` clause) has: exact up to `exactUpTo`, past that the planner's estimate
 * (never below what was counted, so "about N" is at least what is known). Works the same on PGlite and PostgreSQL.
 */
export async function boundedCount(db: Executor, from: SQL, exactUpTo = EXACT_COUNT_MAX): Promise<Total> {
  const [{ n }] = await rowsOf<{ n: number | string }>(db, sql`select count(*)::int as n from (select 1 ${from} limit ${exactUpTo + 1}) bounded`);
  const counted = Number(n);
  if (counted <= exactUpTo) return { total: counted, exact: true };
  return { total: Math.max(await estimateRows(db, sql`select 1 ${from}`), counted), exact: false };
}

/** The planner's guess of how many rows a query returns (from the table's statistics; it reads no rows). */
export async function estimateRows(db: Executor, query: SQL): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  let plan = Object.values(row ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
