import type { ComplaintDetail, ComplaintList } from '@railmadad/contract';
import { DESCRIPTION_MAX, PHOTOS_MAX } from '@railmadad/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintFields, createComplaint, fileComplaint, indiaDate, jpeg, listComplaints, notificationsOf, png } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
/** One passenger for the refusals: nothing they send may ever be stored, so the tests can share them. */
let refused: Awaited<ReturnType<typeof createUser>>;
/** Two passengers whose complaints are accepted; tests that count theirs count the change. */
let passenger: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  [admin, refused, passenger, other] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app), createUser(t.app), createUser(t.app)]);
});
afterAll(() => t.close());

const file = (cookie: string | undefined, overrides: Record<string, string | undefined> = {}, options: Parameters<typeof fileComplaint>[3] = {}) =>
  fileComplaint(t.app, cookie, complaintFields(overrides), options);

/** Files as the shared passenger, expects 400 with `code` on `field`, and that nothing was stored. */
async function expectRefused(overrides: Record<string, string | undefined>, field: string, code: string) {
  const res = await file(refused.cookie, overrides);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'validation_failed' });
  expect(res.json().fields[field]).toBe(code);
}

async function countOf(cookie: string) {
  return ((await listComplaints(t.app, cookie)).json() as ComplaintList).total;
}

describe('POST /api/complaints', () => {
  it('files a complaint: 201 with a CMP reference, status open, medium severity and a due time 24 h on', async () => {
    const res = await file(passenger.cookie);
    expect(res.statusCode).toBe(201);
    const c = res.json() as ComplaintDetail;
    expect(c.reference).toMatch(/^CMP\d+$/);
    expect(c).toMatchObject({
      status: 'open',
      severity: 'medium',
      emergency: false,
      type: 'water',
      trainNumber: '12951',
      pnr: '4512345678',
      location: 'Coach B2, berth 14',
      photos: [],
      firstResponseDueAt: null,
      assignee: null,
      overdue: false,
    });
    expect(Date.parse(c.dueAt) - Date.parse(c.createdAt)).toBeCloseTo(24 * HOUR, -4);
    expect(c.timeline).toHaveLength(1);
    expect(c.timeline[0]).toMatchObject({ kind: 'created', toStatus: 'open' });
  });

  it('gives a high-severity complaint 4 h and a low one 72 h', async () => {
    const high = (await file(passenger.cookie, { severity: 'high' })).json() as ComplaintDetail;
    const low = (await file(passenger.cookie, { severity: 'low' })).json() as ComplaintDetail;
    expect(high.severity).toBe('high');
    expect(low.severity).toBe('low');
    expect(Date.parse(high.dueAt) - Date.parse(high.createdAt)).toBeCloseTo(4 * HOUR, -4);
    expect(Date.parse(low.dueAt) - Date.parse(low.createdAt)).toBeCloseTo(72 * HOUR, -4);
  });

  it('gives every complaint its own reference', async () => {
    const a = await createComplaint(t.app, passenger.cookie);
    const b = await createComplaint(t.app, passenger.cookie);
    expect(a.reference).not.toBe(b.reference);
  });

  it('stores a photo re-encoded as JPEG, readable by its owner', async () => {
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await png(120, 80), name: 'leak.png', type: 'image/png' }]);
    expect(c.photos).toHaveLength(1);
    expect(c.photoCount).toBe(1);
    expect(c.photos[0]).toMatchObject({ url: expect.stringMatching(/^\/api\/files\/[\w-]+$/), width: 120, height: 80 });
    const res = await t.app.inject({ url: c.photos[0].url, headers: { cookie: passenger.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('strips EXIF metadata from a photo', async () => {
    const tagged = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 0, g: 90, b: 0 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: tagged }]);
    const stored = await t.app.inject({ url: c.photos[0].url, headers: { cookie: passenger.cookie } });
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes('secret')).toBe(false);
  });

  it('keeps two photos, both, in the order they were sent', async () => {
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await jpeg(100, 50) }, { bytes: await jpeg(30, 90) }]);
    expect(c.photos.map((p) => [p.width, p.height])).toEqual([
      [100, 50],
      [30, 90],
    ]);
    for (const p of c.photos) expect((await t.app.inject({ url: p.url, headers: { cookie: passenger.cookie } })).statusCode).toBe(200);
  });

  it(`accepts ${PHOTOS_MAX} photos`, async () => {
    const photo = { bytes: await jpeg(20, 20) };
    const c = await createComplaint(t.app, passenger.cookie, {}, Array(PHOTOS_MAX).fill(photo));
    expect(c.photos).toHaveLength(PHOTOS_MAX);
  });

  describe('checks every field', () => {
    it('rejects a 9-digit PNR', () => expectRefused({ pnr: '451234567' }, 'pnr', 'pnr_invalid'));
    it('rejects an 11-digit PNR', () => expectRefused({ pnr: '45123456789' }, 'pnr', 'pnr_invalid'));
    it('rejects a PNR with letters', () => expectRefused({ pnr: '45123X5678' }, 'pnr', 'pnr_invalid'));
    it('rejects a 4-digit train number', () => expectRefused({ trainNumber: '1295' }, 'trainNumber', 'train_invalid'));
    it('rejects a 6-digit train number', () => expectRefused({ trainNumber: '129510' }, 'trainNumber', 'train_invalid'));
    it('rejects a train complaint without a train number', () => expectRefused({ trainNumber: undefined }, 'trainNumber', 'train_required'));
    it('rejects a train complaint with neither PNR nor UTS number', () => expectRefused({ pnr: undefined }, 'pnr', 'pnr_or_uts_required'));
    it('rejects a malformed UTS number', () => expectRefused({ pnr: undefined, utsNumber: 'X1-23' }, 'utsNumber', 'uts_invalid'));
    it('rejects a station complaint without the station', () => expectRefused({ where: 'station', trainNumber: undefined, pnr: undefined }, 'station', 'station_required'));
    it('rejects an unknown type', () => expectRefused({ type: 'weather' }, 'type', 'type_required'));
    it('rejects a missing location', () => expectRefused({ location: '  ' }, 'location', 'location_required'));
    it('rejects a date that is not a date', () => expectRefused({ incidentDate: '12/05/2025' }, 'incidentDate', 'invalid_date'));
    it("rejects an incident date tomorrow (India's date)", () => expectRefused({ incidentDate: indiaDate(1) }, 'incidentDate', 'date_in_future'));
    it('rejects an incident date 13 months ago', () => expectRefused({ incidentDate: indiaDate(0, -13) }, 'incidentDate', 'date_too_old'));
    it('rejects a description under 10 characters', () => expectRefused({ description: 'No water' }, 'description', 'description_too_short'));
    it(`rejects a description of ${DESCRIPTION_MAX + 1} characters`, () =>
      expectRefused({ description: 'w'.repeat(DESCRIPTION_MAX + 1) }, 'description', 'description_too_long'));
    it('rejects a malformed mobile number', () => expectRefused({ mobile: 'call me' }, 'mobile', 'invalid_phone'));

    it('stored none of the refused complaints', async () => {
      expect(await countOf(refused.cookie)).toBe(0);
    });
  });

  it(`accepts a description of exactly ${DESCRIPTION_MAX} characters`, async () => {
    const c = await createComplaint(t.app, passenger.cookie, { description: 'w'.repeat(DESCRIPTION_MAX) });
    expect(c.description).toHaveLength(DESCRIPTION_MAX);
  });

  it('accepts an incident date a year ago today', async () => {
    expect((await file(passenger.cookie, { incidentDate: indiaDate(0, -12) })).statusCode).toBe(201);
  });

  it('accepts a UTS ticket number in place of a PNR', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { pnr: undefined, utsNumber: 'XA12345678' });
    expect(c).toMatchObject({ pnr: null, utsNumber: 'XA12345678' });
  });

  it('accepts a station complaint with neither train nor PNR', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { where: 'station', trainNumber: undefined, pnr: undefined, station: 'Nagpur Jn', type: 'amenities', location: 'Platform 3 lift' });
    expect(c).toMatchObject({ station: 'Nagpur Jn', trainNumber: null, pnr: null, type: 'amenities' });
  });

  it('keeps the mobile number in the +91 form whatever way it was typed', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 43210' });
    expect(c.mobile).toBe('+919876543210');
  });

  it('rejects a text file renamed photo.jpg with invalid_image and stores nothing', async () => {
    const res = await file(refused.cookie, {}, { photos: [{ bytes: Buffer.from('this is not a picture at all\n'.repeat(20)), name: 'photo.jpg', type: 'image/jpeg' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_image');
    expect(await countOf(refused.cookie)).toBe(0);
  });

  it('rejects a good photo sent with a bad one, storing nothing', async () => {
    const res = await file(refused.cookie, {}, { photos: [{ bytes: await jpeg() }, { bytes: Buffer.from('%PDF-1.4 not an image'), name: 'b.jpg' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_image');
    expect(await countOf(refused.cookie)).toBe(0);
  });

  it(`rejects a ${PHOTOS_MAX + 1}th photo with fields.photos too_many_photos`, async () => {
    const photo = { bytes: await jpeg(20, 20) };
    const res = await file(refused.cookie, {}, { photos: Array(PHOTOS_MAX + 1).fill(photo) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ photos: 'too_many_photos' });
    expect(await countOf(refused.cookie)).toBe(0);
  });

  it('answers 413 to a 20 MB photo and stores nothing', async () => {
    const res = await file(refused.cookie, {}, { photos: [{ bytes: Buffer.alloc(20 * 1024 * 1024, 0xff) }] });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await countOf(refused.cookie)).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const res = await file(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('answers 415 to a JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/complaints', headers: { cookie: refused.cookie }, payload: complaintFields() });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect(await countOf(refused.cookie)).toBe(0);
  });

  describe('with an Idempotency-Key', () => {
    it('answers a retry with the same key 200 and the same complaint, filing it once', async () => {
      const before = await countOf(passenger.cookie);
      const headers = { 'idempotency-key': 'retry-from-the-train-1' };
      const first = await file(passenger.cookie, {}, { headers, photos: [{ bytes: await jpeg() }] });
      const second = await file(passenger.cookie, {}, { headers, photos: [{ bytes: await jpeg() }] });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().reference).toBe(first.json().reference);
      expect(second.json().photos).toHaveLength(1);
      expect(await countOf(passenger.cookie)).toBe(before + 1);
    });

    it('files once when two requests with one key arrive together', async () => {
      const before = await countOf(passenger.cookie);
      const headers = { 'idempotency-key': 'both-at-once' };
      const [a, b] = await Promise.all([file(passenger.cookie, {}, { headers }), file(passenger.cookie, {}, { headers })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().reference).toBe(b.json().reference);
      expect(await countOf(passenger.cookie)).toBe(before + 1);
    });

    it('makes a separate complaint for the same key from another passenger', async () => {
      const headers = { 'idempotency-key': 'shared-key' };
      const a = await file(passenger.cookie, {}, { headers });
      const before = await countOf(other.cookie);
      const b = await file(other.cookie, {}, { headers });
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().reference).not.toBe(b.json().reference);
      expect(await countOf(other.cookie)).toBe(before + 1);
    });

    it('files a new complaint under a new key', async () => {
      const before = await countOf(passenger.cookie);
      await file(passenger.cookie, {}, { headers: { 'idempotency-key': 'k1' } });
      await file(passenger.cookie, {}, { headers: { 'idempotency-key': 'k2' } });
      expect(await countOf(passenger.cookie)).toBe(before + 2);
    });
  });

  describe('emergencies', () => {
    it('marks a medical emergency: high severity, first response due in 8 minutes, admins alerted', async () => {
        const c = await createComplaint(t.app, passenger.cookie, { type: 'medical', severity: 'low', description: 'my father has chest pain and is not breathing properly' });
      expect(c).toMatchObject({ emergency: true, severity: 'high' });
      expect(Date.parse(c.firstResponseDueAt as string) - Date.parse(c.createdAt)).toBeCloseTo(8 * 60 * 1000, -3);
      expect(Date.parse(c.dueAt) - Date.parse(c.createdAt)).toBeCloseTo(4 * HOUR, -4);
      const alerts = (await notificationsOf(t.app, admin.cookie)).filter((n) => n.kind === 'complaint_emergency');
      expect(alerts.map((n) => n.params.reference)).toContain(c.reference);
      expect(alerts.find((n) => n.params.reference === c.reference)?.link).toBe(`/complaints/${c.reference}`);
    });

    it('marks a security emergency', async () => {
        const c = await createComplaint(t.app, passenger.cookie, { type: 'security', description: 'A man with a knife is threatening passengers in S4' });
      expect(c).toMatchObject({ emergency: true, severity: 'high' });
    });

    it('leaves a medical complaint that is not urgent as it is, and alerts no one', async () => {
        const c = await createComplaint(t.app, passenger.cookie, { type: 'medical', description: 'The first-aid box in the coach was empty when I looked.' });
      expect(c).toMatchObject({ emergency: false, severity: 'medium', firstResponseDueAt: null });
      const alerts = (await notificationsOf(t.app, admin.cookie)).filter((n) => n.params.reference === c.reference && n.kind === 'complaint_emergency');
      expect(alerts).toEqual([]);
    });

    it("rings every admin's bell for a new complaint nobody could be given, once: an emergency only as an emergency", async () => {
      const c = await createComplaint(t.app, passenger.cookie, { description: 'No water in coach B2 since Nagpur, the tank is empty.' });
      expect(c.assignee).toBeNull();
      const alerts = (await notificationsOf(t.app, admin.cookie)).filter((n) => n.params.reference === c.reference);
      expect(alerts).toEqual([expect.objectContaining({ kind: 'complaint_unassigned', link: `/complaints/${c.reference}` })]);

      const urgent = await createComplaint(t.app, passenger.cookie, { type: 'medical', description: 'my father has chest pain and is not breathing properly' });
      const urgentAlerts = (await notificationsOf(t.app, admin.cookie)).filter((n) => n.params.reference === urgent.reference);
      expect(urgentAlerts.map((n) => n.kind)).toEqual(['complaint_emergency']);
    });

    it('does not mark a water complaint that mentions blood as an emergency', async () => {
        const c = await createComplaint(t.app, passenger.cookie, { type: 'coach-cleanliness', description: 'There is blood on the toilet floor, please clean it.' });
      expect(c.emergency).toBe(false);
    });
  });
});
