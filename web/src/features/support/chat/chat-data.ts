import type { SupportMessage, SupportSession } from '@railmadad/contract';

/** A message typed here that the server has not confirmed yet. */
export type PendingMessage = {
  clientId: string;
  body: string;
  internal: boolean;
  createdAt: string;
  /** sending: on its way; waiting: no signal, goes when it returns; failed: the server refused it. */
  state: 'sending' | 'waiting' | 'failed';
  /** The server's code when it refused the message. */
  error?: string;
};

/**
 * What the query cache holds per session: the server's messages by seq, our unconfirmed ones,
 * and `synced`: the seq up to which a catch-up fetch has answered everything. Messages arriving
 * one by one (socket, ack) never move it, so a fetch cancelled or lost while a later message
 * came by the socket cannot leave a hole behind the newest seq.
 */
export type ChatData = { messages: SupportMessage[]; pending: PendingMessage[]; synced: number };

export const emptyChat = (pending: PendingMessage[] = []): ChatData => ({ messages: [], pending, synced: 0 });

export const highestSeq = (messages: readonly SupportMessage[]) => messages.reduce((max, m) => Math.max(max, m.seq), 0);

/**
 * Adds messages to what is held: one per seq (the newer copy wins), in seq order. A pending
 * message whose clientId came back from the server is confirmed, so it leaves the pending list:
 * a message is never shown twice, whether it came by the ack, the socket or a catch-up fetch.
 */
export function mergeMessages(held: ChatData | undefined, incoming: readonly SupportMessage[]): ChatData {
  const base = held ?? emptyChat();
  if (incoming.length === 0) return base;
  const bySeq = new Map(base.messages.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  const messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const confirmed = new Set(messages.map((m) => m.clientId).filter((id): id is string => id !== null));
  const pending = base.pending.filter((p) => !confirmed.has(p.clientId));
  return { messages, pending: pending.length === base.pending.length ? base.pending : pending, synced: base.synced };
}

export type Viewer = 'passenger' | 'agent';

/** sent → delivered → read, from the other side's marks in the session against the message's seq. */
export type Delivery = 'sent' | 'delivered' | 'read';

export function deliveryOf(seq: number, session: Pick<SupportSession, 'delivered' | 'read'>, viewer: Viewer): Delivery {
  const other = viewer === 'passenger' ? 'agent' : 'passenger';
  if (session.read[other] >= seq) return 'read';
  if (session.delivered[other] >= seq) return 'delivered';
  return 'sent';
}

/** The viewer's own side wrote it (for an agent: any agent, so a transferred chat reads the same). */
export const isOwn = (message: Pick<SupportMessage, 'sender'>, viewer: Viewer) => message.sender === viewer;


const OUTBOX_PREFIX = 'support-outbox:';

/**
 * Unsent messages live in localStorage per session, so a reload in a tunnel loses nothing. After
 * a reload anything that was on its way is treated as waiting: the clientId makes a resend safe.
 */
export function loadOutbox(sessionId: string, storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): PendingMessage[] {
  try {
    const raw = storage?.getItem(OUTBOX_PREFIX + sessionId);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isPending).map((p) => (p.state === 'sending' ? { ...p, state: 'waiting' } : p));
  } catch {
    return [];
  }
}

export function saveOutbox(sessionId: string, pending: readonly PendingMessage[], storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage()) {
  try {
    if (pending.length === 0) storage?.removeItem(OUTBOX_PREFIX + sessionId);
    else storage?.setItem(OUTBOX_PREFIX + sessionId, JSON.stringify(pending));
  } catch {
    // storage full or blocked: the messages still wait in memory
  }
}

const DRAFT_PREFIX = 'support-draft:';

/** A half-typed reply outlives the thread on screen: an agent switching chat tabs on a phone, a reload. */
export function readDraft(sessionId: string, storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): string {
  try {
    return storage?.getItem(DRAFT_PREFIX + sessionId) ?? '';
  } catch {
    return '';
  }
}

export function keepDraft(sessionId: string, text: string, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage()) {
  try {
    if (text) storage?.setItem(DRAFT_PREFIX + sessionId, text);
    else storage?.removeItem(DRAFT_PREFIX + sessionId);
  } catch {
    // storage full or blocked: the draft lives only while the thread is on screen
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isPending(value: unknown): value is PendingMessage {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.clientId === 'string' && typeof v.body === 'string' && typeof v.createdAt === 'string' && (v.state === 'sending' || v.state === 'waiting' || v.state === 'failed');
}

/** Whether the list is scrolled to (or within a line of) its newest message. */
export const isNearBottom = (el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>, slack = 80) => el.scrollHeight - el.scrollTop - el.clientHeight <= slack;
