import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, type RetryPolicy, SMS_RETRY } from '../src/providers/retry';
import { createHttpSmsProvider, SmsDeliveryError } from '../src/providers/sms';
import { createTestApp, lastMessageTo, ORIGIN } from './helpers';

type Received = { at: number; method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

/** A stand-in SMS gateway: answers each request with the next scripted status (200 once the script runs out). */
let server: Server;
let url: string;
let script: number[] = [];
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ at: Date.now(), method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { message: 'SMS sent successfully' } : { error: `gateway says ${status}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  received = [];
});

const FAST: RetryPolicy = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 10 s, as the spec says', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(SMS_RETRY, retry))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('allows 3 retries after the first attempt', () => {
    expect(SMS_RETRY.retries).toBe(3);
  });
});

describe('createHttpSmsProvider', () => {
  it('posts the message as JSON with the bearer key and the sender id', async () => {
    const sms = createHttpSmsProvider({ url, apiKey: 'KEY', senderId: 'RLMADD' });
    const result = await sms.send({ to: '+919876543210', text: '123456 is your code' });
    expect(result).toEqual({ attempts: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/send', body: { to: '+919876543210', message: '123456 is your code', sender: 'RLMADD' } });
    expect(received[0].headers.authorization).toBe('Bearer KEY');
    expect(received[0].headers['content-type']).toBe('application/json');
  });

  it('sends no authorization header when no key is set', async () => {
    await createHttpSmsProvider({ url, senderId: 'RLMADD' }).send({ to: '+919876543210', text: 'hi' });
    expect(received[0].headers.authorization).toBeUndefined();
  });

  it('retries two 503s, waiting about 1 s and then 2 s, and succeeds on the third attempt', async () => {
    script = [503, 503, 200];
    const sms = createHttpSmsProvider({ url, apiKey: 'KEY', senderId: 'RLMADD' });
    const result = await sms.send({ to: '+919876543210', text: 'retry me' });
    expect(result).toEqual({ attempts: 3 });
    expect(received).toHaveLength(3);
    const [first, second, third] = received.map((r) => r.at);
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(second - first).toBeLessThan(1600);
    expect(third - second).toBeGreaterThanOrEqual(1950);
    expect(third - second).toBeLessThan(2600);
  });

  it('does not retry a 400', async () => {
    script = [400];
    const sms = createHttpSmsProvider({ url, apiKey: 'KEY', senderId: 'RLMADD', retry: FAST });
    const error = await sms.send({ to: '+919876543210', text: 'bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ attempts: 1 });
    expect((error as Error).message).toMatch(/^HTTP 400/);
    expect(received).toHaveLength(1);
  });

  it('retries a 429', async () => {
    script = [429, 200];
    const result = await createHttpSmsProvider({ url, senderId: 'RLMADD', retry: FAST }).send({ to: '+919876543210', text: 'x' });
    expect(result).toEqual({ attempts: 2 });
  });

  it('gives up after 4 attempts when the gateway keeps failing', async () => {
    script = [503, 503, 503, 503, 200];
    const sms = createHttpSmsProvider({ url, apiKey: 'KEY', senderId: 'RLMADD', retry: FAST });
    const error = await sms.send({ to: '+919876543210', text: 'never' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ attempts: 4 });
    expect((error as Error).message).toMatch(/^HTTP 503/);
    expect(received).toHaveLength(4);
  });

  it('retries when the gateway cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createHttpSmsProvider({ url: `http://127.0.0.1:${port}/send`, senderId: 'RLMADD', retry: FAST })
      .send({ to: '+919876543210', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ attempts: 4 });
    expect((error as Error).message).toMatch(/^network:/);
  });
});

describe('POST /api/auth/phone-number/send-otp with an SMS gateway configured', () => {
  it('sends the code through the gateway and records it as sent', async () => {
    const t = await createTestApp({ env: { SMS_API_URL: url, SMS_API_KEY: 'k', RATE_LIMIT: 'off' } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { origin: ORIGIN }, payload: { phoneNumber: '9876543210' } });
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].headers.authorization).toBe('Bearer k');
      expect(received[0].body).toMatchObject({ to: '+919876543210', sender: 'RLMADD', message: expect.stringMatching(/^\d{6} is your Rail Madad verification code/) });

      const row = await lastMessageTo(t.app, '+919876543210');
      expect(row).toMatchObject({ channel: 'sms', status: 'sent', body: (received[0].body as { message: string }).message });
    } finally {
      await t.close();
    }
  });

  it('answers 502 "Failed to send verification code" when the gateway refuses, and records the failure', async () => {
    const t = await createTestApp({ env: { SMS_API_URL: url, SMS_API_KEY: 'k', RATE_LIMIT: 'off' } });
    try {
      script = [400];
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { origin: ORIGIN }, payload: { phoneNumber: '9876543211' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'SMS_FAILED', message: 'Failed to send verification code' });
      expect((await lastMessageTo(t.app, '+919876543211'))?.status).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
