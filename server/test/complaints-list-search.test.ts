import { COMPLAINT_SORTS, type ComplaintList } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComplaintsService, createComplaintsService } from '../src/modules/complaints/complaints.service';
import { recount, referencesInListOrder, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

/*
 * A search for a rare word is gathered (its few matching rows read through the search's indexes and sorted)
 * rather than walked along the order's index; both must give the same pages and cursors.
 */

type User = Awaited<ReturnType<typeof createUser>>;
type Query = Record<string, string | number>;

let t: TestApp;
let staff: User;
/** A staff member a search finds by name. */
let named: User;
/** The server's own list: a search of up to this many rows is gathered. */
const EXACT_MAX = 12;
const ROWS = 400;
const WORD = 'kumbhakarna';
/** The same list that always walks: a bound of one row is passed by any search of two. */
let walking: ComplaintsService;
let actor: { id: string; role: 'staff'; name: string };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', LIST_EXACT_COUNT_MAX: String(EXACT_MAX) } });
  const passenger = await createUser(t.app);
  staff = await createUser(t.app, 'staff');
  named = await createUser(t.app, 'staff');
  actor = { id: staff.id, role: 'staff', name: 'Staff' };
  const { services } = t.app;
  walking = createComplaintsService({
    db: services.database.db,
    uploads: services.uploads,
    changes: services.changes,
    classifier: { predict: async () => null, record: () => { throw new Error('nothing predicted, nothing to record'); }, afterFiling: () => {} },
    exactCountMax: 1,
  });
  // The word is in every 37th description and one station: 11 rows of every severity, status and queue. Few
  // distinct timestamps, so most rows tie on the sort key and the id decides.
  await runSql(
    t.app,
    sql`insert into complaint (id, passenger_id, type, severity, status, emergency, location, station, incident_date, description, due_at, created_at, updated_at, assignee_id)
      select 'find-' || lpad(g::text, 3, '0'), ${passenger.id},
        (array['water','electrical','coach-cleanliness'])[1 + g % 3],
        (array['low','medium','high'])[1 + g % 3],
        (array['open','in_progress','resolved','closed'])[1 + g % 4],
        g % 5 = 0 or g % 7 = 0 or g % 2 = 0,
        'Coach B2', case when g = 48 then 'Kumbhakarna Nagar' end, current_date,
        case when g % 37 = 0 then 'Complaint ' || g || ': ${sql.raw(WORD)} is asleep on the berth' else 'Complaint ' || g || ': no water in the coach' end,
        timestamptz '2026-01-01 00:00:00+00' + (g % 3) * interval '1 hour',
        timestamptz '2026-01-01 00:00:00.000001+00' + (g % 4) * interval '1 microsecond',
        timestamptz '2026-01-01 00:00:00+00' + (g % 2) * interval '1 day',
        case when g % 2 = 0 then ${staff.id} end
      from generate_series(1, ${ROWS}) g`,
  );
  // Seven complaints are in the hands of a staff member the search finds by name.
  await runSql(t.app, sql`update "user" set name = 'Vibhishana Rao' where id = ${named.id}`);
  await runSql(t.app, sql`update complaint set assignee_id = ${named.id} where id in (select 'find-' || lpad(g::text, 3, '0') from generate_series(53, ${ROWS}, 53) g)`);
  await recount(t.app);
});
afterAll(() => t.close());

const expected = (where: string, sort: (typeof COMPLAINT_SORTS)[number]) => referencesInListOrder(t.app, where, sort);

/** Every page from the first by `next`, then every page back by `prev`, as the list gave them. */
async function pages(list: ComplaintsService, query: Query): Promise<ComplaintList[]> {
  const seen: ComplaintList[] = [await list.list(actor, { ...query, pageSize: 3 })];
  while (seen.at(-1)?.next) {
    seen.push(await list.list(actor, { ...query, pageSize: 3, cursor: seen.at(-1)?.next as string }));
    expect(seen.length).toBeLessThan(20);
  }
  let back = seen.at(-1);
  while (back?.prev) {
    back = await list.list(actor, { ...query, pageSize: 3, cursor: back.prev });
    seen.push(back);
    expect(seen.length).toBeLessThan(40);
  }
  return seen;
}
const refs = (l: ComplaintList) => l.items.map((c) => c.reference);
/** A page without its total: the walking list only estimates that. */
const pageOf = ({ items, next, prev, page, pageSize }: ComplaintList) => ({ items, next, prev, page, pageSize });

describe('GET /api/complaints searching a rare word', () => {
  const matches = `(description ilike '%${WORD}%' or station ilike '%${WORD}%')`;
  // The rows each should find, in SQL (a function: the accounts are made before the tests run).
  const filters: [string, Query, () => string][] = [
    ['the word', { q: WORD }, () => matches],
    ['the word, open', { q: WORD.toUpperCase(), status: 'open' }, () => `${matches} and status = 'open'`],
    ['the word, high', { q: WORD, severity: 'high' }, () => `${matches} and severity = 'high'`],
    ['the word, mine', { q: WORD, assignee: 'me' }, () => `${matches} and assignee_id = '${staff.id}'`],
    ['a staff name', { q: 'vibhishana' }, () => `assignee_id = '${named.id}'`],
  ];

  it('has rows of the word in every queue and severity, fewer than the bound', async () => {
    const groups = await runSql(t.app, sql.raw(`select distinct queue_rank, severity from complaint where ${matches}`));
    expect(groups).toHaveLength(6);
    expect((await expected(matches, 'newest')).length).toBe(EXACT_MAX - 1);
  });

  for (const sort of COMPLAINT_SORTS) {
    for (const [name, query, where] of filters) {
      it(`gathers the same pages and cursors as the walk: ${name}, ${sort}`, async () => {
        const want = await expected(where(), sort);
        expect(want.length).toBeGreaterThan(0);
        const gathered = await pages(t.app.services.complaints, { ...query, sort });
        // Exact, so gathered; the walking list passes its bound.
        for (const page of gathered) expect(page).toMatchObject({ total: want.length, exact: true });
        const forward = gathered.slice(0, Math.ceil(want.length / 3));
        expect(forward.flatMap(refs)).toEqual(want);
        // Back by `prev` to the first page, page for page.
        expect(gathered.slice(forward.length - 1).map(refs)).toEqual(forward.map(refs).reverse());

        const walked = await pages(walking, { ...query, sort });
        expect(walked.every((page) => !page.exact)).toBe(true);
        expect(gathered.map(pageOf)).toEqual(walked.map(pageOf));
      });
    }
  }

  it('walks a word past the bound, with an estimate', async () => {
    const many = await t.app.services.complaints.list(actor, { q: 'no water', sort: 'severity', pageSize: 5 });
    expect(many.exact).toBe(false);
    expect(refs(many)).toEqual((await expected("description ilike '%no water%'", 'severity')).slice(0, 5));
  });
});
