import { todayInIndia } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, getComplaint, jpeg, multipart } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, ORIGIN, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let alice: User;
let bob: User;
let staff: User;
let aliceToken: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [alice, bob, staff] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app, 'staff')]);
  const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: alice.email, password: alice.password } });
  aliceToken = signIn.headers['set-auth-token'] as string;
  expect(aliceToken).toEqual(expect.any(String));
});
afterAll(() => t.close());

/** The prototype's form, field for field (spec section 7). */
const originalForm = (overrides: Record<string, string> = {}) => ({
  type: 'water',
  description: 'No water in coach B2 since Nagpur.',
  location: 'Coach B2',
  train_number: '12951',
  pnr_number: '4512345678',
  severity: 'Medium',
  date_of_incident: todayInIndia(),
  ...overrides,
});
/** The prototype names its one photo with 32 random letters and digits plus the original extension. */
const randomName = () => `${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'}.jpg`;

function fileOriginal(url: string, auth: Record<string, string>, fields = originalForm(), photos: Buffer[] = []) {
  return t.app.inject({ method: 'POST', url, headers: auth, payload: multipart(fields, photos.map((bytes) => ({ bytes, name: randomName() }))) });
}
const cookie = (user: User) => ({ cookie: user.cookie });
const bearer = () => ({ authorization: `Bearer ${aliceToken}` });

describe('POST /complaints/file/ and /api/complaints/file/', () => {
  for (const url of ['/complaints/file/', '/api/complaints/file/']) {
    it(`files a complaint at ${url} with a session cookie: 201 with the original prototype's message and the CMP id`, async () => {
      const res = await fileOriginal(url, cookie(alice));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Complaint submitted successfully!', complaint_id: expect.stringMatching(/^CMP\d+$/) });
      const d = (await getComplaint(t.app, alice.cookie, res.json().complaint_id)).json();
      expect(d).toMatchObject({ type: 'water', severity: 'medium', trainNumber: '12951', pnr: '4512345678', location: 'Coach B2', incidentDate: todayInIndia(), status: 'open' });
    });

    it(`files a complaint at ${url} with a bearer token and no cookie`, async () => {
      const res = await fileOriginal(url, bearer());
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Complaint submitted successfully!');
      expect((await getComplaint(t.app, alice.cookie, res.json().complaint_id)).statusCode).toBe(200);
    });
  }

  it("takes the type as its label, and the severity in the original prototype's capitals", async () => {
    const res = await fileOriginal('/complaints/file/', bearer(), originalForm({ type: 'Water Availability', severity: 'High' }));
    expect(res.statusCode).toBe(201);
    expect((await getComplaint(t.app, alice.cookie, res.json().complaint_id)).json()).toMatchObject({ type: 'water', severity: 'high' });
  });

  it('takes a date with a time, as a date input may send it', async () => {
    const res = await fileOriginal('/complaints/file/', bearer(), originalForm({ date_of_incident: `${todayInIndia()}T10:30` }));
    expect(res.statusCode).toBe(201);
  });

  it('keeps the photo sent under its random name', async () => {
    const res = await fileOriginal('/api/complaints/file/', bearer(), originalForm(), [await jpeg(40, 30)]);
    expect(res.statusCode).toBe(201);
    const d = (await getComplaint(t.app, alice.cookie, res.json().complaint_id)).json();
    expect(d.photos).toMatchObject([{ width: 40, height: 30 }]);
  });

  it('answers 400 to a bad PNR, with the field code', async () => {
    const res = await fileOriginal('/complaints/file/', bearer(), originalForm({ pnr_number: '12345' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { pnr: 'pnr_invalid' } });
  });

  it('answers 400 to an unknown type or a bad train number', async () => {
    expect((await fileOriginal('/complaints/file/', bearer(), originalForm({ type: 'Weather' }))).json().fields).toHaveProperty('type');
    expect((await fileOriginal('/complaints/file/', bearer(), originalForm({ train_number: '1' }))).json().fields).toEqual({ trainNumber: 'train_invalid' });
  });

  it('answers 401 without a session and to a forged token', async () => {
    expect((await fileOriginal('/complaints/file/', {})).statusCode).toBe(401);
    expect((await fileOriginal('/api/complaints/file/', { authorization: 'Bearer forged' })).statusCode).toBe(401);
  });
});

describe('POST /complaints/feedback/', () => {
  const feedback = (overrides: Record<string, unknown> = {}) => ({
    complaint: 'water',
    feedback_message: 'Category: facilities\nSubcategory: Water Issues\n\nNo water for six hours.',
    rating: 2,
    user_name: 'Alice Rao',
    user_email: 'alice.rao@example.com',
    ...overrides,
  });
  const send = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: auth, payload });

  for (const url of ['/complaints/feedback/', '/api/complaints/feedback/']) {
    it(`stores the feedback at ${url}: 201 "Feedback submitted successfully!"`, async () => {
      const res = await send(url, cookie(alice), feedback());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Feedback submitted successfully!' });
    });
  }

  it('takes a bearer token, and feedback without a rating', async () => {
    const res = await send('/complaints/feedback/', bearer(), feedback({ rating: undefined }));
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 without user_email, with a malformed one, or with a rating out of 1..5', async () => {
    for (const bad of [{ user_email: undefined }, { user_email: 'not-an-email' }, { rating: 6 }, { rating: 0 }, { feedback_message: '  ' }, { user_name: '' }, { complaint: undefined }]) {
      const res = await send('/complaints/feedback/', cookie(alice), feedback(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await send('/complaints/feedback/', {}, feedback())).statusCode).toBe(401);
  });

  it("puts feedback under the signed-in person's name, and only on a complaint they may see", async () => {
    const bobs = await createComplaint(t.app, bob.cookie);
    const onBobs = await send('/complaints/feedback/', cookie(alice), feedback({ complaint: bobs.reference, user_name: 'Bob', user_email: bob.email }));
    expect(onBobs.statusCode).toBe(404);
    const alices = await createComplaint(t.app, alice.cookie);
    const own = await send('/complaints/feedback/', cookie(alice), feedback({ complaint: alices.reference.toLowerCase(), user_name: 'Bob', user_email: bob.email }));
    expect(own.statusCode).toBe(201);
    const listed = await t.app.inject({ url: `/complaints/feedback/?complaint_id=${alices.reference.toLowerCase()}`, headers: cookie(staff) });
    expect(listed.json()).toEqual([expect.objectContaining({ user_email: alice.email, user_name: expect.not.stringMatching(/^Bob$/) })]);
  });
});

describe('GET /complaints/feedback/?complaint_id=', () => {
  it('lists the feedback on a subject: a passenger their own, staff everyone\'s', async () => {
    const payload = (name: string) => ({ complaint: 'bedroll', feedback_message: `Dirty blanket (${name}).`, rating: 3, user_name: name, user_email: `${name.toLowerCase()}@example.com` });
    expect((await t.app.inject({ method: 'POST', url: '/complaints/feedback/', headers: cookie(alice), payload: payload('Alice') })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/complaints/feedback/', headers: cookie(bob), payload: payload('Bob') })).statusCode).toBe(201);

    const asAlice = await t.app.inject({ url: '/complaints/feedback/?complaint_id=bedroll', headers: bearer() });
    expect(asAlice.statusCode).toBe(200);
    // Stored under the account's own name and address, not the ones the form sent.
    const aliceName = (await t.app.inject({ url: '/api/me', headers: cookie(alice) })).json().name as string;
    const bobName = (await t.app.inject({ url: '/api/me', headers: cookie(bob) })).json().name as string;
    expect(asAlice.json()).toEqual([
      { id: expect.any(String), complaint: 'bedroll', feedback_message: 'Dirty blanket (Alice).', rating: 3, user_name: aliceName, user_email: alice.email, created_at: expect.any(String) },
    ]);
    const asStaff = await t.app.inject({ url: '/api/complaints/feedback/?complaint_id=bedroll', headers: cookie(staff) });
    expect(asStaff.json().map((f: { user_name: string }) => f.user_name).sort()).toEqual([aliceName, bobName].sort());
    expect((await t.app.inject({ url: '/complaints/feedback/?complaint_id=nothing-here', headers: cookie(staff) })).json()).toEqual([]);
  });

  it('answers 400 without complaint_id and 401 without a session', async () => {
    expect((await t.app.inject({ url: '/complaints/feedback/', headers: cookie(alice) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/complaints/feedback/?complaint_id=water' })).statusCode).toBe(401);
  });
});

describe('POST /sms', () => {
  const sms = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: auth, payload });

  for (const url of ['/sms', '/api/sms']) {
    it(`sends for staff at ${url}: 200 "SMS sent successfully", in the outbox under the normalised number`, async () => {
      const res = await sms(url, cookie(staff), { phone: '98765 12345', message: `Your complaint is being handled (${url}).` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'SMS sent successfully', delivery: 'outbox' });
      expect(await lastMessageTo(t.app, '+919876512345')).toMatchObject({ channel: 'sms', body: `Your complaint is being handled (${url}).` });
    });
  }

  it('takes a bearer token', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: staff.email, password: staff.password } });
    const res = await sms('/sms', { authorization: `Bearer ${signIn.headers['set-auth-token']}` }, { phone: '+919876512346', message: 'Hello' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 403 to a passenger and 401 without a session, sending nothing', async () => {
    expect((await sms('/sms', cookie(alice), { phone: '9876512347', message: 'Free tickets!' })).statusCode).toBe(403);
    expect((await sms('/sms', bearer(), { phone: '9876512347', message: 'Free tickets!' })).statusCode).toBe(403);
    expect((await sms('/sms', {}, { phone: '9876512347', message: 'Free tickets!' })).statusCode).toBe(401);
    expect(await lastMessageTo(t.app, '+919876512347')).toBeUndefined();
  });

  it("answers 400 to a bad phone number with the original prototype's message", async () => {
    const res = await sms('/sms', cookie(staff), { phone: 'call me', message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_phone', message: 'Invalid phone number format. Please use format: +91XXXXXXXXXX' });
    expect((await sms('/sms', cookie(staff), { phone: '+91 98765 43210 98765 43210', message: 'Hello' })).statusCode).toBe(400);
  });

  it('answers 400 to an empty message', async () => {
    expect((await sms('/sms', cookie(staff), { phone: '9876512348', message: ' ' })).statusCode).toBe(400);
  });
});
