import { COMPLAINT_TYPES, type ComplaintDetail, resolutionNote, type Solution, type SolutionList, type SolutionSummary } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStarterSolutions, loadStarterSolutions } from '../src/modules/solutions/seed-solutions';
import { createComplaint, getComplaint, moveComplaint, notificationsOf, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

const STARTER_SOLUTIONS = loadStarterSolutions().starters;
/** A start of a database that last started with other shipped files (an older installation). */
const forgetShippedLibrary = () => runSql(t.app, sql`delete from app_setting where key = 'starter-solutions-shipped'`);

let t: TestApp;
let admin: User;
let staff: User;
let passenger: User;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [admin, staff, passenger] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app, 'staff'), createUser(t.app, 'passenger')]);
});
afterAll(() => t.close());

const as = (user: User | undefined) => (user ? { cookie: user.cookie } : {});
const get = (user: User | undefined, url: string, query: Record<string, string | number> = {}) =>
  t.app.inject({ url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: as(user) });
const post = (user: User | undefined, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: as(user), payload: payload as object });
const patch = (user: User | undefined, url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: as(user), payload: payload as object });

const valid = { problem: 'Reading light not working at a berth', steps: ['Note coach and berth.', 'Ask the electrician to change the lamp.'], type: 'electrical', expectedMinutes: 30 };

async function createSolution(overrides: Record<string, unknown> = {}): Promise<Solution> {
  const res = await post(admin, '/api/solutions', { ...valid, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const apply = (user: User | undefined, reference: string, solutionId: string) => post(user, `/api/complaints/${reference}/apply-solution`, { solutionId });
async function applied(reference: string, solutionId: string): Promise<ComplaintDetail> {
  const res = await apply(staff, reference, solutionId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function solutionById(id: string): Promise<Solution> {
  const res = await get(staff, `/api/solutions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const suggest = async (user: User, type: string, q?: string) => {
  const res = await get(user, '/api/solutions/suggest', q === undefined ? { type } : { type, q });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Solution[] }).items;
};

describe('the starter library', () => {
  it('is loaded on first start: at least 40 solutions across all 16 complaint types', async () => {
    const res = await get(admin, '/api/solutions', { pageSize: 100, state: 'all' });
    expect(res.statusCode).toBe(200);
    const list: SolutionList = res.json();
    expect(list.total).toBeGreaterThanOrEqual(40);
    expect(new Set(list.items.map((s) => s.type))).toEqual(new Set(COMPLAINT_TYPES));
    expect(list.items.every((s) => !s.retired && s.timesApplied === 0 && s.successRate === null)).toBe(true);
  });

  it('gives every solution a problem, 3 to 6 concrete steps and an expected time', () => {
    expect(STARTER_SOLUTIONS.length).toBeGreaterThanOrEqual(40);
    for (const s of STARTER_SOLUTIONS) {
      expect(s.steps.length, s.problem).toBeGreaterThanOrEqual(3);
      expect(s.steps.length, s.problem).toBeLessThanOrEqual(6);
      expect(s.expectedMinutes).toBeGreaterThan(0);
    }
  });

  it('is not loaded again once the table has rows', async () => {
    expect(await ensureStarterSolutions(t.app.services.database.db)).toBe(0);
    const [{ n }] = await runSql(t.app, sql`select count(*)::int as n from solution`);
    expect(n).toBeGreaterThanOrEqual(STARTER_SOLUTIONS.length);
  });
});

describe('who may do what', () => {
  it('answers 401 to every solutions route without a session', async () => {
    const calls = [
      get(undefined, '/api/solutions'),
      get(undefined, '/api/solutions/summary'),
      get(undefined, '/api/solutions/suggest', { type: 'water' }),
      get(undefined, '/api/solutions/starter-01'),
      post(undefined, '/api/solutions', valid),
      patch(undefined, '/api/solutions/starter-01', { retired: true }),
      post(undefined, '/api/complaints/CMP1/apply-solution', { solutionId: 'starter-01' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
  });

  it('lets a passenger reach only the suggestions', async () => {
    expect((await get(passenger, '/api/solutions/suggest', { type: 'water' })).statusCode).toBe(200);
    const refused = [
      get(passenger, '/api/solutions'),
      get(passenger, '/api/solutions/summary'),
      get(passenger, '/api/solutions/starter-01'),
      post(passenger, '/api/solutions', valid),
      patch(passenger, '/api/solutions/starter-01', { retired: true }),
      post(passenger, '/api/complaints/CMP1/apply-solution', { solutionId: 'starter-01' }),
    ];
    for (const res of await Promise.all(refused)) expect(res.statusCode, res.body).toBe(403);
  });

  it('lets staff read and apply the library but not create or edit it', async () => {
    expect((await get(staff, '/api/solutions')).statusCode).toBe(200);
    expect((await get(staff, '/api/solutions/summary')).statusCode).toBe(200);
    expect((await post(staff, '/api/solutions', valid)).statusCode).toBe(403);
    expect((await patch(staff, '/api/solutions/starter-01', { problem: 'Changed by staff' })).statusCode).toBe(403);
    const c = await createComplaint(t.app, passenger.cookie);
    expect((await apply(staff, c.reference, 'starter-01')).statusCode).toBe(200);
  });
});

describe('POST /api/solutions', () => {
  it('creates a solution with no figures yet', async () => {
    const s = await createSolution({ problem: '  Reading light flickering  ' });
    expect(s).toMatchObject({ problem: 'Reading light flickering', steps: valid.steps, type: 'electrical', expectedMinutes: 30, retired: false, timesApplied: 0, successes: 0, successRate: null, avgResolutionMinutes: null });
  });

  it.each([
    ['no problem', { problem: undefined }, 'problem'],
    ['a blank problem', { problem: '   ' }, 'problem'],
    ['no steps', { steps: [] }, 'steps'],
    ['16 steps', { steps: Array.from({ length: 16 }, (_, i) => `Step ${i + 1}`) }, 'steps'],
    ['a blank step', { steps: ['Call control.', '  '] }, 'steps.1'],
    ['steps as text', { steps: 'Call control.' }, 'steps'],
    ['an unknown type', { type: 'weather' }, 'type'],
    ['zero minutes', { expectedMinutes: 0 }, 'expectedMinutes'],
    ['fractional minutes', { expectedMinutes: 1.5 }, 'expectedMinutes'],
    ['minutes as text', { expectedMinutes: 'soon' }, 'expectedMinutes'],
  ])('rejects %s with 400', async (_name, overrides, field) => {
    const res = await post(admin, '/api/solutions', { ...valid, ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('accepts 15 steps', async () => {
    const s = await createSolution({ steps: Array.from({ length: 15 }, (_, i) => `Step ${i + 1}`) });
    expect(s.steps).toHaveLength(15);
  });
});

describe('PATCH /api/solutions/:id', () => {
  it('edits any field', async () => {
    const s = await createSolution();
    const res = await patch(admin, `/api/solutions/${s.id}`, { problem: 'Berth light not working', steps: ['Change the lamp.'], type: 'coach-maintenance', expectedMinutes: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, problem: 'Berth light not working', steps: ['Change the lamp.'], type: 'coach-maintenance', expectedMinutes: 20 });
  });

  it('retires and brings back a solution', async () => {
    const s = await createSolution();
    const retired = await patch(admin, `/api/solutions/${s.id}`, { retired: true });
    expect(retired.json()).toMatchObject({ retired: true });
    expect(retired.json().retiredAt).toEqual(expect.any(String));
    const back = await patch(admin, `/api/solutions/${s.id}`, { retired: false });
    expect(back.json()).toMatchObject({ retired: false, retiredAt: null });
  });

  it('answers 404 for an unknown solution and 400 for nothing or bad input', async () => {
    expect((await patch(admin, '/api/solutions/no-such-id', { retired: true })).statusCode).toBe(404);
    const s = await createSolution();
    expect((await patch(admin, `/api/solutions/${s.id}`, {})).statusCode).toBe(400);
    expect((await patch(admin, `/api/solutions/${s.id}`, { steps: [] })).statusCode).toBe(400);
    expect((await patch(admin, `/api/solutions/${s.id}`, { type: 'weather' })).statusCode).toBe(400);
    expect((await patch(admin, `/api/solutions/${s.id}`, { retired: 'yes' })).statusCode).toBe(400);
  });
});

describe('GET /api/solutions', () => {
  it('searches problem and steps with every word, and filters by type', async () => {
    const s = await createSolution({ problem: 'Pantry smoke alarm beeping', steps: ['Ask the pantry manager to reset the zircon detector.'], type: 'catering' });
    const byProblem: SolutionList = (await get(staff, '/api/solutions', { q: 'smoke alarm' })).json();
    expect(byProblem.items.map((i) => i.id)).toEqual([s.id]);
    const bySteps: SolutionList = (await get(staff, '/api/solutions', { q: 'zircon' })).json();
    expect(bySteps.items.map((i) => i.id)).toEqual([s.id]);
    expect((await get(staff, '/api/solutions', { q: 'zircon', type: 'water' })).json()).toMatchObject({ items: [], total: 0 });
    expect((await get(staff, '/api/solutions', { q: 'zircon unicorn' })).json()).toMatchObject({ items: [], total: 0 });
    const water: SolutionList = (await get(staff, '/api/solutions', { type: 'water', pageSize: 100 })).json();
    expect(water.items.length).toBeGreaterThan(0);
    expect(water.items.every((i) => i.type === 'water')).toBe(true);
  });

  it('pages', async () => {
    const first: SolutionList = (await get(staff, '/api/solutions', { pageSize: 5 })).json();
    const second: SolutionList = (await get(staff, '/api/solutions', { pageSize: 5, page: 2 })).json();
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(second.items.map((i) => i.id).some((id) => first.items.some((f) => f.id === id))).toBe(false);
  });

  it('shows only active solutions unless asked for retired ones', async () => {
    const s = await createSolution({ problem: 'Obsolete quartz heater fix' });
    await patch(admin, `/api/solutions/${s.id}`, { retired: true });
    expect((await get(staff, '/api/solutions', { q: 'quartz heater' })).json().total).toBe(0);
    expect((await get(staff, '/api/solutions', { q: 'quartz heater', state: 'retired' })).json().items.map((i: Solution) => i.id)).toEqual([s.id]);
    expect((await get(staff, '/api/solutions', { q: 'quartz heater', state: 'all' })).json().total).toBe(1);
  });

  it('rejects a bad filter with 400', async () => {
    expect((await get(staff, '/api/solutions', { type: 'weather' })).statusCode).toBe(400);
    expect((await get(staff, '/api/solutions', { state: 'gone' })).statusCode).toBe(400);
    expect((await get(staff, '/api/solutions', { pageSize: 1000 })).statusCode).toBe(400);
  });
});

describe('POST /api/complaints/:reference/apply-solution', () => {
  it('resolves the complaint with the steps as the note, on the timeline and to the passenger', async () => {
    const s = await createSolution({ type: 'water', problem: 'Tank empty in coach', steps: ['Request water filling at the next watering station via control.', 'Inform the TTE.'] });
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 44444' });
    const after = await applied(c.reference, s.id);
    const note = resolutionNote(s);
    expect(note).toBe('Tank empty in coach: 1. Request water filling at the next watering station via control. 2. Inform the TTE.');
    expect(after.status).toBe('resolved');
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'status', fromStatus: 'open', toStatus: 'resolved', note, internal: false });

    // The passenger sees the same note on their own view of the complaint.
    const own: ComplaintDetail = (await getComplaint(t.app, passenger.cookie, c.reference)).json();
    expect(own.timeline.at(-1)?.note).toBe(note);
    const [bell] = (await notificationsOf(t.app, passenger.cookie)).filter((n) => n.params.reference === c.reference);
    expect(bell).toMatchObject({ kind: 'complaint_resolved' });
    expect((await lastMessageTo(t.app, '+919876544444'))?.body).toContain(note);
    const mail = await lastMessageTo(t.app, passenger.email);
    expect(mail?.subject).toBe(`Complaint ${c.reference} resolved`);
    expect(mail?.body).toContain('2. Inform the TTE.');

    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 1, successes: 1, successRate: 1 });
  });

  it('resolves a complaint in progress or reopened too', async () => {
    const s = await createSolution();
    const c = await createComplaint(t.app, passenger.cookie);
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' });
    expect((await applied(c.reference, s.id)).status).toBe('resolved');
  });

  it('answers 409 when the complaint cannot be resolved from its status, and records nothing', async () => {
    const s = await createSolution();
    const c = await createComplaint(t.app, passenger.cookie);
    await applied(c.reference, s.id);
    const again = await apply(staff, c.reference, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    await moveComplaint(t.app, admin.cookie, c.reference, { status: 'closed', closeReason: 'invalid' });
    expect((await apply(staff, c.reference, s.id)).statusCode).toBe(409);
    expect((await solutionById(s.id)).timesApplied).toBe(1);
  });

  it('answers 404 for an unknown or retired solution, or an unknown complaint, and 400 without a solution', async () => {
    const c = await createComplaint(t.app, passenger.cookie);
    expect((await apply(staff, c.reference, 'no-such-solution')).statusCode).toBe(404);
    const s = await createSolution();
    await patch(admin, `/api/solutions/${s.id}`, { retired: true });
    const retired = await apply(staff, c.reference, s.id);
    expect(retired.statusCode).toBe(404);
    expect(retired.json().code).toBe('not_found');
    expect((await getComplaint(t.app, staff.cookie, c.reference)).json().status).toBe('open');
    expect((await apply(staff, 'CMP999999999', 'starter-01')).statusCode).toBe(404);
    expect((await post(staff, `/api/complaints/${c.reference}/apply-solution`, {})).statusCode).toBe(400);
    expect((await post(staff, `/api/complaints/${c.reference}/apply-solution`, { solutionId: '' })).statusCode).toBe(400);
  });

  it('counts in the summary tiles', async () => {
    const before: SolutionSummary = (await get(staff, '/api/solutions/summary')).json();
    const c = await createComplaint(t.app, passenger.cookie);
    await applied(c.reference, 'starter-02');
    const after: SolutionSummary = (await get(staff, '/api/solutions/summary')).json();
    expect(after.appliedLast30Days).toBe(before.appliedLast30Days + 1);
    expect(after.active).toBe(before.active);
    expect(after.successRate).toEqual(expect.any(Number));
  });
});

describe('success rate and average resolution time', () => {
  it('follow the ratings and reopenings of the complaints a solution resolved', async () => {
    const s = await createSolution({ type: 'bedroll', problem: 'Blanket missing from bedroll kit' });
    const filedMinutesAgo = async (reference: string, minutes: number) =>
      runSql(t.app, sql`update complaint set created_at = now() - make_interval(mins => ${minutes}) where reference = ${reference}`);
    const [a, b, c] = [
      await createComplaint(t.app, passenger.cookie, { type: 'bedroll' }),
      await createComplaint(t.app, passenger.cookie, { type: 'bedroll' }),
      await createComplaint(t.app, passenger.cookie, { type: 'bedroll' }),
    ];
    await filedMinutesAgo(a.reference, 90);
    await filedMinutesAgo(b.reference, 30);
    await filedMinutesAgo(c.reference, 60);
    for (const x of [a, b, c]) await applied(x.reference, s.id);
    // Resolved and not rated yet: all three count as successes. Mean of 90, 30, 60 minutes.
    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 3, successes: 3, successRate: 1, avgResolutionMinutes: 60 });

    const rate = (reference: string, rating: number) => post(passenger, `/api/complaints/${reference}/feedback`, { rating });
    expect((await rate(a.reference, 5)).statusCode).toBe(200);
    // A 5-star rating keeps it a success.
    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 3, successes: 3, successRate: 1, avgResolutionMinutes: 60 });

    const reopened = await post(passenger, `/api/complaints/${b.reference}/reopen`, { note: 'Still no blanket.' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    // 2 of 3; the mean is over the successes (90, 60).
    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 3, successes: 2, successRate: 0.667, avgResolutionMinutes: 75 });

    expect((await rate(c.reference, 2)).statusCode).toBe(200);
    // A 2-star rating is a failure: 1 of 3, only the 90 minutes of A.
    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 3, successes: 1, successRate: 0.333, avgResolutionMinutes: 90 });

    // Applied again to the reopened complaint: the new application stands on its own (the old one stays a failure).
    await applied(b.reference, s.id);
    expect(await solutionById(s.id)).toMatchObject({ timesApplied: 4, successes: 2, successRate: 0.5, avgResolutionMinutes: 60 });
  });
});

describe('GET /api/solutions/suggest', () => {
  it('offers at most 3 active solutions of the type, the best-matching first', async () => {
    const items = await suggest(passenger, 'water', 'There is no water in the toilets of coach B2');
    expect(items.length).toBeLessThanOrEqual(3);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.type === 'water')).toBe(true);
    expect(items[0].problem).toBe('No water in the coach toilets or wash basins');
    expect(items[0].steps.length).toBeGreaterThan(0);
    expect((await suggest(passenger, 'water', 'Rail Neer bottle sold without bill'))[0].problem).toMatch(/Rail Neer/);
  });

  it('ranks a solution that worked above untried ones when the words do not decide', async () => {
    const s = await createSolution({ type: 'amenities', problem: 'Battery car not available', steps: ['Call the battery car operator.'] });
    const c = await createComplaint(t.app, passenger.cookie, { type: 'amenities' });
    await applied(c.reference, s.id);
    expect((await suggest(passenger, 'amenities'))[0].id).toBe(s.id);
  });

  it('never offers a retired solution', async () => {
    const s = await createSolution({ type: 'corruption', problem: 'Ticket checker taking bribe for vacant berth', steps: ['Report to vigilance.'] });
    expect((await suggest(passenger, 'corruption', 'ticket checker bribe vacant berth')).map((i) => i.id)).toContain(s.id);
    await patch(admin, `/api/solutions/${s.id}`, { retired: true });
    expect((await suggest(passenger, 'corruption', 'ticket checker bribe vacant berth')).map((i) => i.id)).not.toContain(s.id);
  });

  it('needs a known type', async () => {
    expect((await get(passenger, '/api/solutions/suggest')).statusCode).toBe(400);
    expect((await get(passenger, '/api/solutions/suggest', { type: 'weather' })).statusCode).toBe(400);
  });
});

describe('the library in the reader’s language', () => {
  const inTamil = (user: User, url: string, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: { cookie: `${user.cookie}; lang=ta` } });
  const shipped = STARTER_SOLUTIONS[0];

  it('gives a starter solution’s wording in the language on screen, beside the original', async () => {
    const res = await inTamil(staff, `/api/solutions/${shipped.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const s: Solution = res.json();
    expect(s).toMatchObject({ problem: shipped.problem, steps: shipped.steps, translated: true, translation: { language: 'ta' } });
    expect(s.translation?.problem).toMatch(/[\u0b80-\u0bff]/);
    expect(s.translation?.steps).toHaveLength(shipped.steps.length);
    // In English there is nothing beside the original.
    expect((await solutionById(shipped.id)).translation).toBeNull();
  });

  it('finds solutions by words of the reader’s language, in the library and in a passenger’s suggestions', async () => {
    const ta = (await inTamil(staff, `/api/solutions/${shipped.id}`)).json().translation.problem as string;
    const word = ta.split(/\s+/).find((w) => w.length >= 4) as string;
    const listed = await inTamil(staff, '/api/solutions', { q: word, state: 'all', pageSize: '100' });
    expect((listed.json() as SolutionList).items.map((s) => s.id)).toContain(shipped.id);
    const suggested = await inTamil(passenger, '/api/solutions/suggest', { type: shipped.type, q: ta });
    expect((suggested.json() as { items: Solution[] }).items[0]).toMatchObject({ id: shipped.id, translation: { problem: ta } });
  });

  it('sends the passenger the steps in their language when a starter solution resolves their complaint', async () => {
    const reader = await createUser(t.app, 'passenger');
    const set = await t.app.inject({ method: 'PATCH', url: '/api/me/settings', headers: { cookie: reader.cookie }, payload: { language: 'ta' } });
    expect(set.statusCode, set.body).toBe(200);
    const c = await createComplaint(t.app, reader.cookie);
    const detail = await applied(c.reference, shipped.id);
    const ta = (await inTamil(staff, `/api/solutions/${shipped.id}`)).json().translation;
    expect(detail.timeline.at(-1)?.note).toBe(resolutionNote(ta));
  });

  it('drops the translations when an admin rewrites the steps, and does not bring them back on restart', async () => {
    const target = STARTER_SOLUTIONS[1];
    const res = await patch(admin, `/api/solutions/${target.id}`, { steps: ['Check the tap.', 'Close the isolating cock.'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ translated: false, translation: null });
    expect((await inTamil(staff, `/api/solutions/${target.id}`)).json().translation).toBeNull();
    await forgetShippedLibrary();
    await ensureStarterSolutions(t.app.services.database.db);
    expect((await inTamil(staff, `/api/solutions/${target.id}`)).json().translation).toBeNull();
  });

  it('gives an unedited starter solution of an older installation the translations shipped since', async () => {
    const target = STARTER_SOLUTIONS[2];
    await runSql(t.app, sql`update solution set translations = '{}'::jsonb where id = ${target.id}`);
    expect((await inTamil(staff, `/api/solutions/${target.id}`)).json().translation).toBeNull();
    await forgetShippedLibrary();
    await ensureStarterSolutions(t.app.services.database.db);
    expect((await inTamil(staff, `/api/solutions/${target.id}`)).json().translation.problem).toMatch(/[\u0b80-\u0bff]/);
  });
});
