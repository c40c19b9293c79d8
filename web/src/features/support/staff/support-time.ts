import type { SupportSession } from '@railmadad/contract';

/** Whole seconds from `fromIso` to `now` (never negative: a clock a little ahead must not show "-0:01"). */
export function secondsSince(fromIso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
}

/** Whole seconds left until `untilIso`, rounded up so "1" shows until the very end. */
export function secondsUntil(untilIso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(untilIso) - now) / 1000));
}

/** A stopwatch: "0:07", "12:05", "1:02:03". Digits only, so it reads the same in every language. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** How long a session has been going: from its acceptance to its end (or now), else from its start. */
export function sessionSeconds(session: Pick<SupportSession, 'createdAt' | 'acceptedAt' | 'endedAt'>, now: number): number {
  const from = session.acceptedAt ?? session.createdAt;
  return session.endedAt ? secondsSince(from, Date.parse(session.endedAt)) : secondsSince(from, now);
}

/** Seconds the passenger waited (or has waited so far) before an agent took the session. */
export function waitSeconds(session: Pick<SupportSession, 'createdAt' | 'acceptedAt'>, now: number): number {
  return secondsSince(session.createdAt, session.acceptedAt ? Date.parse(session.acceptedAt) : now);
}

/**
 * The queue as the passengers stand in it: emergencies first, then the place the server gave,
 * then whoever came first. The server already orders it; this keeps the screen right while a
 * live update and a refetch disagree for a moment.
 */
export function orderQueue<T extends Pick<SupportSession, 'id' | 'emergency' | 'queuePosition' | 'createdAt'>>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => {
    if (a.emergency !== b.emergency) return a.emergency ? -1 : 1;
    if (a.queuePosition !== null && b.queuePosition !== null && a.queuePosition !== b.queuePosition) return a.queuePosition - b.queuePosition;
    return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);
  });
}

/** One offer of one session: the same session offered again later (a transfer back) is a new offer. */
export const offerKey = (s: Pick<SupportSession, 'id' | 'offer'>) => `${s.id}@${s.offer?.expiresAt ?? ''}`;

/**
 * The offers waiting on this agent right now: the ones pushed to the socket and the ones the
 * `mine` list shows (a screen opened mid-offer, or a push lost in a tunnel), once each, while
 * still open and not already answered here.
 */
export function openOffers(
  pushed: readonly SupportSession[],
  mine: readonly SupportSession[],
  agentId: string,
  now: number,
  answered: ReadonlySet<string>,
): SupportSession[] {
  const byId = new Map<string, SupportSession>();
  for (const s of [...pushed, ...mine]) {
    if (s.status !== 'waiting' || s.offer?.agentId !== agentId) continue;
    if (answered.has(offerKey(s)) || Date.parse(s.offer.expiresAt) <= now) continue;
    const known = byId.get(s.id);
    // The later expiry wins: a re-offer after a transfer replaces the old one.
    if (!known || Date.parse(s.offer.expiresAt) > Date.parse(known.offer?.expiresAt ?? '')) byId.set(s.id, s);
  }
  return [...byId.values()].sort((a, b) => Number(b.emergency) - Number(a.emergency) || Date.parse(a.offer!.expiresAt) - Date.parse(b.offer!.expiresAt));
}

/**
 * Messages the agent has not seen in a chat on another tab: what came after the highest number
 * their screen showed (`shownSeq`, starting from the server's read mark when the chat appeared).
 */
export function unreadCount(lastSeq: number, latestPassengerSeq: number, shownSeq: number): number {
  return Math.max(0, Math.max(lastSeq, latestPassengerSeq) - shownSeq);
}

/** "1. Do this\n2. Then that": a solution's steps as the agent sends them to the passenger. */
export function numberedSteps(steps: readonly string[]): string {
  return steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
}
