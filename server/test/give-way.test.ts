import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeavyReads } from '../src/db/heavy-reads';
import { limitHeavyReads } from '../src/lib/heavy-read-routes';

// A staff screen's heavy read gives way to the light requests in flight (filing, tracking) before it starts, for a
// bounded time (server/src/lib/heavy-read-routes.ts).
const unlimited: HeavyReads = { run: (_signal, work) => work(), bind: (iterable) => iterable, timeoutMs: 15_000, slowForTests: () => undefined };

let app: FastifyInstance;
afterEach(() => app?.close());

/** An app with a light route that answers when the test says, and a heavy read run by staff. */
async function build(giveWayMs: number) {
  app = Fastify();
  app.decorateRequest('user', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { user: { role: string } }).user = { role: 'staff' };
  });
  limitHeavyReads(app, unlimited, { giveWayMs });
  const pending: (() => void)[] = [];
  app.get('/light', () => new Promise((resolve) => pending.push(() => resolve({ ok: true }))));
  app.get('/heavy', { config: { heavyRead: true } }, async () => ({ at: Date.now() }));
  await app.ready();
  const answerLight = () => {
    for (const answer of pending.splice(0)) answer();
  };
  const lightCalls = () => pending.length;
  return { answerLight, lightCalls };
}

describe('a heavy read beside light requests', () => {
  it('starts at once when nothing else is in flight', async () => {
    await build(10_000);
    const t0 = Date.now();
    expect((await app.inject('/heavy')).statusCode).toBe(200);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('waits while a light request is in flight, and starts when it has been answered', async () => {
    const { answerLight, lightCalls } = await build(10_000);
    const light = app.inject('/light');
    await expect.poll(lightCalls, { timeout: 5_000, interval: 10 }).toBe(1);
    let answered = false;
    const heavy = app.inject('/heavy').then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    answerLight();
    expect((await light).statusCode).toBe(200);
    const t0 = Date.now();
    expect((await heavy).statusCode).toBe(200);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('starts anyway once it has given way for its time', async () => {
    const { answerLight, lightCalls } = await build(300);
    const light = app.inject('/light');
    await expect.poll(lightCalls, { timeout: 5_000, interval: 10 }).toBe(1);
    const t0 = Date.now();
    expect((await app.inject('/heavy')).statusCode).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    answerLight();
    await light;
  });

  it('does not count a heavy read as light', async () => {
    await build(10_000);
    const t0 = Date.now();
    const both = await Promise.all([app.inject('/heavy'), app.inject('/heavy'), app.inject('/heavy')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
