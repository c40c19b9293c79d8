import type { ComplaintDetail, TrackResult } from '@railmadad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaint, moveComplaint } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

// Rate limits stay on here: the last test trips the look-up limit (from its own address).
let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let staffName: string;
let c: ComplaintDetail;
let station: ComplaintDetail;
let address = 0;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.rateLimit).toBe(true);
  const [passenger, s] = await Promise.all([createUser(t.app), createUser(t.app, 'staff')]);
  staff = s;
  staffName = (await t.app.inject({ url: '/api/me', headers: { cookie: staff.cookie } })).json().name;
  c = await createComplaint(t.app, passenger.cookie, { pnr: '8765432109', mobile: '9876543210', description: 'Broken window latch in coach S3, rain coming in.' });
  await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress', assigneeId: staff.id, note: 'Fitter called to Itarsi.' });
  await moveComplaint(t.app, staff.cookie, c.reference, { note: 'Passenger is a VIP, handle with care.', internal: true });
  station = await createComplaint(t.app, passenger.cookie, { where: 'station', trainNumber: undefined, pnr: undefined, station: 'Bhopal Jn', mobile: '+91 99887 76655' });
});
afterAll(() => t.close());

/** Each test looks up from an address of its own, so only the last one can trip the limit. */
const track = (query: Record<string, string>, remoteAddress = `198.51.100.${++address}`) => t.app.inject({ url: '/api/track', query, remoteAddress });

describe('GET /api/track', () => {
  it('answers anyone with the reference and the PNR: the status and a timeline of moves only', async () => {
    const res = await track({ reference: c.reference, pnr: '8765432109' });
    expect(res.statusCode).toBe(200);
    const r = res.json() as TrackResult;
    expect(Object.keys(r).sort()).toEqual(['createdAt', 'reference', 'status', 'timeline', 'type', 'updatedAt']);
    expect(r).toMatchObject({ reference: c.reference, type: 'water', status: 'in_progress' });
    expect(r.timeline.map((e) => [e.kind, e.toStatus])).toEqual([
      ['created', 'open'],
      ['status', 'in_progress'],
    ]);
    for (const e of r.timeline) expect(Object.keys(e).sort()).toEqual(['createdAt', 'kind', 'toStatus']);
    // Nothing personal: no notes, names, description, PNR or mobile.
    for (const secret of ['Fitter called', 'VIP', staffName, 'Broken window', '9876543210', 'Test passenger']) expect(res.body).not.toContain(secret);
  });

  it('answers 404 "No complaints found matching your search." to a wrong PNR', async () => {
    const res = await track({ reference: c.reference, pnr: '8765432100' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'No complaints found matching your search.' });
    expect(res.body).not.toContain('in_progress');
  });

  it('answers the same 404 to a reference that does not exist', async () => {
    const res = await track({ reference: 'CMP999999999', pnr: '8765432109' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No complaints found matching your search.');
  });

  it('accepts the mobile number the complaint was filed with, typed any way', async () => {
    for (const mobile of ['98765 43210', '+91 98765-43210', '919876543210', '09876543210']) {
      const res = await track({ reference: c.reference, mobile });
      expect(res.statusCode, mobile).toBe(200);
      expect(res.json().reference).toBe(c.reference);
    }
  });

  it('answers 404 to another mobile number or a partial one', async () => {
    for (const mobile of ['98765 43211', '43210', '3210']) expect((await track({ reference: c.reference, mobile })).statusCode, mobile).toBe(404);
  });

  it('finds a station complaint, which has no PNR, by its mobile number', async () => {
    expect((await track({ reference: station.reference, mobile: '9988776655' })).statusCode).toBe(200);
    expect((await track({ reference: station.reference, pnr: '' })).statusCode).toBe(400);
  });

  it('answers 400 to a reference alone', async () => {
    const res = await track({ reference: c.reference });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { pnr: 'pnr_or_mobile_required' } });
  });

  it('answers 400 to something that is not a reference', async () => {
    for (const reference of ['', '12345', 'CMP', "CMP1' or '1'='1"]) {
      const res = await track({ reference, pnr: '8765432109' });
      expect(res.statusCode, reference).toBe(400);
    }
    expect((await track({ reference: 'ABC123', pnr: '8765432109' })).json().fields.reference).toBe('reference_invalid');
  });

  it('finds a reference typed in lower case, with spaces around', async () => {
    const res = await track({ reference: ` ${c.reference.toLowerCase()} `, pnr: ' 8765432109 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().reference).toBe(c.reference);
  });

  it('shows the new status as soon as staff move the complaint', async () => {
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'resolved', note: 'Latch replaced.' });
    const r = (await track({ reference: c.reference, pnr: '8765432109' })).json() as TrackResult;
    expect(r.status).toBe('resolved');
    expect(r.timeline.at(-1)).toMatchObject({ kind: 'status', toStatus: 'resolved' });
  });

  it('answers 429 to the 21st look-up within a minute from one address, and serves other addresses', async () => {
    // The count lives in one-minute windows: start well inside one so it cannot reset mid-test.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const statuses: number[] = [];
    // Wrong PNRs count too: guessing is what the limit is for.
    for (let i = 0; i < 21; i++) statuses.push((await track({ reference: c.reference, pnr: i % 2 ? '8765432109' : '0000000000' }, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await track({ reference: c.reference, pnr: '8765432109' }, '203.0.113.7');
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await track({ reference: c.reference, pnr: '8765432109' }, '203.0.113.8')).statusCode).toBe(200);
  });
});
