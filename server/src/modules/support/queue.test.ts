import { describe, expect, it } from 'vitest';
import { type AgentSlot, estimateWait, findTrainAndPnr, pickAgent, planOffers, type QueuedSession, queueOrder } from './queue';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));
const session = (over: Partial<QueuedSession> = {}): QueuedSession => ({
  id: 's',
  emergency: false,
  queuedAt: at(0),
  language: 'en',
  topic: null,
  requestedAgentId: null,
  declinedBy: [],
  ...over,
});
const agent = (over: Partial<AgentSlot> = {}): AgentSlot => ({ id: 'a', capacity: 3, load: 0, languages: ['en'], expertise: [], lastAssignedAt: null, ...over });

describe('queueOrder', () => {
  it('serves emergencies first, then whoever waited longest', () => {
    const list = [session({ id: 'late', queuedAt: at(5) }), session({ id: 'sos', emergency: true, queuedAt: at(9) }), session({ id: 'early', queuedAt: at(1) })];
    expect([...list].sort(queueOrder).map((s) => s.id)).toEqual(['sos', 'early', 'late']);
  });
});

describe('pickAgent', () => {
  it("honours the passenger's pick when that agent has room, and not when they are full", () => {
    const agents = [agent({ id: 'a' }), agent({ id: 'b', load: 2 })];
    expect(pickAgent(session({ requestedAgentId: 'b' }), agents)?.id).toBe('b');
    expect(pickAgent(session({ requestedAgentId: 'b' }), [agent({ id: 'a' }), agent({ id: 'b', load: 3 })])?.id).toBe('a');
  });

  it('prefers the language, then the topic, then the lighter load', () => {
    const agents = [
      agent({ id: 'light-en', load: 0, languages: ['en'] }),
      agent({ id: 'busy-ta', load: 2, languages: ['ta', 'en'] }),
      agent({ id: 'ta-water', load: 2, languages: ['ta'], expertise: ['water'] }),
    ];
    expect(pickAgent(session({ language: 'ta', topic: 'water' }), agents)?.id).toBe('ta-water');
    expect(pickAgent(session({ language: 'ta' }), agents.slice(0, 2))?.id).toBe('busy-ta');
    expect(pickAgent(session({ language: 'en' }), agents)?.id).toBe('light-en');
  });

  it('never offers again to an agent who let the session go, and gives up when nobody has room', () => {
    expect(pickAgent(session({ declinedBy: ['a'] }), [agent({ id: 'a' }), agent({ id: 'b', load: 2 })])?.id).toBe('b');
    expect(pickAgent(session(), [agent({ load: 3 })])).toBeNull();
  });

  it('gives equally loaded agents turns: the one idle longest first', () => {
    expect(pickAgent(session(), [agent({ id: 'recent', lastAssignedAt: at(9) }), agent({ id: 'idle', lastAssignedAt: at(1) })])?.id).toBe('idle');
  });
});

describe('planOffers', () => {
  it('spreads the queue over the agents by their room, in queue order', () => {
    const waiting = [session({ id: 's1', queuedAt: at(1) }), session({ id: 's2', queuedAt: at(2) }), session({ id: 's3', queuedAt: at(3) }), session({ id: 'sos', emergency: true, queuedAt: at(4) })];
    const offers = planOffers(waiting, [agent({ id: 'a', capacity: 1 }), agent({ id: 'b', capacity: 2, load: 1 })]);
    expect(offers).toEqual([
      { sessionId: 'sos', agentId: 'a' },
      { sessionId: 's1', agentId: 'b' },
    ]);
  });
});

describe('estimateWait', () => {
  it('is empty with nothing to learn from, else the time one place took times the place', () => {
    expect(estimateWait(3, [])).toBeNull();
    expect(estimateWait(3, [{ waitSeconds: 60, joinPosition: 1 }, { waitSeconds: 240, joinPosition: 2 }])).toBe(270);
  });
});

describe('findTrainAndPnr', () => {
  it('finds a 5-digit train and a 10-digit PNR without mixing them up', () => {
    expect(findTrainAndPnr('Train 12951, PNR 4512345678, coach S3')).toEqual({ trainNumber: '12951', pnr: '4512345678' });
    expect(findTrainAndPnr('PNR 4512345678 only')).toEqual({ trainNumber: null, pnr: '4512345678' });
    expect(findTrainAndPnr('nothing here')).toEqual({ trainNumber: null, pnr: null });
  });
});
