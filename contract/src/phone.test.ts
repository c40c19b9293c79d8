import { describe, expect, it } from 'vitest';
import { phoneSchema } from './account';
import { isValidPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it('prefixes 91 to a bare 10-digit mobile and strips spaces and dashes', () => {
    expect(normalizePhone('98765 43210')).toBe('+919876543210');
    expect(normalizePhone('98765-43210')).toBe('+919876543210');
  });

  it('keeps a number that already has the 91 country code', () => {
    expect(normalizePhone('+91 98765 43210')).toBe('+919876543210');
    expect(normalizePhone('919876543210')).toBe('+919876543210');
  });

  it('still prefixes a 10-digit mobile that happens to start with 91', () => {
    expect(normalizePhone('9123456780')).toBe('+919123456780');
  });

  it('gives an empty string for no digits at all', () => {
    expect(normalizePhone('abc')).toBe('');
  });
});

describe('isValidPhone', () => {
  it('accepts the original prototype pattern: optional plus, non-zero first digit, up to 15 digits', () => {
    expect(isValidPhone('+919876543210')).toBe(true);
    expect(isValidPhone('+0123')).toBe(false);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});

describe('phoneSchema', () => {
  it('normalises then checks', () => {
    expect(phoneSchema.parse(' 98765 43210 ')).toBe('+919876543210');
    expect(phoneSchema.safeParse('hello').success).toBe(false);
  });
});
