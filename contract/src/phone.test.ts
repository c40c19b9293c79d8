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

  it('drops a trunk 0, reads 00 as +, and keeps the country code of a number typed with +', () => {
    expect(normalizePhone('09876543210')).toBe('+919876543210');
    expect(normalizePhone('0091 98765 43210')).toBe('+919876543210');
    expect(normalizePhone('+1 415 555 0100')).toBe('+14155550100');
  });

  it('gives the same number when run again, whatever was typed', () => {
    for (const typed of ['0123', '98765 43210', '919876543210', '+91 98765 43210', '09876543210', '+44 20 7946 0958', '12345']) {
      const once = normalizePhone(typed);
      expect(normalizePhone(once), typed).toBe(once);
    }
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

  it('takes only a real mobile number for India: ten digits starting with 6 to 9', () => {
    for (const typed of ['0123', '12345', '5876543210', '98765432']) expect(isValidPhone(normalizePhone(typed)), typed).toBe(false);
    for (const typed of ['6123456789', '+91 70000 00000', '09876543210']) expect(isValidPhone(normalizePhone(typed)), typed).toBe(true);
    expect(isValidPhone(normalizePhone('+44 20 7946 0958'))).toBe(true);
  });
});

describe('phoneSchema', () => {
  it('normalises then checks', () => {
    expect(phoneSchema.parse(' 98765 43210 ')).toBe('+919876543210');
    expect(phoneSchema.safeParse('hello').success).toBe(false);
  });
});
