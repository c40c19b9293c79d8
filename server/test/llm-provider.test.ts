import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmClassifier, LlmError } from '../src/providers/llm';

/** A fake LLM endpoint on 127.0.0.1: records each request and answers with the next prepared reply. */
let server: Server;
let base: string;
let requests: { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let reply: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(body) });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  requests = [];
});

const gemini = () => createLlmClassifier({ kind: 'gemini', apiKey: 'test-key', model: 'gemini-2.5-flash', baseUrl: base });
const openai = () => createLlmClassifier({ kind: 'openai', baseUrl: `${base}/v1`, model: 'local-model', apiKey: 'sk-test' });
const geminiAnswer = (text: string) => JSON.stringify({ candidates: [{ content: { parts: [{ text }] } }] });
const openaiAnswer = (content: string) => JSON.stringify({ choices: [{ message: { content } }] });

describe('Gemini client', () => {
  it('asks generateContent for JSON in the schema, with the key in a header, and returns the checked answer', async () => {
    reply = { status: 200, body: geminiAnswer('{"category":"water","confidence":0.82,"emergency":false}') };
    expect(await gemini().classify('पानी नहीं है')).toEqual({ category: 'water', confidence: 0.82, emergency: false });
    const [req] = requests;
    expect(req.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('test-key');
    expect(req.url).not.toContain('test-key');
    const config = req.body.generationConfig as { responseMimeType: string; responseSchema: { properties: { category: { enum: string[] } }; additionalProperties?: unknown } };
    expect(config.responseMimeType).toBe('application/json');
    expect(config.responseSchema.properties.category.enum).toHaveLength(16);
    expect(config.responseSchema.additionalProperties).toBeUndefined();
    expect(JSON.stringify(req.body.contents)).toContain('पानी नहीं है');
  });

  it('refuses an answer outside the 16 types, text that is not JSON, and an HTTP error', async () => {
    reply = { status: 200, body: geminiAnswer('{"category":"plumbing","confidence":0.9,"emergency":false}') };
    await expect(gemini().classify('x')).rejects.toBeInstanceOf(LlmError);
    reply = { status: 200, body: geminiAnswer('Sure! The category is water.') };
    await expect(gemini().classify('x')).rejects.toThrow('answer text is not JSON');
    reply = { status: 429, body: '{"error":"quota"}' };
    await expect(gemini().classify('x')).rejects.toThrow('HTTP 429');
  });
});

describe('OpenAI-compatible client', () => {
  it('posts chat/completions with a strict JSON schema and the bearer key', async () => {
    reply = { status: 200, body: openaiAnswer('{"category":"medical","confidence":0.95,"emergency":true}') };
    expect(await openai().classify('my father is not waking up')).toEqual({ category: 'medical', confidence: 0.95, emergency: true });
    const [req] = requests;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'local-model', temperature: 0, response_format: { type: 'json_schema', json_schema: { strict: true } } });
  });

  it('keeps a missing or out-of-range confidence as unknown, and fails on a missing answer', async () => {
    reply = { status: 200, body: openaiAnswer('{"category":"refund","confidence":7,"emergency":false}') };
    expect(await openai().classify('x')).toEqual({ category: 'refund', confidence: null, emergency: false });
    reply = { status: 200, body: '{"choices":[]}' };
    await expect(openai().classify('x')).rejects.toThrow('no answer text');
  });

  it('gives up after its timeout on an endpoint that never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const client = createLlmClassifier({ kind: 'openai', baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, model: 'm' }, 200);
    await expect(client.classify('x')).rejects.toThrow(/network/);
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });
});
