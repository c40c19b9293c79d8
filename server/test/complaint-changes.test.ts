import type { AddressInfo } from 'node:net';
import type { ComplaintDetail } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaint, complaintEvent, notification, outbox, staffProfile } from '../src/db/schema';
import type { SmsMessage, SmsProvider } from '../src/providers/sms';
import { createComplaint, fileComplaint, complaintFields, getComplaint, moveComplaint, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';
import { type Client, connect } from './nodes/sockets';

/**
 * One owner for every complaint change: the row, its timeline event, its SMS and e-mail rows and its bells are
 * written in one transaction, and nobody hears of anything (sockets, bells, the SMS gateway) before it commits.
 */
type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let baseUrl: string;
const sockets: Client[] = [];
/** Every SMS the stand-in gateway was asked to send, with whether its complaint was committed by then. */
const sent: (SmsMessage & { committed: boolean })[] = [];
let admin: User;
let staff: User;
let colleague: User;
let passenger: User;

beforeAll(async () => {
  const sms: SmsProvider = {
    name: 'test',
    async send(message) {
      // Asked on the database itself, not in any transaction: a send from inside the change's own transaction
      // would find nothing (PostgreSQL) or wait for itself (PGlite).
      const reference = message.text.match(/CMP\d+/)?.[0] ?? '';
      const [row] = await t.database.db.select({ id: complaint.id }).from(complaint).where(eq(complaint.reference, reference));
      sent.push({ ...message, committed: Boolean(row) });
      return { attempts: 1 };
    },
  };
  t = await createTestApp({ env: { RATE_LIMIT: 'off' }, providers: { sms } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [admin, staff, colleague, passenger] = await Promise.all([createUser(t.app, 'admin'), createUser(t.app, 'staff'), createUser(t.app, 'staff'), createUser(t.app)]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function socketOf(user: User) {
  const opened = await connect(baseUrl, user.cookie);
  sockets.push(opened.socket);
  return opened.events;
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const idOf = async (reference: string) => (await t.database.db.select({ id: complaint.id }).from(complaint).where(eq(complaint.reference, reference)))[0].id;
const nameOf = async (user: User) => (await runSql(t.app, sql`select name from "user" where id = ${user.id}`))[0].name as string;
const countOf = async (query: ReturnType<typeof sql>) => Number((await runSql(t.app, query))[0].n);

describe('a change whose transaction fails after it is made (a crash before the commit)', () => {
  it('leaves no complaint change, no timeline event, no outbox row and no bell, and nobody hears of it', async () => {
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 70001' });
    const dashboard = await socketOf(admin);
    const mark = dashboard.mark();
    const before = {
      events: await countOf(sql`select count(*) as n from complaint_event e join complaint c on c.id = e.complaint_id where c.reference = ${c.reference}`),
      outbox: await countOf(sql`select count(*) as n from outbox`),
      bells: await countOf(sql`select count(*) as n from notification`),
    };
    const sentBefore = sent.length;

    const id = await idOf(c.reference);
    let inside: { outbox: number; events: number; status: string } | undefined;
    const crash = t.app.services.changes.transaction(async (scope) => {
      // Only the transaction from here on: PGlite has one connection, held by it.
      const row = await scope.lock(id);
      if (!row) throw new Error('no such complaint');
      const changed = await scope.change(row, { actor: { id: staff.id, role: 'staff' }, status: 'resolved', note: 'Tank refilled.', assignee: { id: colleague.id, name: 'Colleague' } });
      // Inside the transaction the change, its events and its messages are all there…
      const [o] = await scope.tx.select({ n: sql<number>`count(*)::int` }).from(outbox);
      const [e] = await scope.tx.select({ n: sql<number>`count(*)::int` }).from(complaintEvent).where(eq(complaintEvent.complaintId, row.id));
      inside = { outbox: Number(o.n), events: Number(e.n), status: changed.status };
      throw new Error('the node died');
    });
    await expect(crash).rejects.toThrow('the node died');
    // …with an SMS and an e-mail to the passenger, one to the new assignee, and the move, assignment and note events.
    expect(inside).toMatchObject({ status: 'resolved' });
    expect((inside?.outbox ?? 0) - before.outbox).toBeGreaterThanOrEqual(3);
    expect((inside?.events ?? 0) - before.events).toBe(2);

    // …and after the rollback none of it is.
    const d = (await getComplaint(t.app, admin.cookie, c.reference)).json() as ComplaintDetail;
    expect(d).toMatchObject({ status: c.status, assignee: c.assignee, resolvedAt: null });
    expect(await countOf(sql`select count(*) as n from complaint_event e join complaint c on c.id = e.complaint_id where c.reference = ${c.reference}`)).toBe(before.events);
    expect(await countOf(sql`select count(*) as n from outbox`)).toBe(before.outbox);
    expect(await countOf(sql`select count(*) as n from notification`)).toBe(before.bells);

    // A real change afterwards is heard; the failed one never was, nor did the gateway get its SMS.
    await moveComplaint(t.app, staff.cookie, c.reference, { status: 'in_progress' });
    await dashboard.waitFor('complaint:changed', (p) => p.reference === c.reference && p.status === 'in_progress', mark);
    expect(dashboard.all('complaint:changed', mark).filter((p) => p.reference === c.reference).map((p) => p.status)).toEqual(['in_progress']);
    await until(() => sent.length, (n) => n > sentBefore, 'the SMS of the real change was not sent');
    expect(sent.slice(sentBefore).filter((m) => /resolved/i.test(m.text))).toEqual([]);
  });
});

describe('filing', () => {
  it('writes the complaint_filed SMS and e-mail in the filing transaction, and the gateway gets the SMS only after the commit', async () => {
    const sentBefore = sent.length;
    const c = await createComplaint(t.app, passenger.cookie, { mobile: '98765 70002' });
    // The same transaction id wrote the complaint and its e-mail (no mail provider here: the row stays as written).
    const [same] = await runSql(
      t.app,
      sql`select c.xmin::text as complaint, o.xmin::text as message from complaint c, outbox o
          where c.reference = ${c.reference} and o.recipient = ${passenger.email} and o.subject like ${`%${c.reference}%`}`,
    );
    expect(same.complaint).toBe(same.message);
    const [bell] = await t.database.db.select().from(notification).where(eq(notification.userId, passenger.id)).orderBy(sql`${notification.createdAt} desc`).limit(1);
    expect(bell).toMatchObject({ kind: 'complaint_filed', params: { reference: c.reference } });

    const sms = await until(
      () => sent.slice(sentBefore).find((m) => m.to === '+919876570002'),
      (m) => m !== undefined,
      'the filing SMS was not sent',
    );
    expect(sms).toMatchObject({ committed: true });
    expect(sms?.text).toContain(c.reference);
  });

  it('is not committed when its notice cannot be written: no complaint without its complaint_filed message', async () => {
    const unlucky = await createUser(t.app);
    // Writing this passenger's message fails, as a full disk or a dropped connection would.
    await runSql(
      t.app,
      sql.raw(`create or replace function refuse_outbox() returns trigger language plpgsql as $$
        begin if new.recipient = '${unlucky.email}' then raise exception 'outbox refused'; end if; return new; end $$`),
    );
    await runSql(t.app, sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`);
    try {
      const res = await fileComplaint(t.app, unlucky.cookie, complaintFields({ description: 'No light in coach S2 after Kota.' }));
      expect(res.statusCode).toBe(500);
      expect(await countOf(sql`select count(*) as n from complaint where passenger_id = ${unlucky.id}`)).toBe(0);
      expect(await countOf(sql`select count(*) as n from notification where user_id = ${unlucky.id} and kind = 'complaint_filed'`)).toBe(0);
    } finally {
      await runSql(t.app, sql`drop trigger refuse_outbox on outbox`);
    }
    expect((await fileComplaint(t.app, unlucky.cookie, complaintFields({ description: 'No light in coach S2 after Kota.' }))).statusCode).toBe(201);
  });
});

describe('deactivating a staff member', () => {
  it('re-assigns their complaints through the owner: the dashboard and the new assignee hear of it, and the timeline says why', async () => {
    await runSql(t.app, sql`update staff_profile set status = 'inactive'`);
    const leaving = await createUser(t.app, 'staff');
    await t.database.db.insert(staffProfile).values({ userId: leaving.id, jobRole: 'helpdesk_agent', department: 'Commercial', expertise: ['catering'], languages: ['en'] });
    const c = await createComplaint(t.app, passenger.cookie, { type: 'catering', description: 'Pantry car served stale food in coach B1.' });
    expect(c.assignee?.id).toBe(leaving.id);
    const next = await createUser(t.app, 'staff');
    await t.database.db.insert(staffProfile).values({ userId: next.id, jobRole: 'helpdesk_agent', department: 'Commercial', expertise: ['catering'], languages: ['en'] });

    const [dashboard, nextSocket] = await Promise.all([socketOf(admin), socketOf(next)]);
    const [mark, nextMark] = [dashboard.mark(), nextSocket.mark()];
    const res = await t.app.inject({ method: 'PATCH', url: `/api/staff/${leaving.id}`, headers: { cookie: admin.cookie }, payload: { status: 'inactive' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnedToQueue).toEqual([c.reference]);

    await dashboard.waitFor('complaint:changed', (p) => p.reference === c.reference, mark);
    await nextSocket.waitFor('complaint:changed', (p) => p.reference === c.reference, nextMark);
    const bell = await nextSocket.waitFor('notification:new', (n) => n.kind === 'complaint_assigned' && n.params.reference === c.reference, nextMark);
    expect(bell.link).toBe(`/complaints/${c.reference}`);

    const d = (await getComplaint(t.app, admin.cookie, c.reference)).json() as ComplaintDetail;
    expect(d.assignee?.id).toBe(next.id);
    expect(d.timeline.slice(-3).map((e) => [e.kind, e.internal, e.kind === 'assigned' ? Boolean(e.note) : e.note])).toEqual([
      ['assigned', false, false],
      ['note', true, `Taken back from ${await nameOf(leaving)}, whose account was deactivated.`],
      ['assigned', false, true],
    ]);
  });
});
