import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type Cursor, decodeCursor, encodeCursor, keysetOrder, keysetPage, keysetWhere, type SortKey } from './keyset';

const dialect = new PgDialect();
const render = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q);

const newestFirst: SortKey[] = [
  { expr: sql`t.created_at`, dir: 'desc', kind: 'time' },
  { expr: sql`t.id`, dir: 'desc', kind: 'text' },
];
const mixed: SortKey[] = [
  { expr: sql`t.uses`, dir: 'desc', kind: 'int' },
  { expr: sql`t.rate`, dir: 'desc', kind: 'float' },
  { expr: sql`t.name`, dir: 'asc', kind: 'text' },
];

const rejects = (token: string, keys: SortKey[] = newestFirst, list = 'outbox') => {
  try {
    decodeCursor(list, keys, token);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).fields).toEqual({ cursor: 'cursor_invalid' });
    return;
  }
  throw new Error(`accepted ${token}`);
};
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trip the key and the direction, and are opaque URL-safe text', () => {
    const key = ['2026-01-02T03:04:05.123456Z', 'abc'];
    const token = encodeCursor('outbox', 'prev', key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('outbox', newestFirst, token)).toEqual({ dir: 'prev', key });
    expect(decodeCursor('solutions', mixed, encodeCursor('solutions', 'next', [3, 0.5, 'x']))).toEqual({ dir: 'next', key: [3, 0.5, 'x'] });
  });

  it('refuse anything forged, cut short or from another list as a 400 naming the cursor', () => {
    const good = encodeCursor('outbox', 'next', ['2026-01-02T03:04:05.123456Z', 'abc']);
    rejects(good.slice(0, -4));
    rejects(`${good}!`);
    rejects('');
    rejects('x'.repeat(2000));
    rejects(good, newestFirst, 'feedback');
    rejects(forge('just a string'));
    rejects(forge(null));
    rejects(forge({ l: 'outbox', d: 'n', k: ['2026-01-02T03:04:05.123456Z'] }));
    rejects(forge({ l: 'outbox', d: 'sideways', k: ['2026-01-02T03:04:05.123456Z', 'a'] }));
    rejects(forge({ l: 'outbox', d: 'n', k: ['yesterday', 'a'] }));
    rejects(forge({ l: 'outbox', d: 'n', k: ['2026-13-45T03:04:05.123456Z', 'a'] }));
    rejects(forge({ l: 'outbox', d: 'n', k: ['2026-01-02T03:04:05.123456Z', 7] }));
    rejects(forge({ l: 'outbox', d: 'n', k: ['2026-01-02T03:04:05.123456Z', 'a\u0000b'] }));
    rejects(forge({ l: 'solutions', d: 'n', k: [1.5, 0.5, 'x'] }), mixed, 'solutions');
    rejects(forge({ l: 'solutions', d: 'n', k: [1, 'NaN', 'x'] }), mixed, 'solutions');
  });
});

describe('seeking', () => {
  const at = (dir: Cursor['dir']): Cursor => ({ dir, key: ['2026-01-02T03:04:05.123456Z', 'abc'] });

  it('is one row comparison when every key runs the same way, so an index seeks it', () => {
    expect(render(keysetWhere(newestFirst, at('next')))).toMatchObject({ sql: '(t.created_at, t.id) < ($1::timestamptz, $2::text)', params: ['2026-01-02T03:04:05.123456Z', 'abc'] });
    expect(render(keysetWhere(newestFirst, at('prev'))).sql).toBe('(t.created_at, t.id) > ($1::timestamptz, $2::text)');
  });

  it('spells mixed directions out key by key', () => {
    const q = render(keysetWhere(mixed, { dir: 'next', key: [3, 0.5, 'x'] }));
    expect(q.sql).toBe('((t.uses < $1::int8) or (t.uses = $2::int8 and t.rate < $3::float8) or (t.uses = $4::int8 and t.rate = $5::float8 and t.name > $6::text))');
  });

  it('reverses the order to read backwards', () => {
    expect(keysetOrder(newestFirst, 'next').map((o) => render(o).sql)).toEqual(['t.created_at desc', 't.id desc']);
    expect(keysetOrder(mixed, 'prev').map((o) => render(o).sql)).toEqual(['t.uses asc', 't.rate asc', 't.name desc']);
  });
});

describe('keysetPage', () => {
  // An in-memory list in the order (n desc): the fetch reads what the seek would let through.
  const all = Array.from({ length: 7 }, (_, i) => ({ n: 7 - i, key: ['2026-01-01T00:00:00.000000Z', `id${7 - i}`] as (string | number)[] }));
  const keys = newestFirst;
  const fetch = (cursor: string | undefined) => async (_seek: unknown, _order: unknown, limit: number, offset: number) => {
    if (!cursor) return all.slice(offset, offset + limit);
    const c = decodeCursor('t', keys, cursor);
    const at = all.findIndex((r) => r.key[1] === c.key[1]);
    return c.dir === 'next' ? all.slice(at + 1, at + 1 + limit) : all.slice(Math.max(0, at - limit), at).reverse();
  };
  const page = (cursor?: string, pageNumber?: number) => keysetPage({ list: 't', keys, cursor, page: pageNumber, pageSize: 3, fetch: fetch(cursor) });

  it('walks forwards and back with no row twice and none missed', async () => {
    const one = await page();
    expect(one.rows.map((r) => r.n)).toEqual([7, 6, 5]);
    expect(one.prev).toBeNull();
    const two = await page(one.next ?? undefined);
    expect(two.rows.map((r) => r.n)).toEqual([4, 3, 2]);
    const three = await page(two.next ?? undefined);
    expect(three.rows.map((r) => r.n)).toEqual([1]);
    expect(three.next).toBeNull();
    const back = await page(three.prev ?? undefined);
    expect(back.rows.map((r) => r.n)).toEqual([4, 3, 2]);
    const first = await page(back.prev ?? undefined);
    expect(first.rows.map((r) => r.n)).toEqual([7, 6, 5]);
    expect(first.prev).toBeNull();
    expect(first.next).not.toBeNull();
  });

  it('still answers a numbered page, with cursors to go on from it', async () => {
    const two = await page(undefined, 2);
    expect(two.rows.map((r) => r.n)).toEqual([4, 3, 2]);
    expect((await page(two.prev ?? undefined)).rows.map((r) => r.n)).toEqual([7, 6, 5]);
  });
});
