import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createMessenger } from '../src/modules/outbox/outbox.service';
import type { RetryPolicy } from '../src/providers/retry';
import { createHttpSmsProvider } from '../src/providers/sms';
import { complaintFields, fileComplaint } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

/**
 * The outbox as a queue: a message is written and the request answers; a worker sends it, retries a failure with
 * back-off, keeps going across a node that stopped, sends each message once however many nodes run, and leaves a
 * failure on the Outbox screen for an admin to send again. Against a stand-in SMS gateway on 127.0.0.1.
 */
const FAST: RetryPolicy = { retries: 3, baseDelayMs: 20, maxDelayMs: 100 };
let gateway: Server;
let url: string;
/** What the gateway answers; `hold` keeps every request waiting until `release()`. */
let mode: 'up' | 'down' | 'hold' = 'up';
let held: (() => void)[] = [];
let received: { to: string; message: string }[] = [];
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        if (mode === 'down') {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'gateway down' }));
          return;
        }
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      };
      if (mode === 'hold') held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  t = await createTestApp({ env: { RATE_LIMIT: 'off', SMS_API_URL: url }, outboxRetry: FAST });
  admin = await createUser(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  for (const answer of held) answer();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});
beforeEach(() => {
  mode = 'up';
  held = [];
  received = [];
});

const rowOf = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
const smsTo = async (phone: string) => (await t.database.db.select().from(outbox).where(eq(outbox.recipient, phone))).filter((r) => r.channel === 'sms');
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a complaint filed while the SMS gateway is stuck or down', () => {
  it('is answered without waiting for the gateway; the SMS is retried with back-off, then stays failed with its error, and an admin can send it again', async () => {
    const passenger = await createUser(t.app);
    mode = 'hold';
    const res = await fileComplaint(t.app, passenger.cookie, complaintFields({ mobile: '9876512301' }));
    expect(res.statusCode, res.body).toBe(201);
    // The answer came while the gateway still held the SMS: filing does not wait for it.
    await until(async () => held.length, (n) => n >= 1, 'the gateway was not reached');
    expect(received).toEqual([]);

    mode = 'down';
    for (const answer of held.splice(0)) answer();
    const [failed] = await until(() => smsTo('+919876512301'), (rows) => rows[0]?.status === 'failed', 'the SMS did not end failed');
    expect(failed).toMatchObject({ attempts: 4, error: expect.stringMatching(/^HTTP 500/) });

    const list = await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } });
    expect(list.json().items.find((m: { id: string }) => m.id === failed.id)).toMatchObject({ status: 'failed', attempts: 4, error: expect.stringMatching(/^HTTP 500/) });

    mode = 'up';
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/retry`, headers: { cookie: admin.cookie, origin: ORIGIN } });
    expect(retried.statusCode, retried.body).toBe(200);
    await until(() => rowOf(failed.id), (r) => r.status === 'sent', 'the retried SMS was not sent');
    expect(received.map((m) => m.to)).toEqual(['+919876512301']);

    // Only a failed message goes again; and only an admin may ask.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/retry`, headers: { cookie: admin.cookie, origin: ORIGIN } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/retry`, headers: { cookie: passenger.cookie, origin: ORIGIN } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/outbox/nothing/retry', headers: { cookie: admin.cookie, origin: ORIGIN } })).statusCode).toBe(404);
  });

  it('does not retry what the gateway refuses for good (a 4xx): failed after one try', async () => {
    const gatewayRefuses = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400);
        res.end('bad number');
      });
    });
    await new Promise<void>((resolve) => gatewayRefuses.listen(0, '127.0.0.1', resolve));
    const sms = createHttpSmsProvider({ url: `http://127.0.0.1:${(gatewayRefuses.address() as AddressInfo).port}/`, senderId: 'RLMADD', retry: { ...FAST, retries: 0 } });
    const node = createMessenger({ db: t.database.db, log: t.app.log, sms, retry: FAST });
    const { id } = await node.sendSms({ to: '+919876512302', text: 'x' });
    await node.deliverDue();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/^HTTP 400/) });
    await new Promise<void>((resolve) => gatewayRefuses.close(() => resolve()));
  });
});

describe('delivery across nodes and restarts', () => {
  it('sends what a stopped node left queued or half-sent', async () => {
    const queued = newId();
    const abandoned = newId();
    await t.database.db.insert(outbox).values([
      { id: queued, channel: 'sms', recipient: '+919876512303', body: 'queued before a restart', status: 'queued', nextAttemptAt: new Date(Date.now() - 1000) },
      // Claimed by a node that died mid-send: its hold ran out.
      { id: abandoned, channel: 'sms', recipient: '+919876512304', body: 'held by a node that died', status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) },
    ]);
    await t.app.services.messenger.deliverDue();
    expect(await rowOf(queued)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(abandoned)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.map((m) => m.message).sort()).toEqual(['held by a node that died', 'queued before a restart']);
  });

  it('sends each message once when three nodes work the same queue', async () => {
    const nodes = [0, 1, 2].map(() =>
      createMessenger({ db: t.database.db, log: t.app.log, sms: createHttpSmsProvider({ url, senderId: 'RLMADD', retry: { ...FAST, retries: 0 } }), retry: FAST }),
    );
    const bodies = Array.from({ length: 60 }, (_, i) => `message ${i}`);
    await t.database.db.insert(outbox).values(bodies.map((body) => ({ id: newId(), channel: 'sms' as const, recipient: '+919876512305', body, status: 'queued' as const, nextAttemptAt: new Date() })));
    await Promise.all([...nodes.map((n) => n.deliverDue()), t.app.services.messenger.deliverDue()]);
    expect(received.map((m) => m.message).sort()).toEqual([...bodies].sort());
    const rows = await smsTo('+919876512305');
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('messages someone stands waiting for', () => {
  it('a sign-in code is sent in the request, and the answer says when it could not be', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { origin: ORIGIN }, payload: { phoneNumber: '9876512306' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(received.map((m) => m.to)).toEqual(['+919876512306']);
    expect((await smsTo('+919876512306'))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    mode = 'down';
    const down = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { origin: ORIGIN }, payload: { phoneNumber: '9876512307' } });
    expect(down.statusCode).toBe(502);
    expect((await smsTo('+919876512307'))[0]).toMatchObject({ status: 'failed', attempts: 4 });
  });
});
