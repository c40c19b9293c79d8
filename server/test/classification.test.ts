import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Classification, ClassificationList, ClassificationSummary, ClassifierModelInfo, Prediction, TrainingStatus } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, getComplaint, indiaDate, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let admin: User;
let staff: User;
let passenger: User;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', CLASSIFIER_REVIEW_THRESHOLD: '0.5' } });
  [admin, staff, passenger] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app, 'staff'), createUser(t.app, 'passenger')]);
});
afterAll(() => t.close());

const as = (user: User | undefined) => (user ? { cookie: user.cookie } : {});
const get = (user: User | undefined, url: string, query: Record<string, string | number> = {}) =>
  t.app.inject({ url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: as(user) });
const post = (user: User | undefined, url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: as(user), payload: payload as object });

async function list(query: Record<string, string | number> = {}): Promise<ClassificationList> {
  const res = await get(staff, '/api/classifications', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function summary(): Promise<ClassificationSummary> {
  const res = await get(admin, '/api/classifications/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const callOf = async (reference: string) => (await list({ q: reference })).items[0];

describe('POST /api/classify', () => {
  it('answers staff and admins with the type, top 3, emergency, severity and model version', async () => {
    for (const user of [staff, admin]) {
      const res = await post(user, '/api/classify', { text: 'There is no water in the toilet of coach B2 since morning' });
      expect(res.statusCode, res.body).toBe(200);
      const p: Prediction = res.json();
      expect(p).toMatchObject({ category: 'water', emergency: false, modelVersion: 1 });
      expect(p.top3.map((x) => x.category)).toContain('water');
      expect(p.confidence).toBeGreaterThan(0.5);
    }
  });

  it('refuses passengers (403) and strangers (401), and empty text (400)', async () => {
    expect((await post(passenger, '/api/classify', { text: 'no water' })).statusCode).toBe(403);
    expect((await post(undefined, '/api/classify', { text: 'no water' })).statusCode).toBe(401);
    const empty = await post(staff, '/api/classify', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toBe('text_required');
  });

  it('suggests types to anyone signed in while they type, and nothing else', async () => {
    const res = await post(passenger, '/api/complaints/suggest-type', { text: 'khana bilkul thanda aur basi tha' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['top3']);
    expect(res.json().top3[0].category).toBe('catering');
    expect((await post(undefined, '/api/complaints/suggest-type', { text: 'no food' })).statusCode).toBe(401);
  });
});

describe('classification on filing', () => {
  it('records the call with the model version; agreeing and sure → Classified', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { type: 'water', description: 'No water in the toilets and wash basins of coach S3 since Nagpur.' });
    const call = await callOf(c.reference);
    expect(call).toMatchObject({ reference: c.reference, chosenType: 'water', predictedType: 'water', status: 'classified', modelVersion: 1, reviewedType: null, language: 'en' });
    expect(call.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps the passenger’s type but sends a disagreement to Pending Review', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { type: 'refund', description: 'The bedsheet and blanket given in B4 are dirty and smell bad, pillow cover missing.' });
    expect(c.type).toBe('refund');
    const call = await callOf(c.reference);
    expect(call).toMatchObject({ chosenType: 'refund', predictedType: 'bedroll', status: 'pending_review' });
  });

  it('makes an emergency the model sees High, first in the queue, whatever the passenger picked', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { type: 'miscellaneous', severity: 'low', description: 'My father collapsed near the door and is not breathing, please send a doctor now' });
    expect(c).toMatchObject({ emergency: true, severity: 'high', type: 'miscellaneous' });
    expect((await callOf(c.reference)).emergency).toBe(true);
  });

  it('lets a reviewer clear a false alarm (back to the passenger’s severity) or raise a missed emergency', async () => {
    const alarm = await createComplaint(t.app, passenger.cookie, { type: 'medical', severity: 'low', description: 'My father collapsed near the door and is not breathing, please send a doctor now' });
    expect(alarm.emergency).toBe(true);
    const before = await callOf(alarm.reference);
    const cleared = await post(staff, `/api/classifications/${alarm.reference}/review`, { emergency: false });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ reviewedEmergency: false, emergency: true, status: before.status, reviewedType: null });
    const calm = (await getComplaint(t.app, staff.cookie, alarm.reference)).json();
    expect(calm).toMatchObject({ emergency: false, severity: 'low', firstResponseDueAt: null });
    expect(Date.parse(calm.dueAt) - Date.parse(calm.createdAt)).toBeCloseTo(72 * 3600_000, -4);

    const missed = await createComplaint(t.app, passenger.cookie, { type: 'water', severity: 'medium', description: 'No water in coach S3 toilets since morning.' });
    expect(missed.emergency).toBe(false);
    const raised = await post(admin, `/api/classifications/${missed.reference}/review`, { type: 'water', emergency: true });
    expect(raised.json()).toMatchObject({ reviewedEmergency: true, reviewedType: 'water', status: 'reviewed' });
    const urgent = (await getComplaint(t.app, staff.cookie, missed.reference)).json();
    expect(urgent).toMatchObject({ emergency: true, severity: 'high' });
    expect(urgent.firstResponseDueAt).not.toBeNull();
    expect(urgent.timeline.some((e: { note: string | null }) => e.note === 'Marked as an emergency in review.')).toBe(true);

    expect((await post(staff, `/api/classifications/${missed.reference}/review`, {})).statusCode).toBe(400);
  });
});

describe('the review queue', () => {
  it('lets staff confirm or correct; the complaint takes the settled type and accuracy follows the reviews', async () => {
    const a = await createComplaint(t.app, passenger.cookie, { type: 'refund', description: 'The bedsheet given in A1 was torn and stained, and no blanket at all.' });
    const b = await createComplaint(t.app, passenger.cookie, { type: 'electrical', description: 'The fan above berth 21 in S5 does not run at all.' });
    const before = await summary();

    // b: the model said electrical, the reviewer agrees.
    const confirmed = await post(staff, `/api/classifications/${b.reference}/review`, { type: (await callOf(b.reference)).predictedType });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'reviewed', reviewedType: 'electrical' });

    // a: the reviewer settles on coach-cleanliness, which is not what the model said (bedroll).
    const corrected = await post(admin, `/api/classifications/${a.reference.toLowerCase()}/review`, { type: 'coach-cleanliness' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const call: Classification = corrected.json();
    expect(call).toMatchObject({ status: 'reviewed', reviewedType: 'coach-cleanliness', predictedType: 'bedroll', chosenType: 'refund' });
    expect(call.reviewedBy).toMatch(/Test admin/);
    const complaint = (await getComplaint(t.app, staff.cookie, a.reference)).json();
    expect(complaint.type).toBe('coach-cleanliness');
    expect(complaint.timeline.some((e: { note: string | null }) => e.note?.includes('Type changed from Refund of Tickets to Coach - Cleanliness'))).toBe(true);

    const after = await summary();
    expect(after.reviewed).toBe(before.reviewed + 2);
    const right = Math.round((before.accuracy ?? 0) * before.reviewed) + 1;
    expect(after.accuracy).toBeCloseTo(right / after.reviewed, 5);
    expect(after.weekly.at(-1)?.reviewed).toBeGreaterThanOrEqual(2);
    expect(after.weekly).toHaveLength(8);
  });

  it('refuses passengers and strangers, an unknown type and an unknown complaint', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { type: 'water', description: 'No water in coach S3 toilets.' });
    expect((await post(passenger, `/api/classifications/${c.reference}/review`, { type: 'water' })).statusCode).toBe(403);
    expect((await post(undefined, `/api/classifications/${c.reference}/review`, { type: 'water' })).statusCode).toBe(401);
    expect((await post(staff, `/api/classifications/${c.reference}/review`, { type: 'plumbing' })).statusCode).toBe(400);
    expect((await post(staff, '/api/classifications/CMP999999/review', { type: 'water' })).statusCode).toBe(404);
    expect((await get(passenger, '/api/classifications')).statusCode).toBe(403);
    expect((await get(passenger, '/api/classifications/summary')).statusCode).toBe(403);
  });

  it('filters by status, settled type, confidence, language and day; a reversed range is a 400', async () => {
    const hindi = await createComplaint(t.app, passenger.cookie, { type: 'catering', language: 'hi', description: 'खाना बहुत ठंडा और बासी था, पैंट्री वाले ने बिल भी नहीं दिया' });
    const all = await list({ pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(6);

    const pending = await list({ status: 'pending_review', pageSize: 100 });
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((i) => i.status === 'pending_review')).toBe(true);

    const cleaning = await list({ type: 'coach-cleanliness' });
    expect(cleaning.items.every((i) => (i.reviewedType ?? i.predictedType) === 'coach-cleanliness')).toBe(true);
    expect(cleaning.total).toBeGreaterThanOrEqual(1);

    const sure = await list({ minConfidence: 80, pageSize: 100 });
    expect(sure.items.every((i) => i.confidence >= 0.8)).toBe(true);
    const unsure = await list({ maxConfidence: 79.99, pageSize: 100 });
    expect(sure.total + unsure.total).toBe(all.total);

    const languages = await list({ language: 'hi' });
    expect(languages.items.map((i) => i.reference)).toEqual([hindi.reference]);

    expect((await list({ from: indiaDate(0), to: indiaDate(0) })).total).toBe(all.total);
    expect((await list({ from: indiaDate(1) })).total).toBe(0);
    expect((await get(staff, '/api/classifications', { from: indiaDate(0), to: indiaDate(-1) })).statusCode).toBe(400);
    expect((await get(staff, '/api/classifications', { minConfidence: 90, maxConfidence: 10 })).statusCode).toBe(400);
    expect((await get(staff, '/api/classifications', { minConfidence: 120 })).statusCode).toBe(400);

    const s = await summary();
    expect(s.processedToday).toBe(all.total);
    expect(s.pendingReview).toBe(pending.total);
    expect(s.histogram.reduce((n, b) => n + b.count, 0)).toBe(all.total);
    expect(s.distribution.reduce((n, d) => n + d.count, 0)).toBe(all.total);
    expect(s.threshold).toBe(0.5);
    expect(s.model).toMatchObject({ version: 1, status: 'active' });
  });
});

describe('retraining', () => {
  it('is for admins only', async () => {
    expect((await post(staff, '/api/classifier/retrain')).statusCode).toBe(403);
    expect((await post(passenger, '/api/classifier/retrain')).statusCode).toBe(403);
    expect((await post(undefined, '/api/classifier/retrain')).statusCode).toBe(401);
    expect((await get(passenger, '/api/classifier/training')).statusCode).toBe(403);
  });

  // Training is real work (~5 s of CPU alone): on a machine busy with other work it has taken over 30 s.
  it('trains a new version with the reviews, reports progress, refuses a second run meanwhile, and records the outcome', async () => {
    const started = await post(admin, '/api/classifier/retrain');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ state: 'training' });
    expect((await post(admin, '/api/classifier/retrain')).statusCode).toBe(409);

    let status: TrainingStatus = started.json();
    // Until it is done, for as long as a busy machine needs (the test's own limit is 120 s).
    const deadline = Date.now() + 110_000;
    while (status.state === 'training' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await get(staff, '/api/classifier/training')).json();
    }
    expect(status).toMatchObject({ state: 'done', progress: 1, error: null });
    expect(status.result).toMatchObject({ version: 2 });
    expect(status.result?.corrections).toBeGreaterThanOrEqual(2);

    const models: ClassifierModelInfo[] = (await get(staff, '/api/classifier/models')).json().items;
    expect(models.map((m) => m.version)).toEqual([2, 1]);
    expect(models.filter((m) => m.status === 'active')).toHaveLength(1);
    expect(models[0].status).toBe(status.result?.accepted ? 'active' : 'rejected');
    expect(models[0].sizeBytes).toBeGreaterThan(1000);

    // Not worse: the new version's held-back accuracy is at least the old one's whenever it is active.
    const active = models.find((m) => m.status === 'active') as ClassifierModelInfo;
    if (active.version === 2) expect(active.accuracy).toBeGreaterThanOrEqual(status.result?.previousAccuracy ?? 0);

    // Each new call names the model that made it.
    const c = await createComplaint(t.app, passenger.cookie, { type: 'water', description: 'No water in coach S7 toilets.' });
    expect((await callOf(c.reference)).modelVersion).toBe(active.version);
    const [row] = await runSql(t.app, sql`select count(*)::int as n from classifier_model where status = 'active'`);
    expect(row.n).toBe(1);
  }, 120_000);
});

describe('LLM second opinion', () => {
  let llm: Server;
  let asked: { path: string; body: Record<string, unknown> }[] = [];
  let app: TestApp;
  beforeAll(async () => {
    llm = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        asked.push({ path: req.url ?? '', body: JSON.parse(body) });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ category: 'amenities', confidence: 0.7, emergency: false }) } }] }));
      });
    });
    await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
    const { port } = llm.address() as AddressInfo;
    // A threshold of 1 makes every call "unsure", so each filing asks the LLM.
    app = await createTestApp({ env: { RATE_LIMIT: 'off', LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'test-model', CLASSIFIER_REVIEW_THRESHOLD: '1' } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((r) => llm.close(r));
  });

  it('asks the configured LLM about an unsure call and records its answer beside the local one', async () => {
    asked = [];
    const [p, s] = [await createUser(app.app, 'passenger'), await createUser(app.app, 'staff')];
    const c = await createComplaint(app.app, p.cookie, { type: 'amenities', description: 'The lift at platform 3 is not working and my mother uses a wheelchair.' });
    let call: Classification | undefined;
    for (let i = 0; i < 50 && !call?.llm; i++) {
      await new Promise((r) => setTimeout(r, 50));
      call = (await app.app.inject({ url: '/api/classifications', query: { q: c.reference }, headers: { cookie: s.cookie } })).json().items[0];
    }
    expect(call?.llm).toEqual({ category: 'amenities', confidence: 0.7, model: 'test-model' });
    expect(call?.status).toBe('pending_review');
    expect(asked[0].path).toBe('/v1/chat/completions');
    expect(asked[0].body).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema' } });
  });
});
