import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

/** Translation through a language model: Gemini and an OpenAI-compatible server, both fakes on 127.0.0.1. */
type Recorded = { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
let fake: Server;
let base: string;
let requests: Recorded[] = [];
let replies: { status: number; json: unknown }[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(body || '{}') });
      const reply = replies.shift() ?? { status: 500, json: { error: { message: 'no reply prepared' } } };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => fake.close(r)));
beforeEach(() => {
  requests = [];
  replies = [];
});

const translate = (t: TestApp, cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie, origin: ORIGIN }, payload: payload as Record<string, unknown> });

describe('POST /api/translate with Gemini', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off', GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: base, GEMINI_MODEL: 'gemini-test' } });
  });
  afterAll(() => t.close());

  it('asks the model for the reader\'s language, keeps identifiers, and answers its translation', async () => {
    const agent = await createUser(t.app, 'staff');
    replies.push({ status: 200, json: { candidates: [{ content: { parts: [{ text: 'No water in coach B4 since Vadodara. PNR 2345678901.' }] } }] } });
    const res = await translate(t, agent.cookie, { text: 'कोच B4 में वडोदरा से पानी नहीं है। PNR 2345678901.', to: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ translation: 'No water in coach B4 since Vadodara. PNR 2345678901.', to: 'en' });
    expect(requests[0].url).toBe('/v1beta/models/gemini-test:generateContent');
    expect(requests[0].headers['x-goog-api-key']).toBe('test-key');
    const system = JSON.stringify(requests[0].body.systemInstruction);
    expect(system).toContain('into English');
    expect(system).toContain('PNRs');
    expect(JSON.stringify(requests[0].body.contents)).toContain('कोच B4');
  });

  it('translates the same text for the same language once', async () => {
    const agent = await createUser(t.app, 'staff');
    replies.push({ status: 200, json: { candidates: [{ content: { parts: [{ text: 'வணக்கம்' }] } }] } });
    expect((await translate(t, agent.cookie, { text: 'Hello there', to: 'ta' })).json().translation).toBe('வணக்கம்');
    expect((await translate(t, agent.cookie, { text: 'Hello there', to: 'ta' })).json().translation).toBe('வணக்கம்');
    expect(requests).toHaveLength(1);
  });

  it('says 502 translation_failed when the model fails, and keeps nothing of it', async () => {
    const agent = await createUser(t.app, 'staff');
    replies.push({ status: 503, json: { error: { message: 'overloaded' } } });
    const res = await translate(t, agent.cookie, { text: 'Toilet is dirty', to: 'hi' });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('translation_failed');
    replies.push({ status: 200, json: { candidates: [{ content: { parts: [{ text: 'शौचालय गंदा है' }] } }] } });
    expect((await translate(t, agent.cookie, { text: 'Toilet is dirty', to: 'hi' })).json().translation).toBe('शौचालय गंदा है');
  });

  it('refuses the signed-out (401), an empty text or an unknown language (400)', async () => {
    const agent = await createUser(t.app, 'staff');
    expect((await t.app.inject({ method: 'POST', url: '/api/translate', headers: { origin: ORIGIN }, payload: { text: 'x', to: 'hi' } })).statusCode).toBe(401);
    expect((await translate(t, agent.cookie, { text: '   ', to: 'hi' })).statusCode).toBe(400);
    expect((await translate(t, agent.cookie, { text: 'hello', to: 'xx' })).statusCode).toBe(400);
    expect(requests).toHaveLength(0);
  });

  it('tells the browser translation is on', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json().translationEnabled).toBe(true);
  });
});

describe('POST /api/translate with an OpenAI-compatible server', () => {
  it('sends the chat format with the key as a bearer token', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT: 'off', LLM_BASE_URL: `${base}/v1`, LLM_MODEL: 'local-model', LLM_API_KEY: 'sk-test' } });
    const passenger = await createUser(t.app);
    replies.push({ status: 200, json: { choices: [{ message: { content: 'আমার সিট ভাঙা।' } }] } });
    const res = await translate(t, passenger.cookie, { text: 'My seat is broken.', to: 'bn' });
    expect(res.json()).toEqual({ translation: 'আমার সিট ভাঙা।', to: 'bn' });
    expect(requests[0].url).toBe('/v1/chat/completions');
    expect(requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(requests[0].body).toMatchObject({ model: 'local-model', messages: [{ role: 'system' }, { role: 'user', content: 'My seat is broken.' }] });
    expect(JSON.stringify(requests[0].body.messages)).toContain('into Bengali');
    await t.close();
  });
});

describe('POST /api/translate without a model', () => {
  it('answers 501 translation_unavailable, and the browser is told there is none', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    const agent = await createUser(t.app, 'staff');
    const res = await translate(t, agent.cookie, { text: 'hello', to: 'hi' });
    expect(res.statusCode).toBe(501);
    expect(res.json().code).toBe('translation_unavailable');
    expect((await t.app.inject({ url: '/api/config' })).json().translationEnabled).toBe(false);
    await t.close();
  });
});
