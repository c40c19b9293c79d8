import type { ComplaintType } from '@railmadad/contract';

/**
 * The pure rules of the live-support queue: who is served first, which agent gets the offer,
 * and how long a place in the queue takes. support.service.ts applies them under a lock.
 */

export type QueuedSession = {
  id: string;
  emergency: boolean;
  queuedAt: Date;
  language: string;
  topic: string | null;
  requestedAgentId: string | null;
  declinedBy: string[];
};

export type AgentSlot = {
  id: string;
  capacity: number;
  /** Active chats plus offers waiting on them. */
  load: number;
  languages: string[];
  expertise: string[];
  lastAssignedAt: Date | null;
};

/** Emergencies first, then whoever has waited longest. */
export function queueOrder(a: Pick<QueuedSession, 'emergency' | 'queuedAt' | 'id'>, b: Pick<QueuedSession, 'emergency' | 'queuedAt' | 'id'>): number {
  if (a.emergency !== b.emergency) return a.emergency ? -1 : 1;
  return a.queuedAt.getTime() - b.queuedAt.getTime() || a.id.localeCompare(b.id);
}

/**
 * The agent to offer a session to: the passenger's own pick when that agent has room; else,
 * among agents with room who have not let it go before, one who speaks the passenger's
 * language, then one who knows the topic, then the least loaded, then the one idle longest.
 */
export function pickAgent(session: QueuedSession, agents: AgentSlot[]): AgentSlot | null {
  const free = agents.filter((a) => a.load < a.capacity && !session.declinedBy.includes(a.id));
  if (free.length === 0) return null;
  const requested = session.requestedAgentId ? free.find((a) => a.id === session.requestedAgentId) : undefined;
  if (requested) return requested;
  const miss = (matches: boolean) => (matches ? 0 : 1);
  return [...free].sort(
    (a, b) =>
      miss(a.languages.includes(session.language)) - miss(b.languages.includes(session.language)) ||
      miss(!!session.topic && a.expertise.includes(session.topic as ComplaintType)) - miss(!!session.topic && b.expertise.includes(session.topic as ComplaintType)) ||
      a.load - b.load ||
      (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) ||
      a.id.localeCompare(b.id),
  )[0];
}

/** Offers for the waiting sessions, in queue order, while any agent has room. */
export function planOffers(waiting: QueuedSession[], agents: AgentSlot[]): { sessionId: string; agentId: string }[] {
  const slots = agents.map((a) => ({ ...a }));
  const offers: { sessionId: string; agentId: string }[] = [];
  for (const session of [...waiting].sort(queueOrder)) {
    if (!slots.some((a) => a.load < a.capacity)) break;
    const agent = pickAgent(session, slots);
    if (!agent) continue;
    agent.load += 1;
    offers.push({ sessionId: session.id, agentId: agent.id });
  }
  return offers;
}

/** Recent waits: how long it took, and where in the queue the session joined. */
export type PastWait = { waitSeconds: number; joinPosition: number };

/**
 * Seconds one place in the queue has recently taken, times the place: null while there is no
 * recent wait to learn from (the screen then says it is still estimating).
 */
export function estimateWait(position: number, recent: PastWait[]): number | null {
  if (recent.length === 0) return null;
  const perPlace = recent.reduce((sum, w) => sum + w.waitSeconds / Math.max(1, w.joinPosition), 0) / recent.length;
  return Math.max(0, Math.round(perPlace * position));
}

/** Numbers in a chat that look like a train (5 digits) or a PNR (10 digits). */
export function findTrainAndPnr(text: string): { trainNumber: string | null; pnr: string | null } {
  const pnr = text.match(/(?<!\d)\d{10}(?!\d)/)?.[0] ?? null;
  const trainNumber = text.match(/(?<!\d)\d{5}(?!\d)/)?.[0] ?? null;
  return { trainNumber, pnr };
}
