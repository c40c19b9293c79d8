import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, moveComplaint, notificationsOf } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let staff: User;
let colleague: User;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [staff, colleague] = await Promise.all([createUser(t.app, 'staff'), createUser(t.app, 'staff')]);
});
afterAll(() => t.close());

const about = async (user: User, reference: string) => (await notificationsOf(t.app, user.cookie)).filter((n) => n.params.reference === reference);
/** Every outbox message to these recipients (newest first). */
async function outboxFor(...recipients: string[]) {
  const { items } = await t.app.services.messenger.list({ page: 1, pageSize: 100 });
  return items.filter((m) => recipients.includes(m.recipient));
}

describe('PATCH /api/complaints/:reference notifies', () => {
  it('the passenger of the resolution: in the bell, by SMS to the complaint\'s mobile and by e-mail', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 11111' });
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved', note: 'Water tank refilled at Bhopal.' });

    const bell = await about(passenger, c.reference);
    expect(bell.map((n) => n.kind)).toEqual(['complaint_resolved', 'complaint_filed']);
    expect(bell[0]).toMatchObject({ params: { reference: c.reference }, link: `/complaints/${c.reference}`, readAt: null });

    const sms = await lastMessageTo(t.app, '+919876511111');
    expect(sms).toMatchObject({ channel: 'sms', status: 'stored' });
    expect(sms?.body).toContain(`Complaint ${c.reference} is resolved`);
    expect(sms?.body).toContain('Water tank refilled at Bhopal.');
    const mail = await lastMessageTo(t.app, passenger.email);
    expect(mail).toMatchObject({ channel: 'email', subject: `Complaint ${c.reference} resolved` });
    expect(mail?.body).toContain(`/complaints/${c.reference}`);
  });

  it('only in the bell when the passenger turned SMS and e-mail off', async () => {
    const passenger = await createUser(t.app);
    const off = await t.app.inject({ method: 'PATCH', url: '/api/me/settings', headers: { cookie: passenger.cookie }, payload: { smsNotifications: false, emailNotifications: false } });
    expect(off.statusCode).toBe(200);
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 22222' });
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved' });
    expect((await about(passenger, c.reference)).map((n) => n.kind)).toEqual(['complaint_resolved', 'complaint_filed']);
    expect(await outboxFor('+919876522222', passenger.email)).toEqual([]);
  });

  it('by e-mail only when only SMS is off', async () => {
    const passenger = await createUser(t.app);
    await t.app.inject({ method: 'PATCH', url: '/api/me/settings', headers: { cookie: passenger.cookie }, payload: { smsNotifications: false } });
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 33333' });
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved' });
    expect(await outboxFor('+919876533333')).toEqual([]);
    expect((await lastMessageTo(t.app, passenger.email))?.subject).toBe(`Complaint ${c.reference} resolved`);
  });

  it('the passenger of every other status change, with the new status', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie);
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' });
    const [latest] = await about(passenger, c.reference);
    expect(latest).toMatchObject({ kind: 'complaint_status', params: { reference: c.reference, status: 'in_progress' } });
    expect((await lastMessageTo(t.app, passenger.email))?.subject).toBe(`Complaint ${c.reference}: In Progress`);
  });

  it('the assignee, with the reference in the text params, but not a staff member who takes it themself', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie);
    await moveComplaint(t.app, staff.cookie, c.reference, { assigneeId: colleague.id });
    const [assigned] = await about(colleague, c.reference);
    expect(assigned).toMatchObject({ kind: 'complaint_assigned', params: { reference: c.reference }, link: `/complaints/${c.reference}` });
    expect((await lastMessageTo(t.app, colleague.email))?.subject).toBe(`New complaint assigned: ${c.reference}`);

    await moveComplaint(t.app, staff.cookie, c.reference, { assigneeId: staff.id });
    expect(await about(staff, c.reference)).toEqual([]);
  });

  it('the passenger of a public note, and not of an internal one', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie);
    await moveComplaint(t.app, staff.cookie, c.reference, { note: 'Coach attendant informed.', internal: true });
    expect((await about(passenger, c.reference)).map((n) => n.kind)).toEqual(['complaint_filed']);
    await moveComplaint(t.app, staff.cookie, c.reference, { note: 'A cleaner will board at Itarsi.' });
    expect((await about(passenger, c.reference)).map((n) => n.kind)).toEqual(['complaint_note', 'complaint_filed']);
    expect((await lastMessageTo(t.app, passenger.email))?.body).toContain('A cleaner will board at Itarsi.');
  });
});

describe('SMS and e-mail go out in the recipient\'s language', () => {
  it('a passenger who reads Hindi gets the status change in Hindi, whoever made it', async () => {
    const passenger = await createUser(t.app);
    await t.app.inject({ method: 'PATCH', url: '/api/me/settings', headers: { cookie: passenger.cookie }, payload: { language: 'hi' } });
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 44444' });
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' });

    const sms = await lastMessageTo(t.app, '+919876544444');
    expect(sms?.body).toBe(`रेल मदद: शिकायत ${c.reference} की स्थिति अब: कार्रवाई जारी।`);
    const mail = await lastMessageTo(t.app, passenger.email);
    expect(mail?.subject).toBe(`शिकायत ${c.reference}: कार्रवाई जारी`);
    expect(mail?.body).toContain('रेल मदद · हेल्पलाइन 139');
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved' });
    expect((await lastMessageTo(t.app, '+919876544444'))?.body).toContain('हल हो गई है');
  });
});

describe('POST /api/complaints notifies', () => {
  it('the passenger that the complaint is registered, with its reference', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '+91 98765 44444' });
    expect(await about(passenger, c.reference)).toMatchObject([{ kind: 'complaint_filed', params: { reference: c.reference } }]);
    expect((await lastMessageTo(t.app, '+919876544444'))?.body).toContain(c.reference);
  });
});
