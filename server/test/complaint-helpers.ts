import type { COMPLAINT_SORTS, ComplaintDetail, ComplaintPatch, NotificationList } from '@railmadad/contract';
import { todayInIndia } from '@railmadad/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { rebuildFigures } from '../src/modules/complaints/complaint-figures';

export type Photo = { bytes: Buffer; name?: string; type?: string };
export type Fields = Record<string, string | undefined>;

/** A day `days` away from today in India, as YYYY-MM-DD (negative: in the past). */
export function indiaDate(days: number, months = 0): string {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A train complaint that passes every check; override or drop (undefined) what a test is about. */
export function complaintFields(overrides: Fields = {}): Record<string, string> {
  const fields: Fields = {
    type: 'water',
    where: 'train',
    trainNumber: '12951',
    pnr: '4512345678',
    location: 'Coach B2, berth 14',
    incidentDate: todayInIndia(),
    description: 'No water in the coach toilets since Nagpur.',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

/** A multipart body: text fields, then each photo as a `photos` file part. */
export function multipart(fields: Record<string, string>, photos: Photo[] = [], fileField = 'photos'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, p] of photos.entries()) form.append(fileField, new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }), p.name ?? `photo-${i + 1}.jpg`);
  return form;
}

export function fileComplaint(
  app: FastifyInstance,
  cookie: string | undefined,
  fields: Record<string, string> = complaintFields(),
  options: { photos?: Photo[]; headers?: Record<string, string>; url?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/complaints',
    headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    payload: multipart(fields, options.photos),
  });
}

/** Files a complaint that must be accepted and returns its detail. */
export async function createComplaint(app: FastifyInstance, cookie: string, overrides: Fields = {}, photos: Photo[] = []): Promise<ComplaintDetail> {
  const res = await fileComplaint(app, cookie, complaintFields(overrides), { photos });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const getComplaint = (app: FastifyInstance, cookie: string | undefined, reference: string) =>
  app.inject({ url: `/api/complaints/${reference}`, headers: cookie ? { cookie } : {} });

export const patchComplaint = (app: FastifyInstance, cookie: string | undefined, reference: string, payload: ComplaintPatch | Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/complaints/${reference}`, headers: cookie ? { cookie } : {}, payload });

/** A staff change that must succeed. */
export async function moveComplaint(app: FastifyInstance, cookie: string, reference: string, payload: ComplaintPatch): Promise<ComplaintDetail> {
  const res = await patchComplaint(app, cookie, reference, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const listComplaints = (app: FastifyInstance, cookie: string | undefined, query: Record<string, string | number> = {}) =>
  app.inject({ url: '/api/complaints', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: cookie ? { cookie } : {} });

export async function notificationsOf(app: FastifyInstance, cookie: string): Promise<NotificationList['items']> {
  const res = await app.inject({ url: '/api/notifications', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as NotificationList).items;
}

/** Runs raw SQL on the test database: the way to move clocks (due, resolved, event times) back. */
export async function runSql(app: FastifyInstance, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await app.services.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
export { sql };

/** The staff list's orders written out in SQL by hand, after the queue's own rank (emergencies first), to check its pages against. */
const LIST_ORDER: Record<(typeof COMPLAINT_SORTS)[number], string> = {
  newest: 'created_at desc, id desc',
  oldest: 'created_at asc, id asc',
  due: 'due_at asc, id asc',
  severity: "case severity when 'high' then 0 when 'medium' then 1 else 2 end, created_at desc, id desc",
  updated: 'updated_at desc, id desc',
};

/** The references of the complaints matching `where` (SQL), in the staff list's order `sort`. */
export async function referencesInListOrder(app: FastifyInstance, where: string, sort: (typeof COMPLAINT_SORTS)[number]): Promise<string[]> {
  const rows = await runSql(app, sql.raw(`select reference from complaint where ${where} order by queue_rank, ${LIST_ORDER[sort]}`));
  return rows.map((r) => r.reference as string);
}

/** After a test has changed complaints behind the server's back (back-dating them, say): the figures are counted again. */
export async function recount(app: FastifyInstance) {
  await rebuildFigures(app.services.database.db);
}

export const jpeg = (width = 64, height = 48, color = { r: 200, g: 60, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
export const png = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
