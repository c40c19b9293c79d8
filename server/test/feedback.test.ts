import type { FeedbackList } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createComplaint } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let rider: User;
let other: User;
let staff: User;
let admin: User;
let reference: string;

/** The Feedback Form's own call, as the web app sends it. */
function sendFeedback(user: User, complaint: string, text: string, rating: number | null = null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/complaints/feedback/',
    headers: { cookie: user.cookie, origin: ORIGIN },
    payload: {
      complaint,
      feedback_message: `Category: cleanliness\nSubcategory: Unclean Toilets\n\n${text}`,
      rating,
      user_name: 'Anyone',
      user_email: 'typed@example.com',
    },
  });
}

const list = (user: User | null, query = '') => t.app.inject({ url: `/api/feedback${query}`, headers: user ? { cookie: user.cookie } : {} });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [rider, other, staff, admin] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app, 'staff'), createUser(t.app, 'admin')]);
  reference = (await createComplaint(t.app, rider.cookie)).reference;
  // Sent one after the other, so "newest first" has an order to check.
  for (const [user, subject, text, rating] of [
    [rider, 'delay', 'The train was three hours late.', 2],
    [rider, reference.toLowerCase(), 'The toilet is still dirty after the fix.', null],
    [other, 'food', 'Good food on the Rajdhani.', 5],
    [other, 'other', 'Please add more dustbins.', null],
  ] as const) {
    const res = await sendFeedback(user, subject, text, rating);
    expect(res.statusCode, res.body).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
  }
  // A resolved complaint's rating lives in the same table; it is not a Feedback Form entry.
  const [complaintRow] = await t.app.services.database.db.query.complaint.findMany({ columns: { id: true }, limit: 1 });
  await t.app.services.database.db.insert(feedback).values({ id: newId(), complaintId: complaintRow.id, subject: reference, userId: rider.id, rating: 4, message: 'rating' });
});
afterAll(() => t.close());

describe('GET /api/feedback', () => {
  it('answers 401 without a session and 403 to a passenger', async () => {
    const anonymous = await list(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    const passenger = await list(rider);
    expect(passenger.statusCode).toBe(403);
    expect(passenger.json().code).toBe('forbidden');
  });

  it('lists the Feedback Form entries newest first for staff and admins, with sender, parts and the complaint named', async () => {
    for (const reader of [staff, admin]) {
      const res = await list(reader);
      expect(res.statusCode, res.body).toBe(200);
      const body: FeedbackList = res.json();
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(body.items.map((i) => i.message)).toEqual(['Please add more dustbins.', 'Good food on the Rajdhani.', 'The toilet is still dirty after the fix.', 'The train was three hours late.']);
      const onComplaint = body.items[2];
      expect(onComplaint).toMatchObject({
        name: expect.stringMatching(/^Test passenger/),
        email: rider.email,
        category: 'cleanliness',
        subcategory: 'Unclean Toilets',
        rating: null,
        complaint: reference,
        subject: reference,
      });
      expect(body.items[3]).toMatchObject({ subject: 'delay', complaint: null, rating: 2 });
      expect(Date.parse(body.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.items[3].createdAt));
    }
  });

  it('pages through the list', async () => {
    const first: FeedbackList = (await list(staff, '?pageSize=3')).json();
    const second: FeedbackList = (await list(staff, '?pageSize=3&page=2')).json();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(second.items.map((i) => i.message)).toEqual(['The train was three hours late.']);
    expect((await list(staff, '?pageSize=3&page=3')).json().items).toEqual([]);
  });

  it('filters by feedback on a complaint or general feedback, and by one complaint', async () => {
    const tied: FeedbackList = (await list(staff, '?kind=complaint')).json();
    expect(tied.total).toBe(1);
    expect(tied.items[0].complaint).toBe(reference);
    const general: FeedbackList = (await list(staff, '?kind=general')).json();
    expect(general.total).toBe(3);
    expect(general.items.every((i) => i.complaint === null)).toBe(true);
    const one: FeedbackList = (await list(admin, `?complaint=${reference.toLowerCase()}`)).json();
    expect(one.items.map((i) => i.message)).toEqual(['The toilet is still dirty after the fix.']);
    expect((await list(admin, '?complaint=CMP1')).json().total).toBe(0);
  });

  it('answers 400 to a filter or page it does not know', async () => {
    for (const query of ['?kind=ratings', '?page=0', '?pageSize=1000', '?complaint=drop%20table']) {
      const res = await list(staff, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('validation_failed');
    }
  });
});
