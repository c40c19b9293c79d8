import type { SupportMessage, SupportSession } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { deliveryOf, emptyChat, highestSeq, isNearBottom, keepDraft, loadOutbox, mergeMessages, type PendingMessage, readDraft, saveOutbox } from './chat-data';

const message = (seq: number, extra: Partial<SupportMessage> = {}): SupportMessage => ({
  id: `m${seq}`,
  sessionId: 's1',
  seq,
  sender: 'passenger',
  senderName: null,
  body: `message ${seq}`,
  photoUrl: null,
  event: null,
  internal: false,
  clientId: null,
  createdAt: '2026-01-01T10:00:00Z',
  ...extra,
});

const pending = (clientId: string, state: PendingMessage['state'] = 'waiting'): PendingMessage => ({
  clientId,
  body: 'hello',
  internal: false,
  createdAt: '2026-01-01T10:00:00Z',
  state,
});

describe('mergeMessages', () => {
  it('keeps one message per seq, in seq order, whatever order they came in', () => {
    const first = mergeMessages(undefined, [message(3), message(1)]);
    const again = mergeMessages(first, [message(2), message(3), message(1)]);
    expect(again.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('replaces the older copy of a seq with the newer one', () => {
    const merged = mergeMessages(mergeMessages(undefined, [message(1)]), [message(1, { body: 'edited' })]);
    expect(merged.messages).toHaveLength(1);
    expect(merged.messages[0].body).toBe('edited');
  });

  it('drops a pending message once its clientId comes back from the server', () => {
    const held = { messages: [message(1)], pending: [pending('a'), pending('b')], synced: 1 };
    const merged = mergeMessages(held, [message(2, { clientId: 'a' })]);
    expect(merged.pending.map((p) => p.clientId)).toEqual(['b']);
    expect(merged.messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('confirms the same clientId only once when the ack and the socket both bring it', () => {
    const held = { messages: [], pending: [pending('a')], synced: 0 };
    const viaAck = mergeMessages(held, [message(5, { clientId: 'a' })]);
    const viaSocket = mergeMessages(viaAck, [message(5, { clientId: 'a' })]);
    expect(viaSocket.messages).toHaveLength(1);
    expect(viaSocket.pending).toHaveLength(0);
  });

  it('returns the same object when nothing arrives, so nothing re-renders', () => {
    const held = emptyChat([pending('a')]);
    expect(mergeMessages(held, [])).toBe(held);
    expect(mergeMessages(held, [message(1)]).pending).toBe(held.pending);
  });

  it('finds the highest seq held (0 when none)', () => {
    expect(highestSeq([])).toBe(0);
    expect(highestSeq([message(4), message(9), message(2)])).toBe(9);
  });
});

describe('deliveryOf', () => {
  const marks = (delivered: number, read: number, side: 'passenger' | 'agent') =>
    ({
      delivered: { passenger: side === 'passenger' ? delivered : 0, agent: side === 'agent' ? delivered : 0 },
      read: { passenger: side === 'passenger' ? read : 0, agent: side === 'agent' ? read : 0 },
    }) as Pick<SupportSession, 'delivered' | 'read'>;

  it("reads the other side's marks: the agent's for a passenger's message", () => {
    expect(deliveryOf(3, marks(2, 1, 'agent'), 'passenger')).toBe('sent');
    expect(deliveryOf(3, marks(3, 1, 'agent'), 'passenger')).toBe('delivered');
    expect(deliveryOf(3, marks(5, 4, 'agent'), 'passenger')).toBe('read');
  });

  it("and the passenger's for an agent's message, never its own side's", () => {
    expect(deliveryOf(3, marks(9, 9, 'agent'), 'agent')).toBe('sent');
    expect(deliveryOf(3, marks(3, 3, 'passenger'), 'agent')).toBe('read');
  });
});

describe('outbox in storage', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      data,
    };
  };

  it('keeps unsent messages per session; one on its way when the page closed waits again', () => {
    const storage = memory();
    saveOutbox('s1', [pending('a', 'sending'), pending('b', 'waiting'), pending('c', 'failed')], storage);
    expect(loadOutbox('s1', storage).map((p) => [p.clientId, p.state])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
      ['c', 'failed'],
    ]);
    expect(loadOutbox('s2', storage)).toEqual([]);
  });

  it('removes the entry when nothing is left, and survives rubbish', () => {
    const storage = memory();
    saveOutbox('s1', [pending('a')], storage);
    saveOutbox('s1', [], storage);
    expect(storage.data.size).toBe(0);
    storage.setItem('support-outbox:s1', '{not json');
    expect(loadOutbox('s1', storage)).toEqual([]);
    storage.setItem('support-outbox:s1', JSON.stringify([{ clientId: 1 }, pending('ok')]));
    expect(loadOutbox('s1', storage).map((p) => p.clientId)).toEqual(['ok']);
  });
});

describe('isNearBottom', () => {
  it('is true within the slack of the end, false further up', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 560 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 300 })).toBe(false);
  });
});

describe('synced', () => {
  it('is not moved by a message arriving alone, so a later catch-up still asks for what came before it', () => {
    const held = { ...emptyChat(), messages: [message(1), message(2), message(3), message(4)], synced: 4 };
    // Seq 6 came by the socket while seq 5 (sent during a signal drop) has not arrived yet.
    const merged = mergeMessages(held, [message(6)]);
    expect(merged.synced).toBe(4);
    expect(highestSeq(merged.messages)).toBe(6);
  });
});

describe('drafts', () => {
  it('keeps a half-typed reply per session and forgets it once sent', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    keepDraft('s1', 'Which berth', storage);
    keepDraft('s2', 'Hello', storage);
    expect(readDraft('s1', storage)).toBe('Which berth');
    keepDraft('s1', '', storage);
    expect(readDraft('s1', storage)).toBe('');
    expect(readDraft('s2', storage)).toBe('Hello');
  });
});
