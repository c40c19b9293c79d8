import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createTestApp, createUser, type TestApp } from './helpers';

const TOKEN = 'scrape-token-0123456789abcdef';

let t: TestApp;
let admin: string;
let passenger: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off', METRICS_TOKEN: TOKEN } });
  admin = (await createUser(t.app, 'admin')).cookie;
  passenger = (await createUser(t.app, 'passenger')).cookie;
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one sample, or 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(',') : [];
    if (want.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe('GET /api/metrics', () => {
  it('is refused with no session, a wrong token, and to a passenger or staff', async () => {
    const none = await t.app.inject({ url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
    const wrong = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` } });
    expect(wrong.statusCode).toBe(401);
    const short = await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer scrape' } });
    expect(short.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/metrics', headers: { cookie: passenger } })).statusCode).toBe(403);
    const staff = (await createUser(t.app, 'staff')).cookie;
    expect((await t.app.inject({ url: '/api/metrics', headers: { cookie: staff } })).statusCode).toBe(403);
  });

  it('is served to an admin and to the token, in the Prometheus text format, uncached', async () => {
    for (const headers of [{ cookie: admin }, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/api/metrics', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE railmadad_process_cpu_seconds_total counter');
      expect(res.body).toContain('# TYPE railmadad_http_requests_total counter');
      expect(res.body).toContain('# TYPE railmadad_http_request_duration_seconds histogram');
      expect(res.body).toMatch(/^railmadad_socket_connections 0$/m);
      expect(res.body).toMatch(/^railmadad_support_queue_length \d+$/m);
    }
  });

  it('reports the database pool on PostgreSQL only', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') expect(text).toMatch(/^railmadad_db_pool_connections\{state="idle"\} \d+$/m);
    else expect(text).not.toContain('railmadad_db_pool');
  });

  it('counts requests by route pattern and status class, never by the raw URL', async () => {
    const references = ['CMP9900001', 'CMP9900002', 'CMP9900003'];
    const labels = { method: 'GET', route: '/api/complaints/:reference', status_class: '4xx' };
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const first = await scrape();
    const before = { lookups: sample(first, 'railmadad_http_requests_total', labels), health: sample(first, 'railmadad_http_requests_total', health) };
    for (const reference of references) expect((await t.app.inject({ url: `/api/complaints/${reference}`, headers: { cookie: passenger } })).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'railmadad_http_requests_total', labels)).toBe(before.lookups + 3);
    expect(sample(text, 'railmadad_http_request_duration_seconds_count', labels)).toBe(before.lookups + 3);
    expect(sample(text, 'railmadad_http_requests_total', health)).toBe(before.health + 2);
    for (const reference of references) expect(text).not.toContain(reference);
    // A path nothing answers is counted without its URL.
    await t.app.inject({ url: '/api/nothing/here-1234' });
    const after = await scrape();
    expect(sample(after, 'railmadad_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('here-1234');
  });

  it('counts a request whose client went away before its answer, apart from the answered ones', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const labels = { method: 'POST', route: '/api/complaints' };
    const before = sample(await scrape(), 'railmadad_http_requests_abandoned_total', labels);
    // A filing whose photo never finishes arriving: the phone lost its signal half-way.
    const arrived = once(t.app.server, 'request');
    const client = net.connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write(
      `POST /api/complaints HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: ${passenger}\r\ncontent-type: multipart/form-data; boundary=x\r\ncontent-length: 100000\r\n\r\n--x\r\n`,
    );
    await arrived;
    client.destroy();
    await expect.poll(async () => sample(await scrape(), 'railmadad_http_requests_abandoned_total', labels), { timeout: 10_000, interval: 100 }).toBe(before + 1);
  });

  it('shows the outbox depth by status as it is in the database', async () => {
    const before = sample(await scrape(), 'railmadad_outbox_messages', { status: 'queued' });
    // No provider is configured here, so no worker runs to take the row away.
    await t.database.db.insert(outbox).values({ id: newId(), channel: 'sms', recipient: '+919800000001', body: 'test', status: 'queued', nextAttemptAt: new Date() });
    await t.database.db.insert(outbox).values({ id: newId(), channel: 'sms', recipient: '+919800000002', body: 'test', status: 'failed', error: 'gateway said no' });
    const text = await scrape();
    expect(sample(text, 'railmadad_outbox_messages', { status: 'queued' })).toBe(before + 1);
    expect(sample(text, 'railmadad_outbox_messages', { status: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^railmadad_outbox_messages\{status="sending"\} \d+$/m);
    expect(text).not.toContain('+919800000001');
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 24 characters', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
  });

  it('unset: only an admin reads the metrics, whatever bearer is sent', async () => {
    const other = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    try {
      expect((await other.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(401);
      const cookie = (await createUser(other.app, 'admin')).cookie;
      const res = await other.app.inject({ url: '/api/metrics', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      // Its own registry: the second app in this process registered the same metrics without a clash.
      expect(res.body).toContain('railmadad_http_requests_total');
    } finally {
      await other.close();
    }
  });
});
