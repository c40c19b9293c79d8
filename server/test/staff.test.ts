import type { ComplaintDetail, StaffCreate, StaffDetail, StaffList, StaffMember, StaffPatchResult } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, complaint, user } from '../src/db/schema';
import type { ChangeScope } from '../src/modules/complaints/complaint-changes';
import { createStaffService } from '../src/modules/staff/staff.service';
import { createComplaint, getComplaint, moveComplaint, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, ORIGIN, passwordTokenFromOutbox, signIn, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

// Auto-assignment gives new complaints to active staff whose expertise covers the type. The
// complaints filed here are water, bed roll and medical, and no staff member in this file
// handles those, so every assignment below is the one the test makes.
const FILED_TYPES = ['water', 'bedroll', 'medical'];

let t: TestApp;
let admin: User;
let staffUser: User;
let passenger: User;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [admin, staffUser, passenger] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app, 'staff'), createUser(t.app, 'passenger')]);
});
afterAll(() => t.close());

let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};
const staffBody = (overrides: Partial<StaffCreate> = {}): StaffCreate => {
  const id = unique();
  return {
    name: `Ravi Kumar ${id}`,
    email: `ravi.${id}@example.com`,
    phone: '9876543210',
    role: 'tte',
    department: 'Commercial',
    station: 'Bhopal Junction',
    expertise: ['electrical', 'refund'],
    languages: ['hi', 'en'],
    ...overrides,
  };
};

const as = (who: User | undefined) => (who ? { cookie: who.cookie } : {});
const post = (who: User | undefined, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/staff', headers: as(who), payload: payload as Record<string, unknown> });
const list = (who: User | undefined, query: Record<string, string | number> = {}) =>
  t.app.inject({ url: '/api/staff', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: as(who) });
const getOne = (who: User | undefined, id: string) => t.app.inject({ url: `/api/staff/${id}`, headers: as(who) });
const patch = (who: User | undefined, id: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/staff/${id}`, headers: as(who), payload: payload as Record<string, unknown> });

async function addStaff(overrides: Partial<StaffCreate> = {}): Promise<StaffMember> {
  const res = await post(admin, staffBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function edit(id: string, payload: Record<string, unknown>): Promise<StaffPatchResult> {
  const res = await patch(admin, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function detailOf(id: string): Promise<StaffDetail> {
  const res = await getOne(admin, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Follows the invitation in the outbox: opens the link, sets a password, signs in. */
async function acceptInvitation(email: string, password: string) {
  const token = await passwordTokenFromOutbox(t.app, email, 'You are invited to Rail Madad as staff');
  const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, payload: { token, newPassword: password } });
  expect(set.statusCode, set.body).toBe(200);
  return signIn(t.app, email, password);
}

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } })).statusCode;

/** A passenger's complaint, assigned by the admin to `assigneeId`. */
async function assignedComplaint(assigneeId: string, overrides: Record<string, string> = {}): Promise<ComplaintDetail> {
  const c = await createComplaint(t.app, passenger.cookie, overrides);
  expect(FILED_TYPES).toContain(c.type);
  return moveComplaint(t.app, admin.cookie, c.reference, { assigneeId });
}

describe('POST /api/staff', () => {
  it('creates a verified staff account with its record, and the invitation lets them set a password and sign in', async () => {
    const body = staffBody({ email: `  Meena.${unique()}@Example.com `, role: 'coach_attendant', station: 'NR / Delhi division' });
    const res = await post(admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const created: StaffMember = res.json();
    const email = body.email.trim().toLowerCase();
    expect(created).toEqual({
      id: expect.any(String),
      name: body.name,
      email,
      phone: '+919876543210',
      role: 'coach_attendant',
      department: 'Commercial',
      station: 'NR / Delhi division',
      expertise: ['electrical', 'refund'],
      languages: ['hi', 'en'],
      status: 'active',
      createdAt: expect.any(String),
      activeComplaints: 0,
      resolvedComplaints: 0,
      avgResolutionHours: null,
      avgRating: null,
    });
    const [row] = await t.app.services.database.db.select().from(user).where(eq(user.id, created.id));
    expect(row).toMatchObject({ role: 'staff', emailVerified: true, banned: false, phone: '+919876543210' });

    // Before the invitation is used nobody can sign in: the stored password is random.
    expect(await signInStatus(email, 'correct-horse-42')).toBe(401);
    const message = await lastMessageTo(t.app, email);
    expect(message?.body).toContain('within 7 days');
    expect(message?.body).toContain(`Namaste ${body.name}`);

    const cookie = await acceptInvitation(email, 'my-own-password-9');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: created.id, role: 'staff', email });
    // A staff member works complaints, but cannot manage staff.
    expect((await t.app.inject({ url: '/api/complaints/stats', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/staff', headers: { cookie } })).statusCode).toBe(403);
  });

  it('keeps the phone and station optional', async () => {
    const created = await addStaff({ phone: '', station: undefined, expertise: undefined });
    expect(created).toMatchObject({ phone: null, station: null, expertise: [] });
  });

  it('answers 409 with a clear message for an e-mail that already has an account, whatever its case', async () => {
    const first = await addStaff();
    const again = await post(admin, staffBody({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'A Rail Madad account with this e-mail already exists.', fields: { email: 'email_taken' } });
    const passengerEmail = await post(admin, staffBody({ email: passenger.email }));
    expect(passengerEmail.statusCode).toBe(409);
    // The passenger's account is untouched.
    const [row] = await t.app.services.database.db.select({ role: user.role }).from(user).where(eq(user.id, passenger.id));
    expect(row.role).toBe('passenger');
  });

  it.each([
    ['no name', { name: '  ' }, 'name', 'required'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'invalid_email'],
    ['a phone number that is too long', { phone: '+91 98765 43210 12345 6' }, 'phone', 'invalid_phone'],
    ['an unknown job role', { role: 'driver' }, 'role', 'role_required'],
    ['no department', { department: '' }, 'department', 'required'],
    ['an unknown complaint type as expertise', { expertise: ['rocket'] }, 'expertise.0', 'expertise_invalid'],
    ['no language', { languages: [] }, 'languages', 'language_required'],
    ['an unknown language', { languages: ['xx'] }, 'languages.0', 'language_invalid'],
    ['an unknown status', { status: 'retired' }, 'status', 'status_invalid'],
    ['a department over 100 characters', { department: 'x'.repeat(101) }, 'department', 'too_long'],
  ])('rejects %s with 400', async (_what, overrides, field, code) => {
    const res = await post(admin, { ...staffBody(), ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { [field]: code } });
  });

  it('answers 401 signed out, and 403 to staff and passengers, creating nothing', async () => {
    const body = staffBody();
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect((await post(staffUser, body)).statusCode).toBe(403);
    expect((await post(passenger, body)).statusCode).toBe(403);
    const rows = await t.app.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, body.email));
    expect(rows).toEqual([]);
    expect(await lastMessageTo(t.app, body.email)).toBeUndefined();
  });

  it('adds someone as inactive without inviting them, and they cannot sign in', async () => {
    const created = await addStaff({ status: 'inactive' });
    expect(created.status).toBe('inactive');
    expect(await lastMessageTo(t.app, created.email)).toBeUndefined();
    const [row] = await t.app.services.database.db.select({ banned: user.banned }).from(user).where(eq(user.id, created.id));
    expect(row.banned).toBe(true);
  });
});

describe('POST /api/staff/:id/invite', () => {
  it('sends a fresh invitation that works', async () => {
    const created = await addStaff();
    await acceptInvitation(created.email, 'first-password-1');
    const res = await t.app.inject({ method: 'POST', url: `/api/staff/${created.id}/invite`, headers: as(admin) });
    expect(res.statusCode).toBe(204);
    const cookie = await acceptInvitation(created.email, 'second-password-2');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses an inactive member (409), an unknown id (404), and anyone but an admin', async () => {
    const inactive = await addStaff({ status: 'inactive' });
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${inactive.id}/invite`, headers: as(admin) })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/nobody/invite', headers: as(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${inactive.id}/invite` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${inactive.id}/invite`, headers: as(staffUser) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${inactive.id}/invite`, headers: as(passenger) })).statusCode).toBe(403);
  });
});

describe('GET /api/staff', () => {
  // A department and station of their own, so other tests' people never match these searches.
  const tag = `T${unique()}`;
  let members: StaffMember[];
  beforeAll(async () => {
    members = [];
    members.push(await addStaff({ name: `Anita Sharma ${tag}`, department: `Electrical ${tag}`, station: 'Itarsi', expertise: ['electrical'] }));
    members.push(await addStaff({ name: `Bharat Singh ${tag}`, department: `Electrical ${tag}`, station: `Nagpur ${tag}`, expertise: ['electrical', 'amenities'], status: 'on_leave' }));
    members.push(await addStaff({ name: `Chitra Rao ${tag}`, department: `Catering ${tag}`, station: 'Itarsi', expertise: ['catering'], email: `chitra.${tag.toLowerCase()}@irctc.example` }));
    members.push(await addStaff({ name: `Dev Patel ${tag}`, department: `Catering ${tag}`, station: 'Itarsi', expertise: ['catering', 'refund'], status: 'inactive' }));
  });
  const names = (res: { json: () => StaffList }) => res.json().items.map((i) => i.name.replace(` ${tag}`, ''));

  it('searches names, e-mails, departments and stations, case-insensitively', async () => {
    expect(names(await list(admin, { q: `anita sharma ${tag}` }))).toEqual(['Anita Sharma']);
    expect(names(await list(admin, { q: `chitra.${tag}@IRCTC` }))).toEqual(['Chitra Rao']);
    expect(names(await list(admin, { q: `catering ${tag}` }))).toEqual(['Chitra Rao', 'Dev Patel']);
    expect(names(await list(admin, { q: `nagpur ${tag}` }))).toEqual(['Bharat Singh']);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await list(admin, { q: '%' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('filters by department, status and expertise, together with the search', async () => {
    expect(names(await list(admin, { department: `electrical ${tag}` }))).toEqual(['Anita Sharma', 'Bharat Singh']);
    expect(names(await list(admin, { department: `Catering ${tag}`, status: 'inactive' }))).toEqual(['Dev Patel']);
    expect(names(await list(admin, { q: tag, expertise: 'electrical' }))).toEqual(['Anita Sharma', 'Bharat Singh']);
    expect(names(await list(admin, { q: tag, expertise: 'refund', status: 'inactive' }))).toEqual(['Dev Patel']);
    expect(names(await list(admin, { q: tag, status: 'on_leave' }))).toEqual(['Bharat Singh']);
    expect((await list(admin, { q: tag, expertise: 'corruption' })).json()).toMatchObject({ items: [], total: 0 });
  });

  it('pages on the server, by name, and counts the whole result', async () => {
    const first: StaffList = (await list(admin, { q: tag, pageSize: 3 })).json();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items.map((i) => i.id)).toEqual(members.slice(0, 3).map((m) => m.id));
    const second: StaffList = (await list(admin, { q: tag, pageSize: 3, page: 2 })).json();
    expect(second.items.map((i) => i.id)).toEqual([members[3].id]);
  });

  it('lists every department in use for the filter', async () => {
    const { departments }: StaffList = (await list(admin)).json();
    expect(departments).toEqual(expect.arrayContaining([`Electrical ${tag}`, `Catering ${tag}`]));
  });

  it.each([
    ['an unknown status', { status: 'retired' }],
    ['an unknown expertise', { expertise: 'rocket' }],
    ['page 0', { page: 0 }],
    ['a page size over 100', { pageSize: 101 }],
  ])('rejects %s with 400', async (_what, query) => {
    const res = await list(admin, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('answers 401 signed out, and 403 to staff and passengers', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(staffUser)).statusCode).toBe(403);
    expect((await list(passenger)).statusCode).toBe(403);
  });
});

describe('live figures', () => {
  it('are worked out from the complaints: open work, resolved, hours to resolve and ratings', async () => {
    const tag = `F${unique()}`;
    const worker = await addStaff({ name: `Figures ${tag}`, expertise: ['refund'] });
    const idle = await addStaff({ name: `Idle ${tag}`, expertise: ['refund'] });
    // Ratings go to whoever resolved: here the worker, signed in.
    const workerCookie = await acceptInvitation(worker.email, 'figures-pass-1');

    const started = await assignedComplaint(worker.id);
    await moveComplaint(t.app, admin.cookie, started.reference, { status: 'in_progress' });
    await assignedComplaint(worker.id);
    const twoHours = await assignedComplaint(worker.id);
    const fourHours = await assignedComplaint(worker.id);
    const unrated = await assignedComplaint(worker.id);
    await createComplaint(t.app, passenger.cookie); // someone else's (unassigned): not counted
    for (const c of [twoHours, fourHours, unrated]) await moveComplaint(t.app, workerCookie, c.reference, { status: 'resolved' });
    // Filed 2, 4 and 6 hours before they were resolved.
    for (const [c, hours] of [[twoHours, 2], [fourHours, 4], [unrated, 6]] as const) {
      await runSql(t.app, sql`update complaint set created_at = resolved_at - make_interval(hours => ${hours}) where reference = ${c.reference}`);
    }
    // The passenger rates two of them (which closes them: closed still counts as resolved).
    for (const [c, rating] of [[twoHours, 3], [fourHours, 4]] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/complaints/${c.reference}/feedback`, headers: as(passenger), payload: { rating } });
      expect(res.statusCode, res.body).toBe(200);
    }

    const { items }: StaffList = (await list(admin, { q: tag })).json();
    expect(items.map(({ name, activeComplaints, resolvedComplaints, avgResolutionHours, avgRating }) => ({ name, activeComplaints, resolvedComplaints, avgResolutionHours, avgRating }))).toEqual([
      { name: `Figures ${tag}`, activeComplaints: 2, resolvedComplaints: 3, avgResolutionHours: 4, avgRating: 3.5 },
      { name: `Idle ${tag}`, activeComplaints: 0, resolvedComplaints: 0, avgResolutionHours: null, avgRating: null },
    ]);
    expect(await detailOf(worker.id)).toMatchObject({ activeComplaints: 2, resolvedComplaints: 3, avgResolutionHours: 4, avgRating: 3.5 });
    expect(await detailOf(idle.id)).toMatchObject({ activeComplaints: 0, resolvedComplaints: 0, avgResolutionHours: null, avgRating: null });

    // A reopened complaint is open work again.
    const reopened = await t.app.inject({ method: 'POST', url: `/api/complaints/${unrated.reference}/reopen`, headers: as(passenger), payload: { note: 'Still no refund.' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await detailOf(worker.id)).toMatchObject({ activeComplaints: 3, resolvedComplaints: 2, avgResolutionHours: 3, avgRating: 3.5 });
  });

  it('credit a rating to whoever resolved the complaint, not to whoever holds it', async () => {
    const holder = await addStaff({ name: `Holder ${unique()}`, expertise: ['refund'] });
    const c = await assignedComplaint(holder.id);
    // An admin steps in and resolves it; the passenger is unhappy.
    await moveComplaint(t.app, admin.cookie, c.reference, { status: 'resolved' });
    const rated = await t.app.inject({ method: 'POST', url: `/api/complaints/${c.reference}/feedback`, headers: as(passenger), payload: { rating: 1 } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await detailOf(holder.id)).toMatchObject({ resolvedComplaints: 1, avgRating: null });
  });
});

describe('GET /api/staff/:id', () => {
  it('shows the profile, the open queue with emergencies first, and the recent history', async () => {
    const member = await addStaff({ expertise: ['security'] });
    const memberCookie = await acceptInvitation(member.email, 'profile-pass-1');
    const routine = await assignedComplaint(member.id);
    const emergency = await assignedComplaint(member.id, { type: 'medical', description: 'A passenger fainted in coach S4 and is unconscious.' });
    expect(emergency.emergency).toBe(true);
    const done = await assignedComplaint(member.id, { type: 'bedroll', description: 'The bed roll was torn and dirty.' });
    await moveComplaint(t.app, memberCookie, done.reference, { status: 'resolved' });
    await t.app.inject({ method: 'POST', url: `/api/complaints/${done.reference}/feedback`, headers: as(passenger), payload: { rating: 5 } });

    const detail = await detailOf(member.id);
    expect(detail).toMatchObject({ id: member.id, name: member.name, email: member.email, role: 'tte', activeComplaints: 2, resolvedComplaints: 1, avgRating: 5 });
    expect(detail.queue.map((c) => c.reference)).toEqual([emergency.reference, routine.reference]);
    expect(detail.queue[0]).toMatchObject({ type: 'medical', status: 'open', severity: 'high', emergency: true, overdue: false, resolvedAt: null, rating: null });
    expect(detail.history).toEqual([
      expect.objectContaining({ reference: done.reference, type: 'bedroll', status: 'closed', rating: 5, resolvedAt: expect.any(String), description: 'The bed roll was torn and dirty.' }),
    ]);
  });

  it('answers 404 for an unknown id and for an account with no staff record', async () => {
    expect((await getOne(admin, 'no-such-id')).statusCode).toBe(404);
    const res = await getOne(admin, passenger.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('answers 401 signed out, and 403 to staff (even about themselves) and passengers', async () => {
    const member = await addStaff();
    expect((await getOne(undefined, member.id)).statusCode).toBe(401);
    expect((await getOne(staffUser, member.id)).statusCode).toBe(403);
    expect((await getOne(passenger, member.id)).statusCode).toBe(403);
    const cookie = await acceptInvitation(member.email, 'self-service-1');
    expect((await t.app.inject({ url: `/api/staff/${member.id}`, headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('PATCH /api/staff/:id', () => {
  it('edits every field', async () => {
    const member = await addStaff();
    const email = `renamed.${unique()}@example.com`;
    const changed = await edit(member.id, {
      name: 'Ravi K. Verma',
      email,
      phone: '',
      role: 'electrician',
      department: 'Electrical',
      station: null,
      expertise: ['electrical', 'amenities', 'electrical'],
      languages: ['ta'],
      status: 'on_leave',
    });
    expect(changed).toMatchObject({
      id: member.id,
      name: 'Ravi K. Verma',
      email,
      phone: null,
      role: 'electrician',
      department: 'Electrical',
      station: null,
      expertise: ['electrical', 'amenities'],
      languages: ['ta'],
      status: 'on_leave',
      returnedToQueue: [],
    });
    expect(await detailOf(member.id)).toMatchObject({ name: 'Ravi K. Verma', email, status: 'on_leave' });
    // One field at a time leaves the others alone.
    expect(await edit(member.id, { station: 'Chennai Central' })).toMatchObject({ station: 'Chennai Central', name: 'Ravi K. Verma', languages: ['ta'] });
    // The new e-mail is the one they are invited at and sign in with.
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${member.id}/invite`, headers: as(admin) })).statusCode).toBe(204);
    await acceptInvitation(email, 'renamed-pass-1');
    expect(await signInStatus(email, 'renamed-pass-1')).toBe(200);
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    const [a, b] = [await addStaff(), await addStaff()];
    const res = await patch(admin, a.id, { email: b.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', fields: { email: 'email_taken' } });
    // Their own address again is no change, not a conflict.
    expect((await patch(admin, a.id, { email: a.email })).statusCode).toBe(200);
  });

  it.each([
    ['an empty body', {}],
    ['an empty name', { name: '' }],
    ['a malformed e-mail', { email: 'nope' }],
    ['a malformed phone', { phone: 'call me' }],
    ['an unknown job role', { role: 'pilot' }],
    ['no language', { languages: [] }],
    ['an unknown status', { status: 'fired' }],
  ])('rejects %s with 400', async (_what, body) => {
    const member = await addStaff();
    const res = await patch(admin, member.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await patch(admin, 'no-such-id', { name: 'X' })).statusCode).toBe(404);
  });

  it('answers 401 signed out, and 403 to staff and passengers, changing nothing', async () => {
    const member = await addStaff();
    expect((await patch(undefined, member.id, { status: 'inactive' })).statusCode).toBe(401);
    expect((await patch(staffUser, member.id, { status: 'inactive' })).statusCode).toBe(403);
    expect((await patch(passenger, member.id, { status: 'inactive' })).statusCode).toBe(403);
    expect((await detailOf(member.id)).status).toBe('active');
  });

  it('deactivating returns their open complaints to the queue with a timeline event, stops sign-in and ends sessions; reactivating lets them back', async () => {
    const member = await addStaff({ expertise: ['coach-cleanliness'] });
    const password = 'deactivate-me-1';
    const cookie = await acceptInvitation(member.email, password);
    const open = await assignedComplaint(member.id, { type: 'bedroll', description: 'No bed roll given in coach A1.' });
    const started = await assignedComplaint(member.id, { type: 'bedroll', description: 'Dirty blanket in coach A1.' });
    await moveComplaint(t.app, cookie, started.reference, { status: 'in_progress' });
    const finished = await assignedComplaint(member.id, { type: 'bedroll', description: 'Pillow missing in coach A1.' });
    await moveComplaint(t.app, cookie, finished.reference, { status: 'resolved' });

    const result = await edit(member.id, { status: 'inactive' });
    expect(result.status).toBe('inactive');
    expect(result.returnedToQueue).toEqual([open.reference, started.reference].sort());
    expect(result).toMatchObject({ activeComplaints: 0, resolvedComplaints: 1 });

    for (const [reference, status] of [[open.reference, 'open'], [started.reference, 'in_progress']] as const) {
      const c: ComplaintDetail = (await getComplaint(t.app, admin.cookie, reference)).json();
      // Nothing is lost: the complaint keeps its status and history, and only the assignee goes.
      expect(c).toMatchObject({ status, assignee: null });
      const assignments = c.timeline.filter((e) => e.kind === 'assigned');
      expect(assignments).toHaveLength(2);
      expect(assignments[1]).toMatchObject({ note: null, actor: { role: 'admin' } });
      // The timeline says why, for staff only.
      expect(c.timeline.at(-1)).toMatchObject({ kind: 'note', internal: true, note: `Taken back from ${member.name}, whose account was deactivated.`, actor: { role: 'admin' } });
    }
    // Finished work stays theirs: it is their history.
    expect(((await getComplaint(t.app, admin.cookie, finished.reference)).json() as ComplaintDetail).assignee?.id).toBe(member.id);
    expect((await detailOf(member.id)).history.map((c) => c.reference)).toEqual([finished.reference]);

    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect(await signInStatus(member.email, password)).not.toBe(200);
    expect((await t.app.inject({ url: '/api/complaints/assignees', headers: as(admin) })).json().map((a: { id: string }) => a.id)).not.toContain(member.id);

    const back = await edit(member.id, { status: 'active' });
    expect(back).toMatchObject({ status: 'active', returnedToQueue: [] });
    expect(await signInStatus(member.email, password)).toBe(200);
    // The password survived: deactivation removed no account data.
    const [credential] = await t.app.services.database.db.select({ password: account.password }).from(account).where(eq(account.userId, member.id));
    expect(credential.password).toBeTruthy();
  });

  it('leave returns open complaints to the queue but keeps sign-in', async () => {
    const member = await addStaff();
    const password = 'on-leave-pass-1';
    await acceptInvitation(member.email, password);
    const c = await assignedComplaint(member.id, { type: 'bedroll', description: 'Bed roll not given in coach B3.' });
    const result = await edit(member.id, { status: 'on_leave' });
    expect(result.returnedToQueue).toEqual([c.reference]);
    expect(((await getComplaint(t.app, admin.cookie, c.reference)).json() as ComplaintDetail).assignee).toBeNull();
    expect(await signInStatus(member.email, password)).toBe(200);
  });

  it('hands each complaint taken back to `reassign` in the same transaction, already unassigned there', async () => {
    const member = await addStaff();
    const c = await assignedComplaint(member.id, { type: 'bedroll', description: 'No blanket in coach B1.' });
    const { auth, database, messenger, messages, notifications, changes } = t.app.services;
    const seen: (string | null)[] = [];
    const reassign = vi.fn(async (scope: ChangeScope, complaintId: string) => {
      seen.push((await scope.tx.select({ assigneeId: complaint.assigneeId }).from(complaint).where(eq(complaint.id, complaintId)))[0].assigneeId);
    });
    const service = createStaffService({ db: database.db, auth, messenger, messages, notifications, changes }, { reassign });
    const result = await service.update({ id: admin.id, role: 'admin', name: 'Admin' }, member.id, { status: 'on_leave' });
    expect(result.returnedToQueue).toEqual([c.reference]);
    expect(reassign).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null]);
    const timeline = ((await getComplaint(t.app, admin.cookie, c.reference)).json() as ComplaintDetail).timeline;
    expect(timeline.at(-1)).toMatchObject({ kind: 'note', internal: true, note: `Taken back from ${member.name}, who is on leave.` });
    // Nothing taken back, nothing handed on.
    await service.update({ id: admin.id, role: 'admin', name: 'Admin' }, member.id, { status: 'inactive' });
    expect(reassign).toHaveBeenCalledTimes(1);
  });
});
