import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportSession } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

/**
 * The support lists that grow without end page by keyset (server/src/lib/keyset.ts): an agent's history, the admin's
 * history of everyone's ended chats, and a passenger's own chats. Following `next` shows every row once, in order
 * (rows ending or starting in the same microsecond included), `prev` walks the same pages back, nobody sees another's
 * rows, and a forged cursor is a 400. The live working sets stay whole. PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL.
 */
const EXACT_MAX = 150;
const PAGE = 25;
let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let agentA: User;
let agentB: User;
let admin: User;
let rider: User;
let other: User;

type Session = { id: string; status: string; agent: { id: string } | null; passenger: { id: string }; endedAt: string | null; createdAt: string };
type Page = { items: Session[]; total: number; exact: boolean; pageSize: number; next: string | null; prev: string | null };

const withCursor = (url: string, cursor: string) => `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

async function raw(url: string, who: User) {
  const res = await t.app.inject({ url, headers: { origin: ORIGIN, cookie: who.cookie } });
  return { status: res.statusCode, body: res.json() as Page & { code?: string; fields?: Record<string, string> } };
}

async function get(url: string, who: User): Promise<Page> {
  const res = await raw(url, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every page forwards from the first, then every page back from the last: the ids seen each way, and the pages. */
async function walk(url: string, who: User) {
  const pages: Page[] = [await get(url, who)];
  expect(pages[0].prev).toBeNull();
  while (pages.at(-1)?.next) pages.push(await get(withCursor(url, pages.at(-1)?.next as string), who));
  const back: Page[] = [pages.at(-1) as Page];
  while (back.at(-1)?.prev) back.push(await get(withCursor(url, back.at(-1)?.prev as string), who));
  const ids = (list: Page[]) => list.flatMap((p) => p.items.map((s) => s.id));
  return { pages, forwards: ids(pages), backwards: ids(back.reverse()) };
}

const idsOf = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);

/**
 * `count` sessions in bursts of five sharing a second, each burst spread over three microseconds (a JavaScript Date
 * could not tell them apart): ended ones for `agentId` when given, else open and ended ones of `passengerId`.
 */
async function seed(count: number, passengerId: string, agentId: string | null, base: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(base + Math.floor(i / 5) * 1000);
    const ended = agentId !== null || i % 4 !== 0;
    return {
      id: newId(),
      passengerId,
      agentId: agentId ?? null,
      type: 'chat' as const,
      status: ended ? ('ended' as const) : i % 8 === 0 ? ('waiting' as const) : ('active' as const),
      leftMessage: !ended && i % 8 === 0,
      createdAt: at,
      queuedAt: at,
      acceptedAt: at,
      endedAt: ended ? new Date(at.getTime() + 60_000) : null,
      endReason: ended ? 'agent' : null,
    };
  });
  await t.database.db.insert(supportSession).values(rows);
  const ids = rows.map((r) => r.id);
  await t.database.db.execute(
    sql`update ${supportSession} set created_at = created_at + (ascii(right(id, 1)) % 3) * interval '1 microsecond',
      ended_at = ended_at + (ascii(right(id, 2)) % 3) * interval '1 microsecond' where id in ${ids}`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', LIST_EXACT_COUNT_MAX: String(EXACT_MAX) } });
  [agentA, agentB, admin, rider, other] = [await createUser(t.app, 'staff'), await createUser(t.app, 'staff'), await createUser(t.app, 'admin'), await createUser(t.app), await createUser(t.app)];
  const base = Date.parse('2026-04-01T08:00:00.000Z');
  // 130 ended chats of agent A, 40 of agent B (interleaved in time), one of A still going on.
  await seed(130, other.id, agentA.id, base);
  await seed(40, rider.id, agentB.id, base + 2_500);
  await t.database.db.insert(supportSession).values({ id: newId(), passengerId: other.id, agentId: agentA.id, type: 'chat', status: 'active', acceptedAt: new Date(base) });
  // The passenger's own: 125 more, open and ended; the other passenger has their own besides.
  await seed(125, rider.id, null, base + 7_000);
  await seed(12, other.id, null, base + 7_000);
});
afterAll(() => t?.close());

describe("an agent's history", () => {
  it('pages every ended chat of theirs once, newest ended first, ties broken by id, and back again', async () => {
    const expected = await idsOf(sql`select id from support_session where status = 'ended' and agent_id = ${agentA.id} order by ended_at desc, id desc`);
    expect(expected).toHaveLength(130);
    const { pages, forwards, backwards } = await walk(`/api/support/sessions?scope=history&pageSize=${PAGE}`, agentA);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    expect(pages).toHaveLength(Math.ceil(130 / PAGE));
    expect(pages.every((p) => p.items.length <= PAGE && p.pageSize === PAGE)).toBe(true);
    expect(pages.flatMap((p) => p.items).every((s) => s.status === 'ended' && s.agent?.id === agentA.id)).toBe(true);
    expect(pages[0]).toMatchObject({ total: 130, exact: true });
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('goes back and forth between two pages and finds the same rows', async () => {
    const url = '/api/support/sessions?scope=history&pageSize=10';
    const one = await get(url, agentA);
    const two = await get(withCursor(url, one.next as string), agentA);
    const backToOne = await get(withCursor(url, two.prev as string), agentA);
    expect(backToOne.items.map((s) => s.id)).toEqual(one.items.map((s) => s.id));
    expect(backToOne.prev).toBeNull();
    const twoAgain = await get(withCursor(url, backToOne.next as string), agentA);
    expect(twoAgain.items.map((s) => s.id)).toEqual(two.items.map((s) => s.id));
  });

  it("never shows another agent's chats", async () => {
    const b = await walk(`/api/support/sessions?scope=history&pageSize=${PAGE}`, agentB);
    const expected = await idsOf(sql`select id from support_session where status = 'ended' and agent_id = ${agentB.id} order by ended_at desc, id desc`);
    expect(b.forwards).toEqual(expected);
    expect(b.pages.flatMap((p) => p.items).every((s) => s.agent?.id === agentB.id)).toBe(true);
    // A cursor from agent A's history read by agent B still shows only B's.
    const a = await get(`/api/support/sessions?scope=history&pageSize=${PAGE}`, agentA);
    const borrowed = await get(withCursor(`/api/support/sessions?scope=history&pageSize=${PAGE}`, a.next as string), agentB);
    expect(borrowed.items.every((s) => s.agent?.id === agentB.id)).toBe(true);
  });
});

describe("the admin's history", () => {
  it("pages everyone's ended chats once, in order, with an estimate past the bound", async () => {
    const expected = await idsOf(sql`select id from support_session where status = 'ended' order by ended_at desc, id desc`);
    expect(expected.length).toBeGreaterThan(EXACT_MAX);
    const { pages, forwards, backwards } = await walk(`/api/support/sessions?scope=history&pageSize=${PAGE}`, admin);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    expect(new Set(forwards).size).toBe(forwards.length);
    expect(pages[0]).toMatchObject({ exact: false });
    expect(pages[0].total).toBeGreaterThan(EXACT_MAX);
  });
});

describe("a passenger's own chats", () => {
  it("pages every chat of theirs once, newest first, open ones included, and nobody else's", async () => {
    const expected = await idsOf(sql`select id from support_session where passenger_id = ${rider.id} order by created_at desc, id desc`);
    expect(expected).toHaveLength(165);
    const { pages, forwards, backwards } = await walk(`/api/support/sessions?pageSize=${PAGE}`, rider);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    expect(pages.flatMap((p) => p.items).every((s) => s.passenger.id === rider.id)).toBe(true);
    expect(pages.flatMap((p) => p.items).some((s) => s.status !== 'ended')).toBe(true);
    // Past the bound (set low here): the planner's estimate, never below what was counted.
    expect(pages[0]).toMatchObject({ exact: false });
    expect(pages[0].total).toBeGreaterThan(EXACT_MAX);
    // Without a page size: the first 20, as the passenger's screen asks.
    const first = await get('/api/support/sessions', rider);
    expect(first.items.map((s) => s.id)).toEqual(expected.slice(0, 20));
    // A scope is a staff matter: a passenger asking for the history gets their own chats.
    expect((await get('/api/support/sessions?scope=history', rider)).items.map((s) => s.id)).toEqual(expected.slice(0, 20));
  });
});

describe('bad input', () => {
  it('refuses a forged cursor, one from another list, and a page size out of range with a 400', async () => {
    const history = '/api/support/sessions?scope=history';
    const own = await get('/api/support/sessions?pageSize=5', rider);
    const staffPage = await get(`${history}&pageSize=5`, agentA);
    const forged = [
      'nonsense',
      'a'.repeat(1200),
      'eyJsIjoib3V0Ym94IiwiZCI6Im4iLCJrIjpbIjIwMjYiLCJ4Il19',
      Buffer.from('{"l":"support-history","d":"n","k":["2026-04-01T08:00:00.000000Z"]}').toString('base64url'),
      Buffer.from('{"l":"support-history","d":"n","k":[1,2]}').toString('base64url'),
      Buffer.from('{"l":"support-history","d":"x","k":["2026-04-01T08:00:00.000000Z","a"]}').toString('base64url'),
      Buffer.from('{"l":"support-history","d":"n","k":["2026-13-45T99:00:00.000000Z","a"]}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await raw(withCursor(history, cursor), agentA);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed' });
    }
    // A passenger's cursor does not open the staff history, nor the other way round.
    expect((await raw(withCursor(history, own.next as string), agentA)).status).toBe(400);
    expect((await raw(withCursor('/api/support/sessions', staffPage.next as string), rider)).status).toBe(400);
    // The live working sets are not paged.
    const live = await raw(withCursor('/api/support/sessions?scope=queue', staffPage.next as string), agentA);
    expect(live.status).toBe(400);
    expect(live.body.fields).toEqual({ cursor: 'cursor_invalid' });
    for (const size of ['0', '101', 'ten']) expect((await raw(`${history}&pageSize=${size}`, agentA)).status).toBe(400);
  });
});

describe('the live working sets', () => {
  it('come whole, with no cursors', async () => {
    const active = await get('/api/support/sessions?scope=active&pageSize=1', agentA);
    expect(active).toMatchObject({ next: null, prev: null, total: 1, exact: true });
    expect(active.items).toHaveLength(1);
    const everyone = await get('/api/support/sessions?scope=active', admin);
    const open = await idsOf(sql`select id from support_session where status = 'active'`);
    expect(everyone).toMatchObject({ total: open.length, exact: true, next: null, prev: null });
    expect(everyone.items.map((s) => s.id).sort()).toEqual([...open].sort());
    expect(await get('/api/support/sessions?scope=mine', agentB)).toMatchObject({ items: [], total: 0, exact: true, next: null, prev: null });
  });
});
