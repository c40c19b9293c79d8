import type { SupportSession } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { supportSession } from '../session-fixture';
import { formatClock, numberedSteps, offerKey, openOffers, orderQueue, secondsSince, secondsUntil, sessionSeconds, unreadCount, waitSeconds } from './support-time';

const T0 = Date.parse('2026-01-10T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const session = (over: Partial<SupportSession> = {}) => supportSession({ createdAt: at(0), ...over });

describe('formatClock', () => {
  it('reads as a stopwatch, with hours only when needed', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7)).toBe('0:07');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(12 * 60 + 5)).toBe('12:05');
    expect(formatClock(3600 + 2 * 60 + 3)).toBe('1:02:03');
    expect(formatClock(-4)).toBe('0:00');
  });
});

describe('seconds', () => {
  it('never goes negative, and the countdown rounds up so 1 shows until the end', () => {
    expect(secondsSince(at(10), T0)).toBe(0);
    expect(secondsSince(at(0), T0 + 61_900)).toBe(61);
    expect(secondsUntil(at(30), T0 + 29_100)).toBe(1);
    expect(secondsUntil(at(30), T0 + 30_000)).toBe(0);
    expect(secondsUntil(at(30), T0 + 45_000)).toBe(0);
  });

  it('times a session from its acceptance to its end, and the wait before it', () => {
    const s = session({ createdAt: at(0), acceptedAt: at(40), endedAt: at(340) });
    expect(sessionSeconds(s, T0 + 999_000)).toBe(300);
    expect(waitSeconds(s, T0 + 999_000)).toBe(40);
    const running = session({ createdAt: at(0), acceptedAt: at(40) });
    expect(sessionSeconds(running, T0 + 100_000)).toBe(60);
    expect(waitSeconds(session(), T0 + 25_000)).toBe(25);
  });
});

describe('orderQueue', () => {
  it('puts emergencies first, then the place, then who came first', () => {
    const items = [
      session({ id: 'late', createdAt: at(30), queuePosition: 3 }),
      session({ id: 'early', createdAt: at(10), queuePosition: 2 }),
      session({ id: 'sos', createdAt: at(50), queuePosition: 1, emergency: true }),
      session({ id: 'no-place', createdAt: at(5) }),
    ];
    expect(orderQueue(items).map((s) => s.id)).toEqual(['sos', 'no-place', 'early', 'late']);
  });
});

describe('openOffers', () => {
  const mine = { agentId: 'me', expiresAt: at(30) };
  it('merges pushed and listed offers once, drops expired, answered and others’ offers', () => {
    const pushed = [session({ id: 'a', offer: mine }), session({ id: 'b', offer: { agentId: 'other', expiresAt: at(30) } }), session({ id: 'c', offer: { agentId: 'me', expiresAt: at(5) } })];
    const listed = [session({ id: 'a', offer: mine }), session({ id: 'd', offer: mine }), session({ id: 'e', status: 'active', offer: mine })];
    const open = openOffers(pushed, listed, 'me', T0 + 10_000, new Set([offerKey(listed[1])]));
    expect(open.map((s) => s.id)).toEqual(['a']);
  });

  it('shows a session offered again after the first offer was answered', () => {
    const first = session({ id: 'a', offer: { agentId: 'me', expiresAt: at(30) } });
    const again = session({ id: 'a', offer: { agentId: 'me', expiresAt: at(90) } });
    expect(openOffers([again], [], 'me', T0 + 60_000, new Set([offerKey(first)])).map((s) => s.id)).toEqual(['a']);
  });

  it('shows an emergency first, then the one running out soonest', () => {
    const pushed = [
      session({ id: 'slow', offer: { agentId: 'me', expiresAt: at(30) } }),
      session({ id: 'soon', offer: { agentId: 'me', expiresAt: at(20) } }),
      session({ id: 'sos', emergency: true, offer: { agentId: 'me', expiresAt: at(40) } }),
    ];
    expect(openOffers(pushed, [], 'me', T0, new Set()).map((s) => s.id)).toEqual(['sos', 'soon', 'slow']);
  });
});

describe('unreadCount and numberedSteps', () => {
  it('counts what came after the last number shown', () => {
    expect(unreadCount(5, 7, 4)).toBe(3);
    expect(unreadCount(9, 0, 9)).toBe(0);
    expect(unreadCount(3, 2, 6)).toBe(0);
  });

  it('numbers a solution’s steps one a line', () => {
    expect(numberedSteps(['Open the app', 'Tap Refund'])).toBe('1. Open the app\n2. Tap Refund');
  });
});
