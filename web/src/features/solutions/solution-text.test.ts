import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import {formatDuration} from './solution-text';
import { formatPercent } from '../../lib/format';

beforeAll(async () => {
  await initI18n({ screens: true });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
    [1440, '1 d'],
    [2880 + 180, '2 d 3 h'],
  ])('writes %i minutes as %s', (minutes, text) => {
    expect(formatDuration(i18n.t, minutes)).toBe(text);
  });
});

describe('formatPercent', () => {
  it('rounds a 0..1 rate to a whole percentage', () => {
    expect(formatPercent(0.667, 'en')).toBe('67%');
    expect(formatPercent(1, 'en')).toBe('100%');
  });
});
