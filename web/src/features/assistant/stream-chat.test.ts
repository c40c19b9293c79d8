import type { AssistantChatResponse } from '@railmadad/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantChatError, type ChatFailure, sendAssistantMessage } from './stream-chat';

const answer: AssistantChatResponse = {
  conversationId: 'c1',
  reply: 'Your complaint CMP1001 is in progress.',
  language: 'en',
  action: { kind: 'filed', reference: 'CMP1001' },
  sources: [],
  suggestions: [{ label: 'Talk to a person', command: 'live_support' }],
  engine: 'builtin',
  message: {
    id: 'm2',
    role: 'assistant',
    content: 'Your complaint CMP1001 is in progress.',
    language: 'en',
    action: { kind: 'filed', reference: 'CMP1001' },
    sources: [],
    suggestions: [{ label: 'Talk to a person', command: 'live_support' }],
    createdAt: '2026-11-23T10:00:00.000Z',
  },
};

const sse = (pieces: string[], { failAfter = false } = {}) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
        if (failAfter) controller.error(new TypeError('network connection lost'));
        else controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const serve = (response: Response | ((input: RequestInfo | URL, init?: RequestInit) => Promise<Response>)) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(typeof response === 'function' ? response : async () => response);

async function failureOf(promise: Promise<unknown>): Promise<ChatFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AssistantChatError) return error.failure;
    throw error;
  }
  throw new Error('expected a failure');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendAssistantMessage', () => {
  it('asks for a stream and hands over each piece of the answer as it comes, then the whole answer', async () => {
    const fetch = serve(sse([event('delta', { text: 'Your complaint ' }), event('delta', { text: 'CMP1001 is in progress.' }), event('done', answer)]));
    const pieces: string[] = [];
    const result = await sendAssistantMessage({ message: 'where is my complaint?', conversationId: 'c1' }, { onDelta: (p) => pieces.push(p) });
    expect(pieces).toEqual(['Your complaint ', 'CMP1001 is in progress.']);
    expect(result).toEqual(answer);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/assistant/chat');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream');
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'where is my complaint?', conversationId: 'c1' });
  });

  it('takes a plain JSON answer when the server does not stream', async () => {
    serve(json(200, answer));
    const onDelta = vi.fn();
    expect(await sendAssistantMessage({ message: 'hi' }, { onDelta })).toEqual(answer);
    expect(onDelta).not.toHaveBeenCalled();
  });

  it('gives the server’s code and message for a 4xx', async () => {
    serve(json(429, { code: 'rate_limited', message: 'Too many messages' }));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'server', status: 429, code: 'rate_limited', message: 'Too many messages', fields: undefined });
  });

  it('keeps the field codes of a refused message', async () => {
    serve(json(400, { code: 'validation_failed', message: 'Check the message', fields: { message: 'too_long', other: 3 } }));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toMatchObject({ kind: 'server', code: 'validation_failed', fields: { message: 'too_long' } });
  });

  it('gives the server’s message from an error event in the middle of a stream', async () => {
    serve(sse([event('delta', { text: 'Let me' }), event('error', { code: 'internal', message: 'The model did not answer' })]));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toMatchObject({ kind: 'server', code: 'internal', message: 'The model did not answer' });
  });

  it('calls it a network error when fetch fails or the connection drops half way', async () => {
    serve(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'network' });
    vi.restoreAllMocks();
    serve(sse([event('delta', { text: 'Your' })], { failAfter: true }));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'network' });
  });

  it('calls anything it does not understand unexpected', async () => {
    serve(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'unexpected' });
    vi.restoreAllMocks();
    serve(json(200, { reply: 'no message inside' }));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'unexpected' });
    vi.restoreAllMocks();
    serve(sse([event('delta', { text: 'Half' }), event('done', { conversationId: 'c1' })]));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'unexpected' });
    vi.restoreAllMocks();
    // A stream that ends without its done event.
    serve(sse([event('delta', { text: 'Half an answer' })]));
    expect(await failureOf(sendAssistantMessage({ message: 'hi' }))).toEqual({ kind: 'unexpected' });
  });

  it('lets the caller cancel without calling it a failure', async () => {
    serve(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = sendAssistantMessage({ message: 'hi' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
