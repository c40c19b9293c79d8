import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../src/auth/bootstrap';
import { feedback, outbox, staffProfile, user } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createMessenger } from '../src/modules/outbox/outbox.service';
import { createComplaint } from './complaint-helpers';
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
    // The same table read by a messenger whose bound is above its size.
    const roomy = createMessenger({ db: t.database.db, log: t.app.log, exactCountMax: 1000 });
    const [{ n }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from outbox`);
    expect(await roomy.list({ page: 1, pageSize: 5 })).toMatchObject({ total: n, exact: true, prev: null });
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

describe('feedback', () => {
  it('pages the form entries once each, newest first with ties, whole and filtered, and refuses a forged cursor', async () => {
    const base = Date.parse('2026-03-02T10:00:00.000Z');
    await t.database.db.insert(feedback).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: newId(),
        subject: i % 4 === 0 ? 'CMP1000001' : 'delay',
        message: `entry ${i}`,
        name: `Sender ${i}`,
        createdAt: new Date(base + Math.floor(i / 5) * 1000),
      })),
    );
    const all = (await rowsOf<{ id: string }>(sql`select id from feedback where complaint_id is null order by created_at desc, id desc`)).map((r) => r.id);
    const whole = await walk('/api/feedback?pageSize=6', (f) => f.id as string);
    expect(whole.forwards).toEqual(all);
    expect(whole.backwards).toEqual(all);
    expect(whole.pages[0]).toMatchObject({ exact: false });
    const one = (await rowsOf<{ id: string }>(sql`select id from feedback where complaint_id is null and subject = 'CMP1000001' order by created_at desc, id desc`)).map((r) => r.id);
    const filtered = await walk('/api/feedback?pageSize=2&complaint=CMP1000001', (f) => f.id as string);
    expect(filtered.forwards).toEqual(one);
    expect(filtered.pages[0]).toMatchObject({ total: one.length, exact: true });
    await expectBadCursor('/api/feedback');
  });
});

describe('classification queue', () => {
  it('pages every call once, newest first with ties, and refuses a forged cursor', async () => {
    const passenger = await createUser(t.app);
    for (let i = 0; i < 14; i++) await createComplaint(t.app, passenger.cookie, { description: `The fan in coach B${i} is not working at all` });
    // Bursts filed in the same microsecond: the complaint id breaks the tie.
    await t.database.db.execute(sql`update classification set created_at = timestamptz '2026-03-03 10:00:00+00' + (ascii(right(complaint_id, 1)) % 3) * interval '1 second'`);
    const all = (await rowsOf<{ reference: string }>(sql`select c.reference from classification k join complaint c on c.id = k.complaint_id order by k.created_at desc, k.complaint_id desc`)).map((r) => r.reference);
    const { pages, forwards, backwards } = await walk('/api/classifications?pageSize=4', (c) => c.reference as string);
    expect(forwards).toEqual(all);
    expect(backwards).toEqual(all);
    expect(pages[0]).toMatchObject({ exact: false });
    const narrowed = await get('/api/classifications?pageSize=4&q=B13');
    expect(narrowed).toMatchObject({ total: 1, exact: true, next: null, prev: null });
    await expectBadCursor('/api/classifications');
  });
});

describe('staff', () => {
  it('pages everyone once by name, ties broken by id, and refuses a forged cursor', async () => {
    for (let i = 0; i < 9; i++) {
      // Made without signing in: nine sign-ins in a row would meet the rate limit.
      const s = await ensureAccount(t.app.services.auth, t.database.db, { email: `listed${i}@example.com`, password: 'correct-horse-42', role: 'staff', name: 'x' });
      await t.database.db.insert(staffProfile).values({ userId: s.id, jobRole: 'helpdesk_agent', department: 'Commercial', expertise: ['catering'], languages: ['en'] });
      // Three names shared three ways, in both cases: only the id tells them apart.
      await t.database.db.execute(sql`update ${user} set name = ${['Asha Rao', 'asha rao', 'Vikram Sen'][i % 3]} where id = ${s.id}`);
    }
    const all = (await rowsOf<{ id: string }>(sql`select u.id from staff_profile p join "user" u on u.id = p.user_id order by lower(u.name), u.id`)).map((r) => r.id);
    const { forwards, backwards, pages } = await walk('/api/staff?pageSize=4', (m) => m.id as string);
    expect(forwards).toEqual(all);
    expect(backwards).toEqual(all);
    expect(pages[0]).toMatchObject({ total: all.length, exact: all.length <= EXACT_MAX });
    await expectBadCursor('/api/staff');
  });
});

describe('solutions', () => {
  it('pages the library once each in its order, and refuses a forged cursor', async () => {
    const first = await get('/api/solutions?state=all&pageSize=100');
    const expected = first.items.map((s) => s.id as string);
    expect(expected.length).toBeGreaterThan(5);
    const { forwards, backwards, pages } = await walk('/api/solutions?state=all&pageSize=5', (s) => s.id as string);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    expect(pages[0].exact).toBe(expected.length <= EXACT_MAX);
    await expectBadCursor('/api/solutions');
  });
});
