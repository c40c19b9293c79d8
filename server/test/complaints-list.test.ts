import type { ComplaintDetail, ComplaintList } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, listComplaints, moveComplaint, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let alice: User;
let bob: User;
let sorter: User;
let staff: User;
let colleague: User;
let admin: User;
/** Alice's complaints, each with something of its own to find it by. */
const mine: Record<'water' | 'fan' | 'food' | 'rude', ComplaintDetail> = {} as never;
let bobs: ComplaintDetail;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [alice, bob, sorter, staff, colleague, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, 'staff'),
    createUser(t.app, 'staff'),
    createUser(t.app, 'admin'),
  ]);
  mine.water = await createComplaint(t.app, alice.cookie, { pnr: '2211334455', description: 'No water in the coach toilets since Itarsi.' });
  mine.fan = await createComplaint(t.app, alice.cookie, { type: 'electrical', severity: 'high', pnr: '2211334466', description: 'The fan over berth 22 has stopped working.' });
  mine.food = await createComplaint(t.app, alice.cookie, { type: 'catering', severity: 'low', pnr: '2211334477', description: 'Cockroaches in the pantry car, food served cold.' });
  mine.rude = await createComplaint(t.app, alice.cookie, { type: 'staff-behaviour', pnr: '2211334488', description: 'The TTE shouted at an elderly passenger.' });
  bobs = await createComplaint(t.app, bob.cookie, { pnr: '9988776655', description: 'Bob: the charging point near seat 40 gives no power.' });
  // A minute apart, in the order filed: PGlite's clock ticks in milliseconds, so quick filings could tie.
  for (const [i, c] of [mine.water, mine.fan, mine.food, mine.rude, bobs].entries()) {
    await runSql(t.app, sql`update complaint set created_at = now() - make_interval(mins => ${10 - i}) where reference = ${c.reference}`);
  }
  await moveComplaint(t.app, staff.cookie, mine.fan.reference, { status: 'in_progress', assigneeId: staff.id });
  await moveComplaint(t.app, staff.cookie, mine.food.reference, { assigneeId: colleague.id });
});
afterAll(() => t.close());

async function list(user: User | undefined, query: Record<string, string | number> = {}): Promise<ComplaintList> {
  const res = await listComplaints(t.app, user?.cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const refs = (l: ComplaintList) => l.items.map((c) => c.reference);
const all = () => [...Object.values(mine), bobs].map((c) => c.reference);

describe('GET /api/complaints', () => {
  it("shows a passenger only their own complaints, newest first", async () => {
    const l = await list(alice);
    expect(l.total).toBe(4);
    expect(refs(l)).toEqual([mine.rude, mine.food, mine.fan, mine.water].map((c) => c.reference));
    expect(refs(await list(bob))).toEqual([bobs.reference]);
  });

  it('shows staff and admins every complaint', async () => {
    for (const user of [staff, admin]) {
      const l = await list(user);
      expect(l.total).toBe(5);
      expect(refs(l).sort()).toEqual(all().sort());
    }
  });

  it('gives each row its summary', async () => {
    const row = (await list(staff, { q: mine.fan.reference })).items[0];
    expect(row).toMatchObject({
      reference: mine.fan.reference,
      type: 'electrical',
      status: 'in_progress',
      severity: 'high',
      emergency: false,
      pnr: '2211334466',
      trainNumber: '12951',
      overdue: false,
      assignee: { id: staff.id, name: expect.any(String) },
      photoCount: 0,
    });
  });

  it('filters by status', async () => {
    expect(refs(await list(staff, { status: 'in_progress' }))).toEqual([mine.fan.reference]);
    expect((await list(staff, { status: 'open' })).total).toBe(4);
    expect((await list(staff, { status: 'resolved' })).total).toBe(0);
  });

  it('filters by severity', async () => {
    expect(refs(await list(staff, { severity: 'low' }))).toEqual([mine.food.reference]);
    expect(refs(await list(staff, { severity: 'high' }))).toEqual([mine.fan.reference]);
  });

  it('filters by type', async () => {
    expect(refs(await list(staff, { type: 'catering' }))).toEqual([mine.food.reference]);
    expect((await list(staff, { type: 'water' })).total).toBe(2);
  });

  it('filters by assignee: an id, "me" and "none"', async () => {
    expect(refs(await list(admin, { assignee: colleague.id }))).toEqual([mine.food.reference]);
    expect(refs(await list(staff, { assignee: 'me' }))).toEqual([mine.fan.reference]);
    expect(refs(await list(colleague, { assignee: 'me' }))).toEqual([mine.food.reference]);
    expect(refs(await list(staff, { assignee: 'none' })).sort()).toEqual([mine.water, mine.rude, bobs].map((c) => c.reference).sort());
  });

  it('combines filters', async () => {
    expect(refs(await list(staff, { type: 'water', assignee: 'none', q: 'Itarsi' }))).toEqual([mine.water.reference]);
    expect((await list(staff, { type: 'water', status: 'in_progress' })).total).toBe(0);
  });

  it('searches by reference, in any case', async () => {
    expect(refs(await list(staff, { q: mine.rude.reference }))).toEqual([mine.rude.reference]);
    expect(refs(await list(alice, { q: mine.rude.reference.toLowerCase() }))).toEqual([mine.rude.reference]);
  });

  it('searches by PNR', async () => {
    expect(refs(await list(staff, { q: '2211334477' }))).toEqual([mine.food.reference]);
    expect(refs(await list(alice, { q: '2211334466' }))).toEqual([mine.fan.reference]);
  });

  it('searches by words of the description, ignoring case', async () => {
    expect(refs(await list(staff, { q: 'cockroaches' }))).toEqual([mine.food.reference]);
    expect(refs(await list(alice, { q: 'berth 22' }))).toEqual([mine.fan.reference]);
    expect((await list(staff, { q: 'nothing like this anywhere' })).total).toBe(0);
  });

  it("never finds another passenger's complaint by search", async () => {
    expect((await list(bob, { q: mine.water.reference })).total).toBe(0);
    expect((await list(bob, { q: '2211334455' })).total).toBe(0);
    expect((await list(bob, { q: 'Itarsi' })).total).toBe(0);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list(staff, { q: '%' })).total).toBe(0);
    expect((await list(staff, { q: '_' })).total).toBe(0);
  });

  it('pages with page, pageSize and total', async () => {
    const first = await list(staff, { pageSize: 2, page: 1 });
    const second = await list(staff, { pageSize: 2, page: 2 });
    const third = await list(staff, { pageSize: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    expect([...refs(first), ...refs(second), ...refs(third)].sort()).toEqual(all().sort());
    expect((await list(staff, { pageSize: 2, page: 4 })).items).toEqual([]);
  });

  it('pages 20 at a time by default', async () => {
    expect(await list(staff)).toMatchObject({ page: 1, pageSize: 20 });
  });

  describe('sorting', () => {
    let low: ComplaintDetail;
    let medium: ComplaintDetail;
    let high: ComplaintDetail;
    beforeAll(async () => {
      // Filed in the order low, high, medium, then back-dated so that every order differs.
      low = await createComplaint(t.app, sorter.cookie, { severity: 'low' });
      high = await createComplaint(t.app, sorter.cookie, { severity: 'high' });
      medium = await createComplaint(t.app, sorter.cookie, { severity: 'medium' });
      const set = (c: ComplaintDetail, created: string, due: string) =>
        runSql(t.app, sql`update complaint set created_at = now() - ${created}::interval, due_at = now() + ${due}::interval where reference = ${c.reference}`);
      await set(low, '3 hours', '5 hours');
      await set(high, '1 hour', '9 hours');
      await set(medium, '2 hours', '1 hour');
    });
    const order = async (sort: string) => refs(await list(sorter, { sort })).map((r) => ({ [low.reference]: 'low', [medium.reference]: 'medium', [high.reference]: 'high' })[r]);

    it('sorts newest first', async () => expect(await order('newest')).toEqual(['high', 'medium', 'low']));
    it('sorts oldest first', async () => expect(await order('oldest')).toEqual(['low', 'medium', 'high']));
    it('sorts by due time, soonest first', async () => expect(await order('due')).toEqual(['medium', 'low', 'high']));
    it('sorts by severity, high first', async () => expect(await order('severity')).toEqual(['high', 'medium', 'low']));

    it('puts an open emergency first whatever the sort, for the passenger and for staff', async () => {
      const emergency = await createComplaint(t.app, sorter.cookie, { type: 'medical', description: 'A passenger collapsed near the door and is unconscious.' });
      expect(emergency.emergency).toBe(true);
      await runSql(t.app, sql`update complaint set created_at = now() - interval '5 hours', due_at = now() + interval '30 days' where reference = ${emergency.reference}`);
      for (const sort of ['newest', 'oldest', 'due', 'severity']) {
        expect(refs(await list(sorter, { sort }))[0], sort).toBe(emergency.reference);
        expect(refs(await list(staff, { sort }))[0], sort).toBe(emergency.reference);
      }
      // Once handled it takes its ordinary place again.
      await moveComplaint(t.app, staff.cookie, emergency.reference, { status: 'resolved', note: 'Doctor attended at Bhopal.' });
      expect(refs(await list(sorter, { sort: 'newest' })).at(-1)).toBe(emergency.reference);
    });
  });

  it('marks a complaint overdue once its due time has passed, and only while it is still open', async () => {
    expect((await list(staff, { q: mine.rude.reference })).items[0].overdue).toBe(false);
    await runSql(t.app, sql`update complaint set due_at = now() - interval '1 hour' where reference in (${mine.rude.reference}, ${bobs.reference})`);
    expect((await list(staff, { q: mine.rude.reference })).items[0].overdue).toBe(true);
    expect((await list(alice, { q: mine.rude.reference })).items[0].overdue).toBe(true);
    expect(refs(await list(staff, { overdue: 'true' })).sort()).toEqual([mine.rude.reference, bobs.reference].sort());

    await moveComplaint(t.app, staff.cookie, bobs.reference, { status: 'resolved' });
    expect((await list(bob)).items[0].overdue).toBe(false);
  });

  it('answers 400 to a bad filter or page', async () => {
    const bad: Record<string, string | number>[] = [{ status: 'lost' }, { severity: 'urgent' }, { type: 'weather' }, { sort: 'random' }, { page: 0 }, { pageSize: 101 }, { page: 'two' }];
    for (const query of bad) {
      const res = await listComplaints(t.app, staff.cookie, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await listComplaints(t.app, undefined)).statusCode).toBe(401);
  });
});
