import { type AnalyticsBreakdown, type AnalyticsDaily, COMPLAINT_TYPES, todayInIndia } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, indiaDate, recount, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof createUser>>;
type Placement = { day: string; time: string; status: string; resolvedAfter?: number; dueAfter?: number; assigneeId?: string | null };

let t: TestApp;
let passenger: User;
let staff: User;
let admin: User;
/** Has a staff record in the "Commercial" department. */
let commercial: User;
/** Staff without a staff record, so without a department. */
let noRecord: User;

const get = (url: string, user?: User, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: user ? { cookie: user.cookie } : {} });
async function ok<T>(url: string, query: Record<string, string> = {}): Promise<T> {
  const res = await get(url, admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Puts a complaint on a day and time in India, in a status, resolved and due some hours after filing. */
async function place(reference: string, p: Placement) {
  const filed = sql`((${p.day}::date + ${p.time}::time) at time zone 'Asia/Kolkata')`;
  const after = (hours: number | undefined) => (hours === undefined ? sql`null` : sql`${filed} + make_interval(hours => ${hours}::int)`);
  await runSql(
    t.app,
    sql`update complaint set created_at = ${filed}, updated_at = ${filed}, status = ${p.status}, due_at = ${after(p.dueAfter ?? 24)},
        resolved_at = ${after(p.resolvedAfter)}, assignee_id = ${p.assigneeId ?? null} where reference = ${reference}`,
  );
}

async function rate(reference: string, rating: number, day: string) {
  await runSql(
    t.app,
    sql`insert into feedback (id, complaint_id, subject, rating, created_at)
        select ${`fb-${reference}`}, id, reference, ${rating}::smallint, (${day}::date + time '12:00') at time zone 'Asia/Kolkata' from complaint where reference = ${reference}`,
  );
}

// Seven days, three weeks back, so nothing filed by the tests today falls in them.
const d = (n: number) => indiaDate(-20 + n);
const RANGE = { from: d(0), to: d(6) };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [passenger, staff, admin, commercial, noRecord] = await Promise.all([
    createUser(t.app),
    createUser(t.app, 'staff'),
    createUser(t.app, 'admin'),
    createUser(t.app, 'staff'),
    createUser(t.app, 'staff'),
  ]);
  await runSql(t.app, sql`insert into staff_profile (user_id, job_role, department) values (${commercial.id}, 'tte', 'Commercial')`);

  const file = (type: string, severity: string) => createComplaint(t.app, passenger.cookie, { type, severity, description: `A ${type} problem in coach B2 since Nagpur.` });
  const [c1, c2, c3, c4, c5, c6, before, after] = [
    await file('water', 'low'),
    await file('water', 'medium'),
    await file('catering', 'high'),
    await file('catering', 'medium'),
    await file('electrical', 'medium'),
    await file('electrical', 'medium'),
    await file('water', 'medium'),
    await file('water', 'medium'),
  ];
  await place(c1.reference, { day: d(0), time: '10:00', status: 'open' });
  // 00:30 in India is the evening before in UTC: it still counts on d(0).
  await place(c2.reference, { day: d(0), time: '00:30', status: 'resolved', resolvedAfter: 5, dueAfter: 10, assigneeId: commercial.id });
  await place(c3.reference, { day: d(2), time: '23:30', status: 'closed', resolvedAfter: 20, dueAfter: 10, assigneeId: commercial.id });
  await place(c4.reference, { day: d(2), time: '12:00', status: 'resolved', resolvedAfter: 1, dueAfter: 10, assigneeId: noRecord.id });
  await place(c5.reference, { day: d(6), time: '09:00', status: 'resolved', resolvedAfter: 2, dueAfter: 24 });
  // Resolved once, then reopened: work again, so it has no resolution time.
  await place(c6.reference, { day: d(6), time: '18:00', status: 'reopened', resolvedAfter: 3, dueAfter: 24 });
  await place(before.reference, { day: d(-1), time: '23:59', status: 'resolved', resolvedAfter: 1 });
  await place(after.reference, { day: d(7), time: '00:10', status: 'resolved', resolvedAfter: 1 });
  await rate(c2.reference, 5, d(1));
  await rate(c3.reference, 2, d(3));
  await rate(c4.reference, 5, d(6));
  await rate(before.reference, 1, d(-1));
  await recount(t.app);
});
afterAll(() => t.close());

describe('GET /api/analytics/daily', () => {
  it('counts the complaints filed on each day of the range by their status now, empty days included', async () => {
    const daily = await ok<AnalyticsDaily>('/api/analytics/daily', RANGE);
    expect(daily.from).toBe(RANGE.from);
    expect(daily.to).toBe(RANGE.to);
    expect(daily.days.map((x) => x.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(d));
    const zero = { total: 0, open: 0, in_progress: 0, resolved: 0, closed: 0, reopened: 0 };
    expect(daily.days.map(({ date: _, ...counts }) => counts)).toEqual([
      { ...zero, total: 2, open: 1, resolved: 1 },
      zero,
      { ...zero, total: 2, resolved: 1, closed: 1 },
      zero,
      zero,
      zero,
      { ...zero, total: 2, resolved: 1, reopened: 1 },
    ]);
  });

  it('covers one day when from and to are the same', async () => {
    const daily = await ok<AnalyticsDaily>('/api/analytics/daily', { from: d(7), to: d(7) });
    expect(daily.days).toEqual([{ date: d(7), total: 1, open: 0, in_progress: 0, resolved: 1, closed: 0, reopened: 0 }]);
  });

  it('shows the last 30 days, today included, when no range is given', async () => {
    await createComplaint(t.app, passenger.cookie);
    const daily = await ok<AnalyticsDaily>('/api/analytics/daily');
    expect(daily.days).toHaveLength(30);
    expect(daily.to).toBe(todayInIndia());
    expect(daily.from).toBe(indiaDate(-29));
    expect(daily.days.at(-1)).toMatchObject({ date: todayInIndia(), total: 1, open: 1 });
    // The eight placed complaints (d(-1) to d(7)) and today's.
    expect(daily.days.reduce((sum, x) => sum + x.total, 0)).toBe(9);
  });

  it('takes 30 days ending at `to` when only `to` is given, and up to today when only `from` is', async () => {
    const ending = await ok<AnalyticsDaily>('/api/analytics/daily', { to: d(6) });
    expect([ending.from, ending.to, ending.days.length]).toEqual([indiaDate(-20 + 6 - 29), d(6), 30]);
    const since = await ok<AnalyticsDaily>('/api/analytics/daily', { from: d(0) });
    expect([since.from, since.to, since.days.length]).toEqual([d(0), todayInIndia(), 21]);
  });

  it('accepts 366 days and refuses 367', async () => {
    expect((await ok<AnalyticsDaily>('/api/analytics/daily', { from: '2024-01-01', to: '2024-12-31' })).days).toHaveLength(366);
    const res = await get('/api/analytics/daily', admin, { from: '2024-01-01', to: '2025-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { from: 'range_too_long' } });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await get('/api/analytics/daily', admin, { from: d(6), to: d(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ from: 'range_reversed' });
    // Only a `from` after today: the default `to` (today) is before it.
    expect((await get('/api/analytics/daily', admin, { from: indiaDate(2) })).statusCode).toBe(400);
  });

  it('refuses dates that are not calendar days', async () => {
    const bad: Record<string, string>[] = [{ from: '2025-02-30' }, { to: 'yesterday' }, { from: '2025-1-5' }, { to: '' }];
    for (const query of bad) {
      const res = await get('/api/analytics/daily', admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('GET /api/analytics/breakdown', () => {
  it('answers the figures of the complaints filed in the range', async () => {
    const b = await ok<AnalyticsBreakdown>('/api/analytics/breakdown', RANGE);
    expect([b.from, b.to, b.total]).toEqual([RANGE.from, RANGE.to, 6]);

    // Every type, most complaints first, ties in the original prototype's order.
    expect(b.byType).toHaveLength(COMPLAINT_TYPES.length);
    expect(b.byType.slice(0, 4)).toEqual([
      { type: 'electrical', count: 2 },
      { type: 'catering', count: 2 },
      { type: 'water', count: 2 },
      { type: 'coach-maintenance', count: 0 },
    ]);
    expect(b.bySeverity).toEqual([
      { severity: 'low', count: 1 },
      { severity: 'medium', count: 4 },
      { severity: 'high', count: 1 },
    ]);
  });

  it('computes the share resolved within the due time over the resolved ones', async () => {
    const b = await ok<AnalyticsBreakdown>('/api/analytics/breakdown', RANGE);
    // Resolved: c2 (5 h, due 10 h), c3 (20 h, due 10 h: late), c4 (1 h), c5 (2 h). c6 was reopened.
    expect(b.onTime).toEqual({ resolved: 4, onTime: 3, share: 0.75 });
  });

  it('averages the hours to resolution by type and by department, slowest first', async () => {
    const b = await ok<AnalyticsBreakdown>('/api/analytics/breakdown', RANGE);
    expect(b.resolutionByType).toEqual([
      { type: 'catering', hours: 10.5, resolved: 2 },
      { type: 'water', hours: 5, resolved: 1 },
      { type: 'electrical', hours: 2, resolved: 1 },
    ]);
    expect(b.resolutionByDepartment).toEqual([
      { department: 'Commercial', assigned: true, hours: 12.5, resolved: 2 },
      { department: null, assigned: false, hours: 2, resolved: 1 },
      { department: null, assigned: true, hours: 1, resolved: 1 },
    ]);
  });

  it('counts the ratings given in the range, 1 to 5, with their average', async () => {
    const b = await ok<AnalyticsBreakdown>('/api/analytics/breakdown', RANGE);
    expect(b.ratings).toEqual({
      counts: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: { 2: 1, 5: 2 }[rating] ?? 0 })),
      total: 3,
      average: 4,
    });
  });

  it('answers zeros and no averages for a range with nothing in it', async () => {
    const b = await ok<AnalyticsBreakdown>('/api/analytics/breakdown', { from: '2020-01-01', to: '2020-01-31' });
    expect(b.total).toBe(0);
    expect(b.byType.every((x) => x.count === 0)).toBe(true);
    expect(b.onTime).toEqual({ resolved: 0, onTime: 0, share: null });
    expect(b.resolutionByType).toEqual([]);
    expect(b.resolutionByDepartment).toEqual([]);
    expect(b.ratings).toEqual({ counts: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 })), total: 0, average: null });
  });

  it('refuses bad ranges like the daily figures', async () => {
    expect((await get('/api/analytics/breakdown', admin, { from: d(6), to: d(0) })).statusCode).toBe(400);
    expect((await get('/api/analytics/breakdown', admin, { from: '2023-01-01', to: '2025-01-01' })).statusCode).toBe(400);
    expect((await get('/api/analytics/breakdown', admin, { from: '2025-13-01' })).statusCode).toBe(400);
  });
});

describe('who may see the analytics', () => {
  it('lets staff and admins in, answers 403 to a passenger and 401 without a session', async () => {
    for (const url of ['/api/analytics/daily', '/api/analytics/breakdown', '/api/complaints.csv']) {
      expect((await get(url, staff)).statusCode, url).toBe(200);
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url, passenger)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});

/** RFC 4180, strictly: a line break outside quotes other than CRLF stays in the field, so a test sees it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('GET /api/complaints.csv', () => {
  const HEADER = ['Reference', 'Type', 'Status', 'Severity', 'Emergency', 'Filed at', 'Due at', 'Resolved at', 'Train', 'PNR', 'Station', 'Location', 'Assigned staff', 'Description'];
  // A form sends line breaks as CRLF.
  const HINDI = 'कोच B2 में पानी नहीं है, "तुरंत" मदद करें\r\nदूसरी पंक्ति';
  let hindi: string;
  let formula: string;
  let emergency: string;

  beforeAll(async () => {
    hindi = (await createComplaint(t.app, passenger.cookie, { type: 'water', description: HINDI, location: 'Coach B2, berth 14' })).reference;
    formula = (await createComplaint(t.app, passenger.cookie, { type: 'catering', description: '=HYPERLINK("http://evil.example","Click for refund")' })).reference;
    emergency = (await createComplaint(t.app, passenger.cookie, { type: 'medical', where: 'station', station: 'Nagpur Junction', trainNumber: undefined, pnr: undefined, description: 'My father has chest pain and is not breathing properly.' }))
      .reference;
  });

  async function exportCsv(query: Record<string, string> = {}) {
    const res = await get('/api/complaints.csv', admin, query);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    return { res, header: rows[0], rows: rows.slice(1), byRef: (ref: string) => rows.find((r) => r[0] === ref) };
  }

  it('downloads a UTF-8 CSV with a byte-order mark, named after today', async () => {
    const { res, header } = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="complaints-${todayInIndia()}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(HEADER);
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('writes one row per complaint, with labels, India times and the assignee', async () => {
    const { res, rows, byRef } = await exportCsv();
    const [{ n }] = await runSql(t.app, sql`select count(*)::int as n from complaint`);
    expect(rows).toHaveLength(n as number);
    expect([res.headers['x-export-rows'], res.headers['x-export-truncated']]).toEqual([String(n), 'false']);
    expect(rows.every((r) => r.length === HEADER.length)).toBe(true);

    const [placed] = await runSql(t.app, sql`select c.reference, u.name from complaint c join "user" u on u.id = c.assignee_id where c.assignee_id = ${commercial.id} and c.status = 'closed'`);
    const row = byRef(placed.reference as string);
    expect(row).toEqual([
      placed.reference,
      'Catering / Vending Services',
      'Closed',
      'High',
      'No',
      `${d(2)} 23:30`,
      `${d(3)} 09:30`,
      `${d(3)} 19:30`,
      '12951',
      '4512345678',
      '',
      'Coach B2, berth 14',
      placed.name,
      'A catering problem in coach B2 since Nagpur.',
    ]);
    expect(byRef(emergency)?.slice(1, 5)).toEqual(['Medical Assistance', 'Open', 'High', 'Yes']);
    expect(byRef(emergency)?.[10]).toBe('Nagpur Junction');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and keeps Hindi as it is', async () => {
    const { res, byRef } = await exportCsv();
    expect(byRef(hindi)?.[13]).toBe(HINDI);
    expect(res.body).toContain(`"${HINDI.replaceAll('"', '""')}"`);
    expect(res.body).toContain('"Coach B2, berth 14"');
  });

  it('defuses a cell that a spreadsheet would run as a formula', async () => {
    const { byRef } = await exportCsv();
    expect(byRef(formula)?.[13]).toBe(`'=HYPERLINK("http://evil.example","Click for refund")`);
  });

  it('applies the filters and order of the complaint list', async () => {
    const refsOf = async (query: Record<string, string>) => (await exportCsv(query)).rows.map((r) => r[0]);
    const listRefs = async (query: Record<string, string>) => {
      const res = await get('/api/complaints', admin, { ...query, pageSize: '100' });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { reference: string }[]).map((c) => c.reference);
    };
    const queries: Record<string, string>[] = [
      { status: 'resolved' },
      { type: 'catering' },
      { severity: 'high', sort: 'oldest' },
      { assignee: commercial.id },
      { assignee: 'none', sort: 'due' },
      { q: hindi },
      { q: 'Nagpur' },
      { overdue: 'true' },
      { sort: 'severity' },
    ];
    for (const query of queries) {
      const refs = await refsOf(query);
      expect(refs, JSON.stringify(query)).toEqual(await listRefs(query));
    }
    expect(await refsOf({ q: hindi })).toEqual([hindi]);
    expect(await refsOf({ status: 'resolved' })).toHaveLength(5);
  });

  it('answers a header alone when nothing matches', async () => {
    const { res, rows } = await exportCsv({ q: 'CMP999999999' });
    expect(rows).toEqual([]);
    expect(res.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('refuses filters the list refuses', async () => {
    expect((await get('/api/complaints.csv', admin, { status: 'lost' })).statusCode).toBe(400);
    expect((await get('/api/complaints.csv', admin, { sort: 'random' })).statusCode).toBe(400);
  });
});
