import type { ComplaintDetail } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, getComplaint, jpeg, moveComplaint, patchComplaint, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let alice: User;
let bob: User;
let staff: User;
let colleague: User;
let admin: User;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [alice, bob, staff, colleague, admin] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app, 'staff'), createUser(t.app, 'staff'), createUser(t.app, 'admin')]);
});
afterAll(() => t.close());

const fileOne = (overrides: Record<string, string> = {}) => createComplaint(t.app, alice.cookie, overrides);
const detail = async (user: User, reference: string): Promise<ComplaintDetail> => {
  const res = await getComplaint(t.app, user.cookie, reference);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const nameOf = async (user: User) => (await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().name as string;

const rate = (user: User | undefined, reference: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/complaints/${reference}/feedback`, headers: user ? { cookie: user.cookie } : {}, payload });
const reopen = (user: User | undefined, reference: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/complaints/${reference}/reopen`, headers: user ? { cookie: user.cookie } : {}, payload });

async function resolved() {
  const c = await fileOne();
  await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved', note: 'Water tank refilled at Bhopal.' });
  return c;
}

describe('GET /api/complaints/:reference', () => {
  it('shows the owner the complaint with its timeline, starting with the created event', async () => {
    const c = await fileOne();
    const d = await detail(alice, c.reference);
    expect(d).toMatchObject({ reference: c.reference, status: 'open', mobile: null, passenger: null, rating: null, canReopen: false, allowedMoves: [] });
    expect(d.timeline).toEqual([
      { id: expect.any(String), kind: 'created', fromStatus: null, toStatus: 'open', note: null, internal: false, actor: { name: await nameOf(alice), role: 'passenger' }, createdAt: expect.any(String) },
    ]);
  });

  it('finds the complaint by a lower-case reference', async () => {
    const c = await fileOne();
    expect((await detail(alice, c.reference.toLowerCase())).reference).toBe(c.reference);
  });

  it("answers 404 to another passenger, as if A's complaint did not exist", async () => {
    const c = await fileOne();
    const res = await getComplaint(t.app, bob.cookie, c.reference);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Complaint not found.' });
    expect(res.body).not.toContain(c.description);
  });

  it('answers 404 to an unknown reference and 401 without a session', async () => {
    expect((await getComplaint(t.app, alice.cookie, 'CMP999999999')).statusCode).toBe(404);
    expect((await getComplaint(t.app, undefined, 'CMP100001')).statusCode).toBe(401);
  });

  it('shows staff the passenger, the legal moves and the internal notes; the passenger never sees those notes', async () => {
    const c = await fileOne({ mobile: '9876500001' });
    await moveComplaint(t.app, staff.cookie, c.reference, { note: 'Passenger sounded drunk on the call.', internal: true });
    const forStaff = await detail(staff, c.reference);
    expect(forStaff).toMatchObject({ passenger: { id: alice.id, name: await nameOf(alice) }, mobile: '+919876500001', allowedMoves: ['in_progress', 'resolved', 'closed'] });
    expect(forStaff.timeline.map((e) => [e.kind, e.internal, e.note])).toEqual([
      ['created', false, null],
      ['note', true, 'Passenger sounded drunk on the call.'],
    ]);
    const forPassenger = await getComplaint(t.app, alice.cookie, c.reference);
    expect(forPassenger.json().timeline.map((e: { kind: string }) => e.kind)).toEqual(['created']);
    expect(forPassenger.body).not.toContain('drunk');
  });

  it("lets the owner and staff read a complaint's photo, and nobody else", async () => {
    const c = await createComplaint(t.app, alice.cookie, {}, [{ bytes: await jpeg() }]);
    const url = c.photos[0].url;
    const read = (cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect((await read(alice.cookie)).statusCode).toBe(200);
    expect((await read(staff.cookie)).statusCode).toBe(200);
    expect((await read(admin.cookie)).statusCode).toBe(200);
    const forBob = await read(bob.cookie);
    expect(forBob.statusCode).toBe(404);
    expect(forBob.headers['content-type']).not.toBe('image/jpeg');
    expect((await read()).statusCode).toBe(401);
  });
});

describe('PATCH /api/complaints/:reference', () => {
  it('answers 403 to a passenger, even the owner, and 401 without a session', async () => {
    const c = await fileOne();
    expect((await patchComplaint(t.app, alice.cookie, c.reference, { status: 'resolved' })).statusCode).toBe(403);
    expect((await patchComplaint(t.app, bob.cookie, c.reference, { status: 'resolved' })).statusCode).toBe(403);
    expect((await patchComplaint(t.app, undefined, c.reference, { status: 'resolved' })).statusCode).toBe(401);
    expect((await detail(alice, c.reference)).status).toBe('open');
  });

  it('moves open → in progress → resolved, each an event with who and the note', async () => {
    const c = await fileOne();
    const started = await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress', note: 'Looking into it.' });
    expect(started).toMatchObject({ status: 'in_progress', allowedMoves: ['resolved', 'closed'], resolvedAt: null });
    const done = await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved', note: 'Tank refilled at Bhopal.' });
    expect(done.status).toBe('resolved');
    expect(done.resolvedAt).not.toBeNull();
    expect(done.allowedMoves).toEqual(['in_progress', 'closed']);
    const staffName = await nameOf(staff);
    expect(done.timeline.map((e) => ({ kind: e.kind, from: e.fromStatus, to: e.toStatus, note: e.note, actor: e.actor }))).toEqual([
      { kind: 'created', from: null, to: 'open', note: null, actor: { name: await nameOf(alice), role: 'passenger' } },
      { kind: 'status', from: 'open', to: 'in_progress', note: 'Looking into it.', actor: { name: staffName, role: 'staff' } },
      { kind: 'status', from: 'in_progress', to: 'resolved', note: 'Tank refilled at Bhopal.', actor: { name: staffName, role: 'staff' } },
    ]);
    // The passenger sees the same moves and notes, signed by the helpline rather than a staff member's name.
    const seen = await detail(alice, c.reference);
    expect(seen.timeline.map((e) => [e.toStatus, e.note, e.actor?.name])).toEqual([
      ['open', null, await nameOf(alice)],
      ['in_progress', 'Looking into it.', 'Rail Madad'],
      ['resolved', 'Tank refilled at Bhopal.', 'Rail Madad'],
    ]);
    expect(seen.canReopen).toBe(true);
  });

  it('allows a quick fix straight from open to resolved', async () => {
    const c = await fileOne();
    expect((await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved' })).status).toBe('resolved');
  });

  it('answers 409 with a clear message to an illegal move, and records nothing', async () => {
    const c = await fileOne();
    const res = await patchComplaint(t.app, staff.cookie, c.reference, { status: 'reopened' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'A complaint that is Open cannot be moved to Reopened.' });
    const d = await detail(staff, c.reference);
    expect(d.status).toBe('open');
    expect(d.timeline).toHaveLength(1);
  });

  it('answers 409 to any move of a closed complaint', async () => {
    const c = await fileOne();
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'closed', closeReason: 'resolved' });
    for (const status of ['open', 'in_progress', 'resolved', 'reopened'] as const) {
      const res = await patchComplaint(t.app, admin.cookie, c.reference, { status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toMatch(/^A complaint that is Closed cannot be moved to /);
    }
    expect((await detail(staff, c.reference)).allowedMoves).toEqual([]);
  });

  it('refuses to close without a reason', async () => {
    const c = await fileOne();
    const res = await patchComplaint(t.app, admin.cookie, c.reference, { status: 'closed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ closeReason: 'close_reason_required' });
    expect((await detail(staff, c.reference)).status).toBe('open');
  });

  it('lets only an admin close a complaint as duplicate or invalid', async () => {
    const c = await fileOne();
    for (const closeReason of ['duplicate', 'invalid'] as const) {
      const res = await patchComplaint(t.app, staff.cookie, c.reference, { status: 'closed', closeReason });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const closed = await moveComplaint(t.app, admin.cookie, c.reference, { status: 'closed', closeReason: 'duplicate', note: `Same as an earlier complaint.` });
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'duplicate' });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.timeline.at(-1)).toMatchObject({ kind: 'status', fromStatus: 'open', toStatus: 'closed', note: 'Same as an earlier complaint.', actor: { role: 'admin' } });
  });

  it('refuses to assign a complaint to a passenger or an unknown account', async () => {
    const c = await fileOne();
    for (const assigneeId of [bob.id, 'no-such-account']) {
      const res = await patchComplaint(t.app, staff.cookie, c.reference, { assigneeId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ assigneeId: 'assignee_invalid' });
    }
    expect((await detail(staff, c.reference)).assignee).toBeNull();
  });

  it('assigns to a staff account and unassigns with null, each on the timeline', async () => {
    const c = await fileOne();
    const assigned = await moveComplaint(t.app, staff.cookie, c.reference, { assigneeId: colleague.id });
    expect(assigned.assignee).toEqual({ id: colleague.id, name: await nameOf(colleague) });
    expect(assigned.status).toBe('open');
    const unassigned = await moveComplaint(t.app, staff.cookie, c.reference, { assigneeId: null });
    expect(unassigned.assignee).toBeNull();
    expect(unassigned.timeline.filter((e) => e.kind === 'assigned').map((e) => e.note)).toEqual([await nameOf(colleague), null]);
    expect((await moveComplaint(t.app, admin.cookie, c.reference, { assigneeId: admin.id })).assignee?.id).toBe(admin.id);
  });

  it('changes status, assignee and note in one request', async () => {
    const c = await fileOne();
    const d = await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress', assigneeId: staff.id, note: 'On my way to coach B2.' });
    expect(d).toMatchObject({ status: 'in_progress', assignee: { id: staff.id } });
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'status', 'assigned']);
    expect(d.timeline[1].note).toBe('On my way to coach B2.');
  });

  it('keeps an internal note off the passenger\'s timeline, even with a status change', async () => {
    const c = await fileOne();
    const d = await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress', note: 'Vendor is a repeat offender.', internal: true });
    expect(d.timeline.map((e) => [e.kind, e.note, e.internal])).toEqual([
      ['created', null, false],
      ['status', null, false],
      ['note', 'Vendor is a repeat offender.', true],
    ]);
    const seen = await getComplaint(t.app, alice.cookie, c.reference);
    expect(seen.json().timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'status']);
    expect(seen.body).not.toContain('repeat offender');
  });

  it('adds a public note the passenger sees', async () => {
    const c = await fileOne();
    await moveComplaint(t.app, staff.cookie, c.reference, { note: 'A cleaner will board at Itarsi.' });
    expect((await detail(alice, c.reference)).timeline.at(-1)).toMatchObject({ kind: 'note', note: 'A cleaner will board at Itarsi.', internal: false });
  });

  it('answers 400 to an empty change, a bad status or a bad close reason', async () => {
    const c = await fileOne();
    for (const payload of [{}, { status: 'lost' }, { status: 'closed', closeReason: 'bored' }, { note: '   ' }]) {
      const res = await patchComplaint(t.app, admin.cookie, c.reference, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 404 to an unknown reference', async () => {
    expect((await patchComplaint(t.app, staff.cookie, 'CMP999999999', { status: 'resolved' })).statusCode).toBe(404);
  });
});

describe('POST /api/complaints/:reference/feedback', () => {
  it('rates a resolved complaint, which closes it with the reason feedback', async () => {
    const c = await resolved();
    const res = await rate(alice, c.reference, { rating: 4, message: 'Quick, thank you.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', closeReason: 'feedback', rating: 4 });
    const d = await detail(alice, c.reference);
    expect(d.rating).toBe(4);
    expect(d.closedAt).not.toBeNull();
    expect(d.timeline.slice(-2).map((e) => [e.kind, e.toStatus, e.note])).toEqual([
      ['feedback', null, '4/5 · Quick, thank you.'],
      ['status', 'closed', null],
    ]);
    expect((await detail(staff, c.reference)).rating).toBe(4);
  });

  it('takes a rating without a message', async () => {
    const c = await resolved();
    expect((await rate(alice, c.reference, { rating: 1 })).json()).toMatchObject({ rating: 1, status: 'closed' });
  });

  it('answers 409 unless the complaint is resolved', async () => {
    const c = await fileOne();
    const res = await rate(alice, c.reference, { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a resolved complaint can be rated.');
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' });
    expect((await rate(alice, c.reference, { rating: 5 })).statusCode).toBe(409);
  });

  it('answers 409 to a second rating', async () => {
    const c = await resolved();
    expect((await rate(alice, c.reference, { rating: 3 })).statusCode).toBe(200);
    expect((await rate(alice, c.reference, { rating: 5 })).statusCode).toBe(409);
    expect((await detail(alice, c.reference)).rating).toBe(3);
  });

  it('answers 400 to a rating of 0, 6 or 2.5', async () => {
    const c = await resolved();
    for (const rating of [0, 6, 2.5, '5']) {
      const res = await rate(alice, c.reference, { rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().fields).toHaveProperty('rating');
    }
    expect((await detail(alice, c.reference)).status).toBe('resolved');
  });

  it('answers 404 to another passenger, 403 to staff and 401 without a session', async () => {
    const c = await resolved();
    expect((await rate(bob, c.reference, { rating: 1 })).statusCode).toBe(404);
    expect((await rate(staff, c.reference, { rating: 5 })).statusCode).toBe(403);
    expect((await rate(undefined, c.reference, { rating: 5 })).statusCode).toBe(401);
    expect((await detail(alice, c.reference)).status).toBe('resolved');
  });
});

describe('POST /api/complaints/:reference/feedback with a low rating and the reopen', () => {
  it('records the rating and reopens the complaint in one step, never closing it; the assignee hears of the reopen', async () => {
    const c = await fileOne();
    await moveComplaint(t.app, staff.cookie, c.reference, { assigneeId: colleague.id, status: 'resolved', note: 'Water tank refilled at Bhopal.' });
    const res = await rate(alice, c.reference, { rating: 2, message: 'Only half filled.', reopen: { note: 'The tank ran dry again at Itarsi.' } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as ComplaintDetail;
    expect(d).toMatchObject({ status: 'reopened', closeReason: null, closedAt: null, rating: 2, canReopen: false, assignee: { id: colleague.id } });
    expect(Date.parse(d.dueAt)).toBeGreaterThan(Date.now());
    expect(d.timeline.slice(-2).map((e) => [e.kind, e.fromStatus, e.toStatus, e.note])).toEqual([
      ['feedback', null, null, '2/5 · Only half filled.'],
      ['status', 'resolved', 'reopened', 'The tank ran dry again at Itarsi.'],
    ]);
    // Never closed on the way: no move to closed, and the rating is kept for whoever resolved it.
    expect(d.timeline.some((e) => e.toStatus === 'closed')).toBe(false);
    const [credit] = await runSql(t.app, sql`select f.rating, f.credited_to from feedback f join complaint c on c.id = f.complaint_id where c.reference = ${c.reference}`);
    expect(credit).toMatchObject({ rating: 2, credited_to: staff.id });
    const bell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: colleague.cookie } })).json().items;
    expect(bell[0]).toMatchObject({ kind: 'complaint_status', params: { reference: c.reference, status: 'reopened' } });
  });

  it('answers 400 to the reopen with a rating above 2 or without a reason, and changes nothing', async () => {
    const c = await resolved();
    const high = await rate(alice, c.reference, { rating: 3, reopen: { note: 'Not great.' } });
    expect(high.statusCode).toBe(400);
    expect(high.json().fields).toEqual({ reopen: 'reopen_low_rating_only' });
    const empty = await rate(alice, c.reference, { rating: 1, reopen: { note: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ 'reopen.note': 'note_required' });
    expect(await detail(alice, c.reference)).toMatchObject({ status: 'resolved', rating: null });
  });

  it('answers 409 to the reopen past the reopen window, recording nothing; the rating alone still closes it', async () => {
    const c = await resolved();
    await runSql(t.app, sql`update complaint set resolved_at = now() - interval '8 days' where reference = ${c.reference}`);
    const res = await rate(alice, c.reference, { rating: 1, reopen: { note: 'It broke again.' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A complaint can be reopened within 7 days of being resolved.');
    expect(await detail(alice, c.reference)).toMatchObject({ status: 'resolved', rating: null });
    expect((await rate(alice, c.reference, { rating: 1 })).json()).toMatchObject({ status: 'closed', closeReason: 'feedback', rating: 1 });
  });
});

describe('POST /api/complaints/:reference/reopen', () => {
  it('reopens a resolved complaint with the passenger\'s note, which staff then take up again', async () => {
    const c = await resolved();
    const res = await reopen(alice, c.reference, { note: 'The tank is empty again.' });
    expect(res.statusCode).toBe(200);
    const d = res.json() as ComplaintDetail;
    expect(d).toMatchObject({ status: 'reopened', canReopen: false, closedAt: null });
    expect(Date.parse(d.dueAt)).toBeGreaterThan(Date.now());
    expect(d.timeline.at(-1)).toMatchObject({ kind: 'status', fromStatus: 'resolved', toStatus: 'reopened', note: 'The tank is empty again.', actor: { role: 'passenger' } });
    expect((await detail(staff, c.reference)).allowedMoves).toEqual(['in_progress', 'resolved', 'closed']);
    expect((await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' })).status).toBe('in_progress');
  });

  it('reopens a complaint the passenger closed by rating it', async () => {
    const c = await resolved();
    await rate(alice, c.reference, { rating: 1, message: 'Nothing was done.' });
    expect((await detail(alice, c.reference)).canReopen).toBe(true);
    const res = await reopen(alice, c.reference, { note: 'Nothing was done.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reopened', closeReason: null });
  });

  it('lets the passenger rate again once a reopened complaint is resolved again', async () => {
    const c = await resolved();
    await rate(alice, c.reference, { rating: 2 });
    await reopen(alice, c.reference, { note: 'Still no water.' });
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved', note: 'Refilled at Jhansi.' });
    const res = await rate(alice, c.reference, { rating: 5, message: 'Fixed now.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', rating: 5 });
    expect(res.json().timeline.filter((e: { kind: string }) => e.kind === 'feedback').map((e: { note: string }) => e.note)).toEqual(['2/5', '5/5 · Fixed now.']);
  });

  it('answers 409 eight days after the resolution', async () => {
    const c = await resolved();
    await runSql(t.app, sql`update complaint set resolved_at = now() - interval '8 days' where reference = ${c.reference}`);
    expect((await detail(alice, c.reference)).canReopen).toBe(false);
    const res = await reopen(alice, c.reference, { note: 'It broke again.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A complaint can be reopened within 7 days of being resolved.');
    expect((await detail(alice, c.reference)).status).toBe('resolved');
  });

  it('still reopens six days after the resolution', async () => {
    const c = await resolved();
    await runSql(t.app, sql`update complaint set resolved_at = now() - interval '6 days' where reference = ${c.reference}`);
    expect((await reopen(alice, c.reference, { note: 'It broke again.' })).statusCode).toBe(200);
  });

  it('answers 409 to an open complaint, and to one an admin closed', async () => {
    const open = await fileOne();
    expect((await reopen(alice, open.reference, { note: 'Please hurry.' })).statusCode).toBe(409);
    const closed = await resolved();
    await moveComplaint(t.app, admin.cookie, closed.reference, { status: 'closed', closeReason: 'duplicate' });
    expect((await reopen(alice, closed.reference, { note: 'Why closed?' })).statusCode).toBe(409);
  });

  it('answers 400 to an empty note', async () => {
    const c = await resolved();
    for (const payload of [{ note: '   ' }, {}]) {
      const res = await reopen(alice, c.reference, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('note');
    }
    expect((await reopen(alice, c.reference, { note: '' })).json().fields.note).toBe('note_required');
  });

  it('answers 404 to another passenger, 403 to staff and 401 without a session', async () => {
    const c = await resolved();
    expect((await reopen(bob, c.reference, { note: 'Mine now.' })).statusCode).toBe(404);
    expect((await reopen(staff, c.reference, { note: 'x' })).statusCode).toBe(403);
    expect((await reopen(undefined, c.reference, { note: 'x' })).statusCode).toBe(401);
    expect((await detail(alice, c.reference)).status).toBe('resolved');
  });
});
