import type { SupportSession } from '@railmadad/contract';

/**
 * A support session as the server sends it, for tests: a passenger's chat waiting in the queue, filed at
 * 2026-01-10 10:00 UTC, with `over` on top.
 */
export function supportSession(over: Partial<SupportSession> = {}): SupportSession {
  return {
    id: 's1',
    status: 'waiting',
    type: 'chat',
    topic: null,
    complaintReference: null,
    language: 'en',
    emergency: false,
    leftMessage: false,
    queuePosition: null,
    estimatedWaitSeconds: null,
    availableAgents: 1,
    passenger: { id: 'p1', name: 'Asha' },
    agent: null,
    requestedAgentId: null,
    offer: null,
    lastSeq: 0,
    delivered: { passenger: 0, agent: 0 },
    read: { passenger: 0, agent: 0 },
    rating: null,
    ratingComment: null,
    endReason: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    acceptedAt: null,
    endedAt: null,
    ...over,
  };
}
