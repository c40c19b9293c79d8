import { describe, expect, it } from 'vitest';
import { createSseParser, readEventStream, type SseEvent } from './sse';

/** Feeds the pieces one after another and collects every event, the end included. */
function parse(...pieces: string[]): SseEvent[] {
  const parser = createSseParser();
  return [...pieces.flatMap((p) => parser.push(p)), ...parser.end()];
}

const streamOf = (...pieces: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(typeof p === 'string' ? new TextEncoder().encode(p) : p);
      controller.close();
    },
  });

describe('createSseParser', () => {
  it('reads named events with their data', () => {
    expect(parse('event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {}\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('puts an event together from pieces split anywhere, even inside a field name', () => {
    const whole = 'event: delta\ndata: {"text":"नमस्ते"}\n\n';
    for (let cut = 1; cut < whole.length; cut++) {
      expect(parse(whole.slice(0, cut), whole.slice(cut))).toEqual([{ event: 'delta', data: '{"text":"नमस्ते"}' }]);
    }
  });

  it('takes CRLF and CR line ends, also when a CRLF is split between two pieces', () => {
    expect(parse('event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r')).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
    expect(parse('event: a\r', '\ndata: 1\r', '\n\r', '\n')).toEqual([{ event: 'a', data: '1' }]);
  });

  it('does not end an event at a CRLF split between pieces (no phantom blank line)', () => {
    const parser = createSseParser();
    expect(parser.push('data: 1\r')).toEqual([]);
    expect(parser.push('\ndata: 2\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: '1\n2' }]);
  });

  it('joins several data lines with a line feed and drops only one leading space', () => {
    expect(parse('data: first\ndata:  second\ndata:third\n\n')).toEqual([{ event: 'message', data: 'first\n second\nthird' }]);
  });

  it('skips comments, unknown fields, id and retry, and blocks with no data', () => {
    expect(parse(': keep-alive\n\nid: 7\nretry: 1000\nfoo: bar\nevent: ping\n\nevent: delta\ndata: x\n\n')).toEqual([{ event: 'delta', data: 'x' }]);
  });

  it('names an event without an event line "message", and forgets the name after each event', () => {
    expect(parse('event: delta\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('keeps a last event whose blank line never came, but not half an empty one', () => {
    expect(parse('event: done\ndata: {"ok":true}')).toEqual([{ event: 'done', data: '{"ok":true}' }]);
    expect(parse('event: done\n')).toEqual([]);
  });

  it('takes a field with no colon as a field with an empty value', () => {
    expect(parse('data\n\n')).toEqual([{ event: 'message', data: '' }]);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split between network chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"कोच"}\n\n');
    const events: SseEvent[] = [];
    await readEventStream(streamOf(bytes.slice(0, 27), bytes.slice(27, 29), bytes.slice(29)), (e) => {
      events.push(e);
      return undefined;
    });
    expect(events).toEqual([{ event: 'delta', data: '{"text":"कोच"}' }]);
  });

  it('stops reading when told to', async () => {
    const events: string[] = [];
    await readEventStream(streamOf('event: a\ndata: 1\n\nevent: done\ndata: 2\n\nevent: c\ndata: 3\n\n'), (e) => {
      events.push(e.event);
      return e.event === 'done' ? 'stop' : undefined;
    });
    expect(events).toEqual(['a', 'done']);
  });
});
