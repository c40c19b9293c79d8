import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMessageTime, formatShort, timeAgo } from './format';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says "2 minutes ago" in English', () => {
    expect(timeAgo('2026-11-22T11:58:00Z', 'en', now)).toBe('2 minutes ago');
  });
  it('says "1 hour ago" as the original prototype\'s sample does', () => {
    expect(timeAgo('2026-11-22T11:00:00Z', 'en', now)).toBe('1 hour ago');
  });
  it('speaks Hindi for Hindi readers', () => {
    expect(timeAgo('2026-11-22T11:58:00Z', 'hi', now)).toMatch(/मिनट/);
  });
});

describe('times in India', () => {
  // 20:00 UTC on 22 Nov is 01:30 on 23 Nov in India: the date and the hour both move.
  const late = '2026-11-22T20:00:00Z';
  it('shows the time of day in IST whatever the browser\'s zone', () => {
    expect(formatDateTime(late, 'en')).toMatch(/^23 Nov 2026.*1:30 am$/);
    expect(formatMessageTime(late, 'en', new Date('2026-11-22T21:00:00Z'))).toBe('01:30 am');
  });
  it('gives Urdu a 24-hour clock, with no Latin AM or PM in a right-to-left line', () => {
    const afternoon = '2026-11-22T09:35:00Z'; // 15:05 in India
    for (const text of [formatDateTime(afternoon, 'ur'), formatShort(afternoon, 'ur', new Date('2026-11-22T10:00:00Z')), formatMessageTime(afternoon, 'ur', new Date('2026-11-22T10:00:00Z'))]) {
      expect(text).toContain('15:05');
      expect(text).not.toMatch(/[AP]M/i);
    }
  });
  it('calls it another day when it is one in India', () => {
    expect(formatMessageTime(late, 'en', new Date('2026-11-22T18:00:00Z'))).toMatch(/23 Nov/);
  });
});
