import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPEECH_MAX_BYTES, TRANSCRIPTIONS_PER_MINUTE } from '../src/modules/speech/speech.routes';
import { createDeepgramSpeech, createOpenAiSpeech, createSpeechProvider, SpeechError } from '../src/providers/speech';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

/** A fake speech service on 127.0.0.1: records each request and answers with the next prepared reply. */
type Received = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Buffer };
type Reply = { status: number; body: string; delayMs?: number };
let fake: Server;
let base: string;
let received: Received[] = [];
let replies: Reply[] = [];
let fallback: Reply = { status: 200, body: '{}' };

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = replies.shift() ?? fallback;
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => fake.close(r)));
beforeEach(() => {
  received = [];
  replies = [];
  fallback = { status: 200, body: '{}' };
});

const AUDIO = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x00, 0xff, 0x80]);
const deepgramAnswer = (transcript: string) => JSON.stringify({ metadata: {}, results: { channels: [{ alternatives: [{ transcript, confidence: 0.93 }] }] } });
const openaiAnswer = (text: string) => JSON.stringify({ text });
const deepgram = (timeoutMs?: number) => createDeepgramSpeech({ apiKey: 'dg-test-key', baseUrl: base }, { timeoutMs, retryDelayMs: 10 });
const openai = (apiKey?: string) => createOpenAiSpeech({ baseUrl: `${base}/v1`, apiKey, model: 'whisper-large-v3' }, { retryDelayMs: 10 });

/** The multipart fields of a recorded request, parsed by the platform's own FormData reader. */
async function fieldsOf(req: Received) {
  return new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: req.body }).formData();
}

describe('Deepgram client', () => {
  it('posts the raw audio to /v1/listen with nova-3, the language and smart formatting, the key in the header, and reads the transcript back', async () => {
    replies = [{ status: 200, body: deepgramAnswer(' कोच बी4 में पानी नहीं है। ') }];
    const result = await deepgram().transcribe(AUDIO, 'audio/webm;codecs=opus', 'hi');
    expect(result).toEqual({ transcript: 'कोच बी4 में पानी नहीं है।', language: 'hi' });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/listen');
    expect(Object.fromEntries(req.query)).toEqual({ model: 'nova-3', language: 'hi', smart_format: 'true' });
    expect(req.headers.authorization).toBe('Token dg-test-key');
    expect(req.headers['content-type']).toBe('audio/webm;codecs=opus');
    expect(req.body.equals(AUDIO)).toBe(true);
  });

  it('asks for Indian English, and for the code-switching model where Deepgram has no model of the language', async () => {
    fallback = { status: 200, body: deepgramAnswer('no water') };
    expect((await deepgram().transcribe(AUDIO, 'audio/ogg', 'en')).language).toBe('en-IN');
    expect((await deepgram().transcribe(AUDIO, 'audio/ogg', 'ta')).language).toBe('ta');
    expect((await deepgram().transcribe(AUDIO, 'audio/ogg', 'ml')).language).toBe('multi');
    expect(received.map((r) => r.query.get('language'))).toEqual(['en-IN', 'ta', 'multi']);
  });

  it('answers an empty transcript as empty text', async () => {
    replies = [{ status: 200, body: deepgramAnswer('') }];
    expect(await deepgram().transcribe(AUDIO, 'audio/webm', 'hi')).toEqual({ transcript: '', language: 'hi' });
  });

  it('refuses an HTTP 4xx at once, without a retry', async () => {
    replies = [{ status: 401, body: '{"err_code":"INVALID_AUTH"}' }];
    const error = await deepgram().transcribe(AUDIO, 'audio/webm', 'hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(received).toHaveLength(1);
  });

  it('retries a 5xx once, and gives up after a second one', async () => {
    replies = [{ status: 503, body: 'busy' }, { status: 200, body: deepgramAnswer('platform three') }];
    expect((await deepgram().transcribe(AUDIO, 'audio/webm', 'en')).transcript).toBe('platform three');
    expect(received).toHaveLength(2);

    received = [];
    replies = [{ status: 500, body: 'down' }, { status: 502, body: 'down' }, { status: 200, body: deepgramAnswer('never asked') }];
    await expect(deepgram().transcribe(AUDIO, 'audio/webm', 'en')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(received).toHaveLength(2);
  });

  it('gives up when the service does not answer in time', async () => {
    replies = [{ status: 200, body: deepgramAnswer('too late'), delayMs: 1000 }];
    const started = Date.now();
    await expect(deepgram(150).transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(900);
    expect(received).toHaveLength(1);
  });

  it('refuses an answer without a transcript, and reports a service that cannot be reached', async () => {
    replies = [{ status: 200, body: '{"results":{"channels":[]}}' }];
    await expect(deepgram().transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'answer' });
    replies = [{ status: 200, body: 'not json' }];
    await expect(deepgram().transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'answer' });
    const closed = createDeepgramSpeech({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }, { retryDelayMs: 10 });
    await expect(closed.transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('OpenAI-compatible client', () => {
  it('posts multipart file, model, language and response_format to /audio/transcriptions with the bearer key, and reads .text back', async () => {
    replies = [{ status: 200, body: openaiAnswer('AC not working in coach B2. ') }];
    const result = await openai('sk-test').transcribe(AUDIO, 'audio/webm;codecs=opus', 'en');
    expect(result).toEqual({ transcript: 'AC not working in coach B2.', language: 'en' });
    const [req] = received;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const fields = await fieldsOf(req);
    expect(fields.get('model')).toBe('whisper-large-v3');
    expect(fields.get('language')).toBe('en');
    expect(fields.get('response_format')).toBe('json');
    const file = fields.get('file') as File;
    expect(file.name).toBe('speech.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');
    expect(Buffer.from(await file.arrayBuffer()).equals(AUDIO)).toBe(true);
  });

  it('sends ISO 639-1 codes, leaves the language out for Odia (Whisper detects it), and sends no key when none is set', async () => {
    fallback = { status: 200, body: openaiAnswer('text') };
    await openai().transcribe(AUDIO, 'audio/mp4', 'ml');
    await openai().transcribe(AUDIO, 'audio/mpeg', 'or');
    const [ml, or] = received;
    expect((await fieldsOf(ml)).get('language')).toBe('ml');
    expect(((await fieldsOf(ml)).get('file') as File).name).toBe('speech.mp4');
    expect((await fieldsOf(or)).has('language')).toBe(false);
    expect(((await fieldsOf(or)).get('file') as File).name).toBe('speech.mp3');
    expect(ml.headers.authorization).toBeUndefined();
  });

  it('refuses a 4xx without a retry, and an answer without text', async () => {
    replies = [{ status: 400, body: '{"error":{"message":"Unsupported language"}}' }];
    await expect(openai().transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'http', status: 400 });
    expect(received).toHaveLength(1);
    replies = [{ status: 200, body: '{"transcript":"wrong field"}' }];
    await expect(openai().transcribe(AUDIO, 'audio/webm', 'hi')).rejects.toMatchObject({ kind: 'answer' });
  });

  it('answers an empty transcript as empty text', async () => {
    replies = [{ status: 200, body: openaiAnswer('  ') }];
    expect((await openai().transcribe(AUDIO, 'audio/webm', 'hi')).transcript).toBe('');
  });
});

describe('both providers configured', () => {
  it('sends each language to Deepgram where it has a model, and to the OpenAI-compatible server otherwise', async () => {
    const both = createSpeechProvider({ deepgram: { apiKey: 'k', baseUrl: base }, openai: { baseUrl: `${base}/v1`, model: 'whisper-1' } });
    replies = [{ status: 200, body: deepgramAnswer('हिंदी') }, { status: 200, body: openaiAnswer('മലയാളം') }];
    expect(await both?.transcribe(AUDIO, 'audio/webm', 'hi')).toEqual({ transcript: 'हिंदी', language: 'hi' });
    expect(await both?.transcribe(AUDIO, 'audio/webm', 'ml')).toEqual({ transcript: 'മലയാളം', language: 'ml' });
    expect(received.map((r) => r.path)).toEqual(['/v1/listen', '/v1/audio/transcriptions']);
  });

  it('is none when nothing is configured', () => {
    expect(createSpeechProvider({})).toBeUndefined();
  });
});

describe('speech routes', () => {
  let withProvider: TestApp;
  let without: TestApp;
  let cookie: string;
  beforeAll(async () => {
    withProvider = await createTestApp({ env: { STT_BASE_URL: `${base}/v1`, STT_MODEL: 'whisper-large-v3' } });
    without = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    cookie = (await createUser(withProvider.app)).cookie;
    // Two apps, each with its own database: slow on a busy two-core machine.
  }, 120_000);
  afterAll(async () => {
    await withProvider?.close();
    await without?.close();
  });

  const transcribe = (t: TestApp, options: { cookie?: string; language?: string; type?: string; body?: Buffer | string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/speech/transcribe${options.language === undefined ? '?language=hi' : options.language ? `?language=${options.language}` : ''}`,
      headers: { origin: ORIGIN, 'content-type': options.type ?? 'audio/webm;codecs=opus', ...(options.cookie ? { cookie: options.cookie } : {}) },
      payload: options.body ?? AUDIO,
    });

  describe('GET /api/speech', () => {
    it('says whether this server transcribes, to anyone', async () => {
      expect((await withProvider.app.inject({ url: '/api/speech' })).json()).toEqual({ server: true });
      expect((await without.app.inject({ url: '/api/speech' })).json()).toEqual({ server: false });
    });
  });

  describe('POST /api/speech/transcribe', () => {
    it('answers 401 when signed out, before calling the provider', async () => {
      const res = await transcribe(withProvider);
      expect(res.statusCode).toBe(401);
      expect(received).toHaveLength(0);
    });

    it('answers a clear 501 speech_unavailable when no provider is configured', async () => {
      const { cookie: other } = await createUser(without.app);
      const res = await transcribe(without, { cookie: other });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ code: 'speech_unavailable', message: 'Voice input is not available on this server.' });
    });

    it('sends the recording with the interface language to the provider and answers the transcript', async () => {
      replies = [{ status: 200, body: openaiAnswer('बर्थ 34 पर पानी टपक रहा है') }];
      const res = await transcribe(withProvider, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ transcript: 'बर्थ 34 पर पानी टपक रहा है', language: 'hi' });
      const fields = await fieldsOf(received[0]);
      expect(fields.get('language')).toBe('hi');
      expect(fields.get('model')).toBe('whisper-large-v3');
      expect(Buffer.from(await (fields.get('file') as File).arrayBuffer()).equals(AUDIO)).toBe(true);
    });

    it('takes every recording format browsers make', async () => {
      fallback = { status: 200, body: openaiAnswer('ok') };
      for (const type of ['audio/webm', 'audio/ogg;codecs=opus', 'audio/wav', 'audio/mp4', 'audio/mpeg']) {
        expect((await transcribe(withProvider, { cookie, type })).statusCode, type).toBe(200);
      }
    });

    it('answers 200 with an empty transcript when nothing was said', async () => {
      replies = [{ status: 200, body: openaiAnswer('') }];
      const res = await transcribe(withProvider, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ transcript: '', language: 'hi' });
    });

    it('refuses other content types with 415, an empty recording with 400, a bad language with 400', async () => {
      for (const type of ['text/plain', 'application/json', 'video/webm', 'application/octet-stream']) {
        const res = await transcribe(withProvider, { cookie, type, body: type === 'application/json' ? '{}' : 'abc' });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().code, type).toBe('unsupported_media_type');
      }
      const empty = await transcribe(withProvider, { cookie, body: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'validation_failed', message: 'The recording is empty.' });
      const language = await transcribe(withProvider, { cookie, language: 'xx' });
      expect(language.statusCode).toBe(400);
      expect(language.json().code).toBe('validation_failed');
      expect(received).toHaveLength(0);
    });

    it('refuses a recording over 2 MB with 413', async () => {
      const res = await transcribe(withProvider, { cookie, body: Buffer.alloc(SPEECH_MAX_BYTES + 1, 1) });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
      expect(received).toHaveLength(0);
      // Just under the limit goes through.
      replies = [{ status: 200, body: openaiAnswer('long') }];
      expect((await transcribe(withProvider, { cookie, body: Buffer.alloc(SPEECH_MAX_BYTES, 1) })).statusCode).toBe(200);
    });

    it('answers 502 speech_failed with a clear message when the provider fails, never a 500', async () => {
      replies = [{ status: 401, body: '{"error":{"message":"Incorrect API key provided: sk-secret"}}' }];
      const refused = await transcribe(withProvider, { cookie });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({ code: 'speech_failed', message: 'The speech service could not transcribe the recording. Please try again.' });
      expect(refused.body).not.toContain('sk-secret');
      replies = [{ status: 500, body: 'x' }, { status: 500, body: 'x' }];
      expect((await transcribe(withProvider, { cookie })).statusCode).toBe(502);
    });

    it(`allows ${TRANSCRIPTIONS_PER_MINUTE} recordings a minute per person, then answers 429`, { timeout: 60_000 }, async () => {
      const { cookie: busy } = await createUser(withProvider.app);
      // The counter's window is the clock's minute: start far enough from its end that all 21 land in one.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
      fallback = { status: 200, body: openaiAnswer('again') };
      for (let i = 0; i < TRANSCRIPTIONS_PER_MINUTE; i++) expect((await transcribe(withProvider, { cookie: busy })).statusCode).toBe(200);
      const limited = await transcribe(withProvider, { cookie: busy });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(received).toHaveLength(TRANSCRIPTIONS_PER_MINUTE);
      // Someone else is not held up by it.
      expect((await transcribe(withProvider, { cookie })).statusCode).toBe(200);
    });
  });
});
