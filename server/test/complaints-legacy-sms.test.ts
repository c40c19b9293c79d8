import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, lastMessageTo, type TestApp } from './helpers';

/** An SMS gateway that always fails: the original prototype's retries (1 s, 2 s, 4 s) all run, so this file takes about 7 s. */
let gateway: Server;
let hits = 0;
let t: TestApp;
beforeAll(async () => {
  gateway = createServer((req, res) => {
    hits++;
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'gateway down' }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  t = await createTestApp({ env: { RATE_LIMIT: 'off', SMS_API_URL: url } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('POST /sms', () => {
  it("answers 502 'Failed to SMS …' after the retries when the gateway keeps failing, and records the failure", async () => {
    const staff = await createUser(t.app, 'staff');
    hits = 0;
    const res = await t.app.inject({ method: 'POST', url: '/sms', headers: { cookie: staff.cookie }, payload: { phone: '9876512399', message: 'Your berth has been changed.' } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'sms_failed', message: expect.stringMatching(/^Failed to SMS/) });
    expect(res.json().message).toContain('HTTP 500');
    expect(hits).toBe(4);
    expect(await lastMessageTo(t.app, '+919876512399')).toMatchObject({ channel: 'sms', status: 'failed' });
  }, 20_000);
});
