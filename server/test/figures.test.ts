import { COMPLAINT_TYPES, type ComplaintDetail, SEVERITIES } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random as seededRandom } from '../src/classifier/model';
import { ensureFigures, keptFigures, rebuildFigures, recountFigures } from '../src/modules/complaints/complaint-figures';
import { createComplaint, getComplaint, patchComplaint, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let passenger: User;
let admin: User;
let staff: User[];

const SEED = 20261124;

const db = () => t.app.services.database.db;
const expectKeptToMatchRecount = async () => expect(await keptFigures(db())).toEqual(await recountFigures(db()));

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [passenger, admin, ...staff] = await Promise.all([createUser(t.app), createUser(t.app, 'admin'), createUser(t.app, 'staff'), createUser(t.app, 'staff'), createUser(t.app, 'staff')]);
  // Two with a department, one without a staff record.
  await runSql(t.app, sql`insert into staff_profile (user_id, job_role, department) values (${staff[0].id}, 'tte', 'Commercial'), (${staff[1].id}, 'electrician', 'Electrical')`);
});
afterAll(() => t.close());

describe('the dashboards’ figures', () => {
  it(`stay equal to a recount of the complaints through a random mix of filings and moves (seed ${SEED})`, async () => {
    // Seeded, so a failure can be replayed: the seed is in the test's name.
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const filed: string[] = [];
    const kinds = { filed: 0, moved: 0, assigned: 0, rated: 0, reopened: 0, department: 0 };

    for (let round = 0; round < 90; round++) {
      const roll = random();
      if (filed.length < 4 || roll < 0.25) {
        const c = await createComplaint(t.app, passenger.cookie, { type: pick(COMPLAINT_TYPES), severity: pick(SEVERITIES), description: `Problem ${round} in coach B2 since Nagpur.` });
        filed.push(c.reference);
        kinds.filed++;
      } else {
        const reference = pick(filed);
        const detail: ComplaintDetail = (await getComplaint(t.app, admin.cookie, reference)).json();
        if (detail.status === 'resolved' && random() < 0.7) {
          // The passenger rates it: a high rating closes it, a low one may reopen it.
          const rating = Math.ceil(random() * 5);
          const reopen = rating <= 2 && random() < 0.5;
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/complaints/${reference}/feedback`,
            headers: { cookie: passenger.cookie },
            payload: reopen ? { rating, reopen: { note: 'Still broken.' } } : { rating },
          });
          expect(res.statusCode, res.body).toBe(200);
          kinds[reopen ? 'reopened' : 'rated']++;
        } else if (roll < 0.6) {
          const who = random() < 0.2 ? null : pick(staff).id;
          const res = await patchComplaint(t.app, admin.cookie, reference, { assigneeId: who });
          expect(res.statusCode, res.body).toBe(200);
          kinds.assigned++;
        } else if (detail.allowedMoves.length > 0) {
          const status = pick(detail.allowedMoves);
          const res = await patchComplaint(t.app, admin.cookie, reference, status === 'closed' ? { status, closeReason: 'resolved' } : { status });
          expect(res.statusCode, res.body).toBe(200);
          kinds.moved++;
        }
      }
      if (round % 10 === 9) {
        // A staff member moves to another department, with the complaints they hold.
        const res = await t.app.inject({ method: 'PATCH', url: `/api/staff/${staff[0].id}`, headers: { cookie: admin.cookie }, payload: { department: round % 20 === 9 ? 'Mechanical' : 'Commercial' } });
        expect(res.statusCode, res.body).toBe(200);
        kinds.department++;
        await expectKeptToMatchRecount();
      }
    }
    await expectKeptToMatchRecount();
    // Some complaints are still open and held by someone: the kept load per assignee was tested, not two empty lists.
    expect((await keptFigures(db())).openLoad.length).toBeGreaterThan(0);
    // The mix did reach every kind of change.
    for (const [kind, n] of Object.entries(kinds)) expect(n, kind).toBeGreaterThan(0);
    const { figures, totals } = await keptFigures(db());
    expect(totals.reduce((sum, x) => sum + x.complaints, 0)).toBe(filed.length);
    expect(figures.some((f) => f.resolved > 0 && f.department === 'Mechanical') || figures.some((f) => f.department === 'Commercial')).toBe(true);
  });

  it('are counted once at start when a database holds complaints never counted, and only once', async () => {
    const before = await keptFigures(db());
    for (const table of ['complaint_figures', 'complaint_moves', 'complaint_totals']) await runSql(t.app, sql`delete from ${sql.identifier(table)}`);
    expect(await ensureFigures(db())).toBe(true);
    expect(await keptFigures(db())).toEqual(before);
    expect(await ensureFigures(db())).toBe(false);
  });

  it('are put right by a rebuild after a change behind the server’s back', async () => {
    const before = await keptFigures(db());
    await runSql(t.app, sql`update complaint_totals set complaints = complaints + 1000`);
    await runSql(t.app, sql`update complaint_figures set resolution_ms = resolution_ms + 1`);
    expect(await keptFigures(db())).not.toEqual(before);
    const rows = await rebuildFigures(db());
    expect(rows.totals).toBe(before.totals.length);
    expect(await keptFigures(db())).toEqual(before);
  });

  it('feed the cards and the charts', async () => {
    const { totals, figures } = await keptFigures(db());
    const cards = (await t.app.inject({ url: '/api/complaints/stats', headers: { cookie: admin.cookie } })).json();
    const count = (s: string) => totals.find((x) => x.status === s)?.complaints ?? 0;
    expect(cards.cards.map((c: { count: number }) => c.count)).toEqual([count('open') + count('reopened'), count('in_progress'), count('resolved'), count('closed')]);
    const breakdown = (await t.app.inject({ url: '/api/analytics/breakdown', headers: { cookie: admin.cookie } })).json();
    expect(breakdown.total).toBe(figures.reduce((sum, f) => sum + f.complaints, 0));
  });
});
