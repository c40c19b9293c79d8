import '../../lib/zod-jitless';
import { type AssistantChatRequest, type AssistantChatResponse, assistantChatResponseSchema } from '@railmadad/contract';
import { readEventStream } from './sse';

/**
 * Why a question got no answer, as the passenger is told it: the network failed, the server said
 * what was wrong (its code and message), or the answer was not one we understand.
 */
export type ChatFailure =
  | { kind: 'network' }
  | { kind: 'server'; status: number; code: string; message: string; fields?: Record<string, string> }
  | { kind: 'unexpected' };

export class AssistantChatError extends Error {
  constructor(readonly failure: ChatFailure) {
    super(failure.kind);
  }
}

/** A model answering slowly on a bad signal still gets this long before the passenger is told to retry. */
const TIMEOUT_MS = 90_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function serverFailure(status: number, body: unknown): ChatFailure {
  if (!isRecord(body) || typeof body.message !== 'string' || !body.message.trim()) return { kind: 'unexpected' };
  const fields = isRecord(body.fields) ? (Object.fromEntries(Object.entries(body.fields).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : undefined;
  return { kind: 'server', status, code: typeof body.code === 'string' ? body.code : `http_${status}`, message: body.message, fields };
}

function toResponse(data: unknown): AssistantChatResponse {
  const parsed = assistantChatResponseSchema.safeParse(data);
  if (!parsed.success) throw new AssistantChatError({ kind: 'unexpected' });
  return parsed.data;
}

/**
 * Asks the assistant. The answer streams in (`onDelta` gets each piece of text as it is
 * written) when the server streams; a plain JSON answer works the same, all at once.
 * Throws AssistantChatError; an abort through `signal` rethrows the AbortError.
 */
export async function sendAssistantMessage(
  request: AssistantChatRequest,
  { onDelta, signal }: { onDelta?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<AssistantChatResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward);
  const rethrowIfCancelled = (error: unknown) => {
    if (signal?.aborted) throw error;
  };
  try {
    let response: Response;
    try {
      response = await fetch('/api/assistant/chat', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(request),
        signal: controller.signal,
      });
    } catch (error) {
      rethrowIfCancelled(error);
      throw new AssistantChatError({ kind: 'network' });
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || !contentType.includes('text/event-stream') || !response.body) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        rethrowIfCancelled(error);
        throw new AssistantChatError({ kind: 'network' });
      }
      const body = parseJson(text);
      if (!response.ok) throw new AssistantChatError(serverFailure(response.status, body));
      return toResponse(body);
    }

    const outcome: { result?: AssistantChatResponse; failure?: ChatFailure } = {};
    try {
      await readEventStream(response.body, ({ event, data }) => {
        const payload = parseJson(data);
        if (event === 'delta') {
          if (isRecord(payload) && typeof payload.text === 'string' && payload.text) onDelta?.(payload.text);
          return;
        }
        if (event === 'done') {
          try {
            outcome.result = toResponse(payload);
          } catch {
            outcome.failure = { kind: 'unexpected' };
          }
          return 'stop';
        }
        if (event === 'error') {
          outcome.failure = serverFailure(response.status, payload);
          return 'stop';
        }
      });
    } catch (error) {
      rethrowIfCancelled(error);
      // The connection dropped half way through the answer.
      throw new AssistantChatError({ kind: 'network' });
    }
    if (outcome.result) return outcome.result;
    // A stream that ends without its `done` event was cut short.
    throw new AssistantChatError(outcome.failure ?? { kind: 'unexpected' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}
