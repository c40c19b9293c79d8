import type { ComplaintDetail, ComplaintStats } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, moveComplaint, recount, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let priya: User;
let ravi: User;
let staff: User;
let admin: User;
const stats = (user?: User) => t.app.inject({ url: '/api/complaints/stats', headers: user ? { cookie: user.cookie } : {} });
const overview = (user?: User) => t.app.inject({ url: '/api/overview', headers: user ? { cookie: user.cookie } : {} });

async function statsOf(user: User): Promise<ComplaintStats> {
  const res = await stats(user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const card = (s: ComplaintStats, status: string) => s.cards.find((c) => c.status === status);

/** Adds `n` status events moving some complaint to `status`, `daysAgo` days back. */
async function pastEvents(c: ComplaintDetail, status: string, n: number, daysAgo: number) {
  for (let i = 0; i < n; i++) {
    await runSql(
      t.app,
      sql`insert into complaint_event (id, complaint_id, kind, to_status, created_at)
          select ${`past-${status}-${daysAgo}-${i}`}, id, 'status', ${status}, now() - make_interval(days => ${daysAgo}) from complaint where reference = ${c.reference}`,
    );
  }
  await recount(t.app);
}

// Priya: c1 open and overdue, c2 in progress, c3 resolved (and past due, which no longer counts),
// c4 closed, c5 an open emergency. Ravi: c6 open.
const c: ComplaintDetail[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [priya, ravi, staff, admin] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app, 'staff'), createUser(t.app, 'admin')]);
});
afterAll(() => t.close());

describe('GET /api/complaints/stats', () => {
  it('answers zeros and no change before any complaint', async () => {
    const s = await statsOf(staff);
    expect(s).toEqual({
      cards: ['open', 'in_progress', 'resolved', 'closed'].map((status) => ({ status, count: 0, change: null })),
      overdue: 0,
      emergencies: 0,
    });
  });

  it('counts the complaints in each status, with overdue and waiting emergencies', async () => {
    for (let i = 0; i < 4; i++) c.push(await createComplaint(t.app, priya.cookie));
    c.push(await createComplaint(t.app, priya.cookie, { type: 'medical', description: 'my father has chest pain and is not breathing properly' }));
    c.push(await createComplaint(t.app, ravi.cookie));
    await moveComplaint(t.app, staff.cookie, c[1].reference, { status: 'in_progress' });
    await moveComplaint(t.app, staff.cookie, c[2].reference, { status: 'resolved' });
    await moveComplaint(t.app, staff.cookie, c[3].reference, { status: 'in_progress' });
    await moveComplaint(t.app, staff.cookie, c[3].reference, { status: 'resolved' });
    await moveComplaint(t.app, staff.cookie, c[3].reference, { status: 'closed', closeReason: 'resolved' });
    await runSql(t.app, sql`update complaint set due_at = now() - interval '2 hours' where reference in (${c[0].reference}, ${c[2].reference})`);
    await recount(t.app);

    for (const user of [staff, admin]) {
      const s = await statsOf(user);
      expect(s.cards.map((x) => [x.status, x.count])).toEqual([
        ['open', 3],
        ['in_progress', 1],
        ['resolved', 1],
        ['closed', 1],
      ]);
      expect(s.overdue).toBe(1);
      expect(s.emergencies).toBe(1);
    }
  });

  it('counts a complaint overdue from the moment its due time passes, in the current hour too', async () => {
    // Due a second ago (counted live when that is this hour, from the kept hours when the hour has just turned),
    // and due in a minute (not yet overdue).
    await runSql(t.app, sql`update complaint set due_at = now() - interval '1 second' where reference = ${c[5].reference}`);
    await runSql(t.app, sql`update complaint set due_at = now() + interval '1 minute' where reference = ${c[1].reference}`);
    await recount(t.app);
    expect((await statsOf(staff)).overdue).toBe(2);
  });

  it('shows no change while there is nothing from the month before', async () => {
    expect((await statsOf(staff)).cards.map((x) => x.change)).toEqual([null, null, null, null]);
  });

  it('computes the change from the status moves of the last 30 days against the 30 before', async () => {
    // Recent: 6 created (→ open), 2 → in progress, 2 → resolved, 1 → closed.
    await pastEvents(c[0], 'open', 2, 45); // 6 vs 2: +200 %
    await pastEvents(c[0], 'resolved', 3, 40); // 2 vs 3: -33.3 %
    await pastEvents(c[0], 'closed', 1, 59); // 1 vs 1: 0 %
    await pastEvents(c[0], 'in_progress', 5, 70); // older than 60 days: not counted, still no change
    const s = await statsOf(staff);
    expect(card(s, 'open')?.change).toBe(200);
    expect(card(s, 'resolved')?.change).toBe(-33.3);
    expect(card(s, 'closed')?.change).toBe(0);
    expect(card(s, 'in_progress')?.change).toBeNull();
    // The counts are today's, whatever the history.
    expect(s.cards.map((x) => x.count)).toEqual([3, 1, 1, 1]);
  });

  it('counts a reopened complaint in the Open card', async () => {
    const d = await createComplaint(t.app, ravi.cookie);
    await moveComplaint(t.app, staff.cookie, d.reference, { status: 'resolved' });
    const res = await t.app.inject({ method: 'POST', url: `/api/complaints/${d.reference}/reopen`, headers: { cookie: ravi.cookie }, payload: { note: 'Not fixed.' } });
    expect(res.statusCode).toBe(200);
    expect(card(await statsOf(staff), 'open')?.count).toBe(4);
    await moveComplaint(t.app, staff.cookie, d.reference, { status: 'closed', closeReason: 'resolved' });
    expect(card(await statsOf(staff), 'open')?.count).toBe(3);
  });

  it('answers 403 to a passenger and 401 without a session', async () => {
    expect((await stats(priya)).statusCode).toBe(403);
    expect((await stats()).statusCode).toBe(401);
  });
});

describe('GET /api/overview', () => {
  const cards = async (user: User) => {
    const res = await overview(user);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json().cards as { key: string; value: number }[]).map((x) => [x.key, x.value]));
  };

  it("gives a passenger three counts of their own complaints only", async () => {
    expect(await cards(priya)).toEqual({ myComplaints: 5, myOpen: 3, myResolved: 2 });
    expect(await cards(ravi)).toEqual({ myComplaints: 2, myOpen: 1, myResolved: 1 });
  });

  it('gives a passenger with no complaints zeros', async () => {
    const newcomer = await createUser(t.app);
    expect(await cards(newcomer)).toEqual({ myComplaints: 0, myOpen: 0, myResolved: 0 });
  });

  it('gives staff the open queue, the overdue and the emergencies', async () => {
    // Two overdue since the due times moved above.
    for (const user of [staff, admin]) expect(await cards(user)).toEqual({ openNow: 4, overdue: 2, emergencies: 1 });
  });

  it('answers 401 without a session', async () => {
    expect((await overview()).statusCode).toBe(401);
  });
});
