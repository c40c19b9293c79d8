export const DEFAULT_COUNTRY_CODE = '91';
/** Optional plus, a non-zero first digit, then 1 to 14 digits (spec section 5). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** An Indian mobile: +91, then ten digits starting with 6, 7, 8 or 9. */
const INDIAN_MOBILE = /^\+91[6-9]\d{9}$/;

/**
 * The original prototype's normalisation, made safe to run twice: strip everything but digits and prefix "+". A number typed
 * with "+" or "00" already carries its country code; otherwise a leading trunk "0" is dropped (09876543210) and the
 * default country code is added unless the ten digits of an Indian mobile already follow it (919876543210).
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const national = digits.replace(/^0+/, '');
  if (national.length === 12 && national.startsWith(DEFAULT_COUNTRY_CODE)) return `+${national}`;
  return `+${DEFAULT_COUNTRY_CODE}${national}`;
}

/** The original prototype's pattern, and for India (+91) a real mobile number: SMS goes nowhere else. */
export const isValidPhone = (normalized: string): boolean => PHONE_PATTERN.test(normalized) && (!normalized.startsWith('+91') || INDIAN_MOBILE.test(normalized));

/** Where the stand-in address of an account signed up by phone lives: a reserved name that reaches nobody. */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.railmadad.invalid';
/** The stand-in address of an account signed up by phone: never shown, never written to. */
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/**
 * A name that is no name: empty, or a phone number (what an account signed up by phone is called until the person
 * gives their own).
 */
export const isPlaceholderName = (name: string) => {
  const trimmed = name.trim();
  return trimmed === '' || (/^[\d\s()+-]+$/.test(trimmed) && isValidPhone(normalizePhone(trimmed)));
};
