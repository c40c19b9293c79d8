import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('uses minutes under an hour, hours under two days, then days', () => {
    expect(formatDuration(0.001, 'en')).toBe('1 min');
    expect(formatDuration(0.5, 'en')).toBe('30 mins');
    expect(formatDuration(4.25, 'en')).toBe('4.3 hrs');
    expect(formatDuration(72, 'en')).toBe('3 days');
  });
});
