import { COMPLAINT_SORTS, type ComplaintList } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listComplaints, recount, referencesInListOrder, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let staff: User;
let passenger: User;
/** Past this many rows a total is an estimate: low, so a small table shows both kinds. */
const EXACT_MAX = 10;
const ROWS = 47;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', LIST_EXACT_COUNT_MAX: String(EXACT_MAX) } });
  [staff, passenger] = await Promise.all([createUser(t.app, 'staff'), createUser(t.app)]);
  // Few distinct timestamps, so most rows tie on the sort key and the id decides; every fifth row
  // is an emergency (and every seventh), and those still open come first in every order.
  await runSql(
    t.app,
    sql`insert into complaint (id, passenger_id, type, severity, status, emergency, location, incident_date, description, due_at, created_at, updated_at, assignee_id)
      select 'page-' || lpad(g::text, 3, '0'), ${passenger.id},
        (array['water','electrical','coach-cleanliness'])[1 + g % 3],
        (array['low','medium','high'])[1 + g % 3],
        (array['open','in_progress','resolved','closed'])[1 + g % 4],
        g % 5 = 0 or g % 7 = 0,
        'Coach B2', current_date,
        case when g = 7 then 'शौचालय में पानी नहीं है' when g = 8 then 'கழிப்பறையில் தண்ணீர் இல்லை' when g = 9 then 'بیت الخلا میں پانی نہیں ہے' else 'Complaint ' || g || ': no water in the coach' end,
        timestamptz '2026-01-01 00:00:00+00' + (g % 3) * interval '1 hour',
        timestamptz '2026-01-01 00:00:00.000001+00' + (g % 4) * interval '1 microsecond',
        timestamptz '2026-01-01 00:00:00+00' + (g % 2) * interval '1 day',
        case when g % 2 = 0 then ${staff.id} end
      from generate_series(1, ${ROWS}) g`,
  );
  // Written behind the server's back: its kept figures are counted again.
  await recount(t.app);
});
afterAll(() => t.close());

async function list(query: Record<string, string | number>): Promise<ComplaintList> {
  const res = await listComplaints(t.app, staff.cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const refs = (l: ComplaintList) => l.items.map((c) => c.reference);

const expected = (where: string, sort: (typeof COMPLAINT_SORTS)[number]) => referencesInListOrder(t.app, where, sort);

/** Every page from the first by `next`, then every page back by `prev`. */
async function walk(query: Record<string, string | number>) {
  const pages: string[][] = [];
  let page = await list({ ...query, pageSize: 6 });
  expect(page.prev).toBeNull();
  pages.push(refs(page));
  while (page.next) {
    page = await list({ ...query, pageSize: 6, cursor: page.next });
    pages.push(refs(page));
    expect(pages.length).toBeLessThan(20);
  }
  const back: string[][] = [refs(page)];
  while (page.prev) {
    page = await list({ ...query, pageSize: 6, cursor: page.prev });
    back.unshift(refs(page));
    expect(back.length).toBeLessThan(20);
  }
  return { forward: pages.flat(), pages, back };
}

describe('GET /api/complaints by cursor', () => {
  const filters: [string, Record<string, string>, string][] = [
    ['everything', {}, 'true'],
    ['one status', { status: 'open' }, "status = 'open'"],
    ['one severity', { severity: 'high' }, "severity = 'high'"],
    ['nobody assigned', { assignee: 'none' }, 'assignee_id is null'],
    ['open and high', { status: 'open', severity: 'high' }, "status = 'open' and severity = 'high'"],
  ];
  for (const sort of COMPLAINT_SORTS) {
    for (const [name, query, where] of filters) {
      it(`shows every row once, in order, forwards and back: ${name}, ${sort}`, async () => {
        const want = await expected(where, sort);
        const { forward, pages, back } = await walk({ ...query, sort });
        expect(forward).toEqual(want);
        expect(back).toEqual(pages);
      });
    }
  }

  it('puts the open emergencies first', async () => {
    const open = new Set((await runSql(t.app, sql`select reference from complaint where queue_rank = 0`)).map((r) => r.reference as string));
    expect(open.size).toBeGreaterThan(6);
    const { forward } = await walk({ sort: 'due' });
    expect(new Set(forward.slice(0, open.size))).toEqual(open);
  });

  it('answers 400, never 500, to a cursor it did not make', async () => {
    const good = (await list({ pageSize: 5 })).next as string;
    const payload = JSON.parse(Buffer.from(good, 'base64url').toString());
    const forged = (change: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url');
    const bad = [
      'not a cursor',
      'abc',
      Buffer.from('{"v":1').toString('base64url'),
      forged({ k: 'yesterday' }),
      forged({ k: '99999999999999999999' }),
      forged({ i: "x' or 1=1 --" }),
      forged({ g: 40 }),
      forged({ d: 'sideways' }),
      forged({ extra: true }),
      'x'.repeat(500),
    ];
    for (const cursor of bad) {
      const res = await listComplaints(t.app, staff.cookie, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    // A cursor of another order says so.
    const res = await listComplaints(t.app, staff.cookie, { cursor: good, sort: 'due' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/sorted by newest/);
  });

  it('counts exactly when few rows match, and marks an estimate when many do', async () => {
    const few = await list({ status: 'open', severity: 'high' });
    const n = (await expected("status = 'open' and severity = 'high'", 'newest')).length;
    expect(n).toBeLessThanOrEqual(EXACT_MAX);
    expect(few).toMatchObject({ total: n, exact: true });

    // Narrowed by a search, past the bound: an estimate, never below what the page already shows.
    const many = await list({ q: 'coach' });
    expect((await expected("description ilike '%coach%'", 'newest')).length).toBeGreaterThan(EXACT_MAX);
    expect(many.exact).toBe(false);
    expect(many.total).toBeGreaterThan(EXACT_MAX);
    expect(many.total).toBeGreaterThanOrEqual(many.items.length);
  });

  it('takes the total of a status, severity, type or "unassigned" from the kept figures: exact past the bound', async () => {
    for (const [query, where] of [
      [{ type: 'water' }, "type = 'water'"],
      [{ severity: 'low', assignee: 'none' }, "severity = 'low' and assignee_id is null"],
      [{ status: 'open', type: 'electrical' }, "status = 'open' and type = 'electrical'"],
      [{ assignee: 'none' }, 'assignee_id is null'],
    ] as const) {
      const n = (await expected(where, 'newest')).length;
      expect(await list(query), where).toMatchObject({ total: n, exact: true });
    }
    expect((await expected("type = 'water'", 'newest')).length).toBeGreaterThan(EXACT_MAX);
  });

  it('takes the total of everything, or of one status, from the kept figures: exact however many', async () => {
    expect(await list({})).toMatchObject({ total: ROWS, exact: true });
    const closed = (await expected("status = 'closed'", 'newest')).length;
    expect(closed).toBeGreaterThan(EXACT_MAX);
    expect(await list({ status: 'closed' })).toMatchObject({ total: closed, exact: true });
  });

  it('still numbers pages for short lists', async () => {
    const second = await list({ page: 2, pageSize: 6, sort: 'oldest' });
    expect(refs(second)).toEqual((await expected('true', 'oldest')).slice(6, 12));
    expect(second.prev).not.toBeNull();
    // The cursor of a numbered page carries on from it.
    expect(refs(await list({ pageSize: 6, sort: 'oldest', cursor: second.next as string }))).toEqual((await expected('true', 'oldest')).slice(12, 18));
  });

  it('finds words in Hindi, Tamil, Urdu and English', async () => {
    expect(refs(await list({ q: 'पानी' }))).toEqual(['CMP' + (await ref('page-007'))]);
    expect(refs(await list({ q: 'தண்ணீர்' }))).toEqual(['CMP' + (await ref('page-008'))]);
    expect(refs(await list({ q: 'پانی' }))).toEqual(['CMP' + (await ref('page-009'))]);
    const english = await list({ q: 'NO WATER in the coach', pageSize: 100 });
    expect(english.items).toHaveLength(ROWS - 3);
  });
});

async function ref(id: string) {
  const [row] = await runSql(t.app, sql`select reference from complaint where id = ${id}`);
  return String(row.reference).slice(3);
}
