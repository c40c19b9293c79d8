import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * The staff and admin lists page by keyset: following `next` from the first page shows every row once, in the
 * list's order (rows sharing a time included), `prev` walks the same pages back, a forged cursor is a 400, and the
 * total is exact up to LIST_EXACT_COUNT_MAX (set low here) and an estimate marked `exact: false` past it.
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
const EXACT_MAX = 12;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { LIST_EXACT_COUNT_MAX: String(EXACT_MAX) } });
  admin = await createUser(t.app, 'admin');
});
afterAll(() => t.close());

type Page = { items: Record<string, unknown>[]; total: number; exact: boolean; next: string | null; prev: string | null };

async function get(url: string, cookie = admin.cookie): Promise<Page> {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

const withCursor = (url: string, cursor: string) => `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/** Every page forwards, then every page back from the last: the ids seen each way, and the pages' sizes. */
async function walk(url: string, id: (item: Record<string, unknown>) => string, cookie = admin.cookie) {
  const pages: Page[] = [await get(url, cookie)];
  expect(pages[0].prev).toBeNull();
  while (pages.at(-1)?.next) pages.push(await get(withCursor(url, pages.at(-1)?.next as string), cookie));
  const forwards = pages.flatMap((p) => p.items.map(id));
  const back: Page[] = [pages.at(-1) as Page];
  while (back.at(-1)?.prev) back.push(await get(withCursor(url, back.at(-1)?.prev as string), cookie));
  const backwards = back.reverse().flatMap((p) => p.items.map(id));
  return { pages, forwards, backwards };
}

async function expectBadCursor(url: string, cookie = admin.cookie) {
  for (const cursor of ['nonsense', 'eyJsIjoib3V0Ym94IiwiZCI6Im4iLCJrIjpbIjIwMjYiLCJ4Il19', 'a'.repeat(1200), Buffer.from('{"l":"outbox","d":"n","k":[1,2]}').toString('base64url')]) {
    const res = await t.app.inject({ url: withCursor(url, cursor), headers: { cookie } });
    expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  }
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('outbox', () => {
  it('pages every message once, newest first, ties broken by id, and back again', async () => {
    // Thirty messages in five bursts sharing a time to the microsecond, and the ones signing up wrote.
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    await t.database.db.insert(outbox).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: newId(),
        channel: 'sms' as const,
        recipient: `+9190000${String(i).padStart(5, '0')}`,
        body: `message ${i}`,
        status: 'stored' as const,
        createdAt: new Date(base + Math.floor(i / 6) * 1000),
      })),
    );
    const expected = (await rowsOf<{ id: string }>(sql`select id from outbox order by created_at desc, id desc`)).map((r) => r.id);
    const { pages, forwards, backwards } = await walk('/api/admin/outbox?pageSize=7', (m) => m.id as string);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    expect(pages.every((p) => p.items.length <= 7)).toBe(true);
    expect(pages[0]).toMatchObject({ total: expect.any(Number), exact: false });
    expect(pages[0].total).toBeGreaterThan(EXACT_MAX);
  });

  it('counts exactly at or under the bound', async () => {
    const small = await createTestApp({ env: { LIST_EXACT_COUNT_MAX: '1000' } });
    try {
      const person = await createUser(small.app, 'admin');
      const res = await small.app.inject({ url: '/api/admin/outbox', headers: { cookie: person.cookie } });
      const [{ n }] = ((await small.database.db.execute(sql`select count(*)::int as n from outbox`)) as unknown as { rows: { n: number }[] }).rows;
      expect(res.json()).toMatchObject({ total: n, exact: true, prev: null });
    } finally {
      await small.close();
    }
  });

  it('still answers page numbers, with cursors onwards', async () => {
    const expected = (await rowsOf<{ id: string }>(sql`select id from outbox order by created_at desc, id desc`)).map((r) => r.id);
    const two = await get('/api/admin/outbox?page=2&pageSize=5');
    expect(two.items.map((m) => m.id)).toEqual(expected.slice(5, 10));
    expect((await get(withCursor('/api/admin/outbox?pageSize=5', two.prev as string))).items.map((m) => m.id)).toEqual(expected.slice(0, 5));
    expect((await get(withCursor('/api/admin/outbox?pageSize=5', two.next as string))).items.map((m) => m.id)).toEqual(expected.slice(10, 15));
  });

  it('refuses a forged cursor with a 400', () => expectBadCursor('/api/admin/outbox'));
});
