import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffProfile, user, userSettings } from '../src/db/schema';
import { createComplaint, fileComplaint, complaintFields } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

/** A staff account with a working profile, as staff management makes them. */
async function staffMember(expertise: string[], languages: string[] = ['en'], status: 'active' | 'on_leave' | 'inactive' = 'active') {
  const s = await createUser(t.app, 'staff');
  await t.database.db.insert(staffProfile).values({ userId: s.id, jobRole: 'helpdesk_agent', department: 'Commercial', expertise, languages, status });
  return s;
}

describe('auto-assignment on filing', () => {
  it('gives a new complaint to the active staff member who handles its type and has the fewest open complaints', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const busy = await staffMember(['bedroll']);
    const free = await staffMember(['bedroll']);
    await staffMember(['water']);
    const admin = await createUser(t.app, 'admin');
    const passenger = await createUser(t.app);
    // Give the first one an open complaint already.
    const first = await createComplaint(t.app, passenger.cookie, { type: 'bedroll', description: 'Bed roll not given in coach A1.' });
    const firstOwner = first.assignee?.id;
    expect([busy.id, free.id]).toContain(firstOwner);

    const second = await createComplaint(t.app, passenger.cookie, { type: 'bedroll', description: 'Blanket torn and dirty in coach A1.' });
    expect(second.assignee?.id).toBeDefined();
    expect(second.assignee?.id).not.toBe(firstOwner);
    // The assignment is on the timeline, made by the system, not by a person.
    const detail = (await t.app.inject({ url: `/api/complaints/${second.reference}`, headers: { cookie: admin.cookie } })).json();
    const event = detail.timeline.find((e: { kind: string }) => e.kind === 'assigned');
    expect(event).toMatchObject({ actor: null });
    // The assignee hears of it.
    const bell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: second.assignee?.id === busy.id ? busy.cookie : free.cookie } })).json();
    expect(bell.items.map((n: { kind: string; params: { reference?: string } }) => `${n.kind}:${n.params.reference}`)).toContain(`complaint_assigned:${second.reference}`);
    // Given to someone: the admins are not asked to find anyone for it.
    const adminBell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: admin.cookie } })).json();
    expect(adminBell.items.filter((n: { kind: string; params: { reference?: string } }) => n.kind === 'complaint_unassigned' && n.params.reference === second.reference)).toEqual([]);
  });

  it('leaves the complaint in the queue when nobody active handles its type', async () => {
    await staffMember(['refund'], ['en'], 'on_leave');
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'refund', description: 'TDR refund not received after 30 days.' });
    expect(c.assignee).toBeNull();
  });

  it('prefers, between equally busy staff, the one who speaks the passenger’s language', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    await staffMember(['catering'], ['en']);
    const hindi = await staffMember(['catering'], ['en', 'hi']);
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'catering', language: 'hi', description: 'खाना बासी था और ठंडा भी।' });
    expect(c.assignee?.id).toBe(hindi.id);
  });

  it('sends an emergency to its assignee by SMS at once, even with SMS updates switched off', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const medic = await staffMember(['medical']);
    await t.database.db.update(user).set({ phone: '+919811122233' }).where(eq(user.id, medic.id));
    await t.database.db.insert(userSettings).values({ userId: medic.id, smsNotifications: false }).onConflictDoUpdate({ target: userSettings.userId, set: { smsNotifications: false } });
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'medical', description: 'My father has chest pain and is not breathing properly, coach B3.' });
    expect(c.emergency).toBe(true);
    expect(c.assignee?.id).toBe(medic.id);
    const sms = await lastMessageTo(t.app, '+919811122233');
    expect(sms?.body).toContain(`EMERGENCY: complaint ${c.reference} is assigned to you`);
  });

  it('assigns a reopened complaint that nobody holds', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const admin = await createUser(t.app, 'admin');
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'punctuality', description: 'Train held at the outer for two hours.' });
    expect(c.assignee).toBeNull();
    for (const status of ['in_progress', 'resolved']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/complaints/${c.reference}`, headers: { cookie: admin.cookie }, payload: { status } });
      expect(res.statusCode).toBe(200);
    }
    const ops = await staffMember(['punctuality']);
    const reopened = await t.app.inject({ method: 'POST', url: `/api/complaints/${c.reference}/reopen`, headers: { cookie: passenger.cookie }, payload: { note: 'Still late every day.' } });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().assignee?.id).toBe(ops.id);
  });

  it('assigns a complaint nobody holds that the passenger reopens with a low rating, in the same step', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const admin = await createUser(t.app, 'admin');
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'security', description: 'Unauthorised vendors in coach S4 at night.' });
    expect(c.assignee).toBeNull();
    await t.app.inject({ method: 'PATCH', url: `/api/complaints/${c.reference}`, headers: { cookie: admin.cookie }, payload: { status: 'resolved' } });
    const guard = await staffMember(['security']);
    const res = await t.app.inject({ method: 'POST', url: `/api/complaints/${c.reference}/feedback`, headers: { cookie: passenger.cookie }, payload: { rating: 1, reopen: { note: 'They were back the next night.' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reopened', rating: 1, assignee: { id: guard.id } });
    const bell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: guard.cookie } })).json();
    expect(bell.items[0]).toMatchObject({ kind: 'complaint_assigned', params: { reference: c.reference } });
  });
});

describe('auto-assignment when a staff member is deactivated', () => {
  it('gives their open complaints to another active colleague who handles the type', async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const admin = await createUser(t.app, 'admin');
    const leaving = await staffMember(['ticketing']);
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'ticketing', description: 'Waitlisted ticket shows confirmed in the app but not on the chart.' });
    expect(c.assignee?.id).toBe(leaving.id);
    const colleague = await staffMember(['ticketing']);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/staff/${leaving.id}`, headers: { cookie: admin.cookie }, payload: { status: 'inactive' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.app.inject({ url: `/api/complaints/${c.reference}`, headers: { cookie: admin.cookie } })).json();
    expect(after.assignee?.id).toBe(colleague.id);
    // Both moves are on the timeline: back to the queue, then to the colleague.
    expect(after.timeline.filter((e: { kind: string }) => e.kind === 'assigned').length).toBe(3);
  });
});

describe('GET and PATCH /api/admin/settings', () => {
  it('lets an admin switch auto-assignment off, and then nothing is assigned by itself', async () => {
    const admin = await createUser(t.app, 'admin');
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } })).json()).toEqual({ autoAssign: true });
    const off = await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie: admin.cookie }, payload: { autoAssign: false } });
    expect(off.json()).toEqual({ autoAssign: false });
    await staffMember(['amenities']);
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { type: 'amenities', description: 'The lift at platform 5 is not working.' });
    expect(c.assignee).toBeNull();
    await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie: admin.cookie }, payload: { autoAssign: true } });
  });

  it('refuses staff and passengers', async () => {
    const staff = await createUser(t.app, 'staff');
    const passenger = await createUser(t.app);
    for (const cookie of [staff.cookie, passenger.cookie]) {
      expect((await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: { autoAssign: false } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
  });
});

describe('the count behind each choice', () => {
  it('is the kept open count per assignee (held to a recount by figures.test.ts), read after taking the lock', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select pg_get_functiondef('railmadad_open_load_locked(text)'::regprocedure) as body`,
    )) as unknown as { rows: { body: string }[] };
    const body = rows[0].body;
    expect(body.indexOf('pg_advisory_xact_lock')).toBeGreaterThan(-1);
    expect(body.indexOf('complaint_open_load')).toBeGreaterThan(body.indexOf('pg_advisory_xact_lock'));
    expect(body).not.toMatch(/from\s+"?complaint"?\s/i);
  });
});

describe('200 complaints filed at the same moment', () => {
  it('spread evenly over the staff who handle them, never piling onto one person', { timeout: 180_000 }, async () => {
    await t.database.db.execute(sql`update staff_profile set status = 'inactive'`);
    const team = await Promise.all(Array.from({ length: 8 }, () => staffMember(['electrical'])));
    const passengers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fileComplaint(t.app, passengers[i % 10].cookie, complaintFields({ type: 'electrical', description: `Fan not working at berth ${i + 1}, coach S${(i % 9) + 1}.` })),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const counts = await t.database.db.execute(sql`select assignee_id, count(*)::int as n from complaint where type = 'electrical' group by assignee_id`);
    // Both drivers answer { rows }.
    const { rows } = counts as unknown as { rows: { assignee_id: string | null; n: number }[] };
    const perPerson = new Map(rows.map((r) => [r.assignee_id, Number(r.n)]));
    expect(perPerson.get(null as unknown as string)).toBeUndefined();
    expect(team.map((s) => perPerson.get(s.id) ?? 0)).toEqual(Array(8).fill(25));
  });
});
