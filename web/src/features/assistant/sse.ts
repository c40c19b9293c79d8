/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export type SseEvent = { event: string; data: string };

/**
 * A text/event-stream parser fed with decoded text in whatever pieces the network delivers:
 * lines may end in LF, CRLF or CR and may be split anywhere, even between a CR and its LF.
 * Follows the HTML standard's rules (comments, `data` lines joined with LF, one leading space
 * dropped); `id` and `retry` are ignored, as nothing here reconnects.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let hasData = false;
  /** The last piece ended in CR: a LF at the start of the next one belongs to the same line end. */
  let skipLf = false;

  const dispatch = (out: SseEvent[]) => {
    if (hasData) out.push({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
    hasData = false;
  };

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    /** Takes the next piece of text; answers the events it completed. */
    push(chunk: string): SseEvent[] {
      const out: SseEvent[] = [];
      let text = chunk;
      if (skipLf && text.startsWith('\n')) text = text.slice(1);
      skipLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /**
     * The stream ended. The standard drops an event whose blank line never came; a proxy that
     * cuts the last line end should not cost the passenger the answer, so it is kept.
     */
    end(): SseEvent[] {
      const out: SseEvent[] = [];
      if (buffer) line(buffer, out);
      buffer = '';
      dispatch(out);
      return out;
    },
  };
}

/** Reads a response body to the end, handing over each event as soon as it is complete. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => 'stop' | undefined): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const emit = (events: SseEvent[]) => events.some((e) => onEvent(e) === 'stop');
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (emit(parser.push(decoder.decode(value, { stream: true })))) return;
    }
    emit(parser.push(decoder.decode()));
    emit(parser.end());
  } finally {
    // Stops the download when we leave early; harmless once it has ended.
    reader.cancel().catch(() => undefined);
  }
}
