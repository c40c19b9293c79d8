import { describe, expect, it } from 'vitest';
import { timeAgo } from './format';

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
