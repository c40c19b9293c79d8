export const DEFAULT_COUNTRY_CODE = '91';
/** Optional plus, a non-zero first digit, then 1 to 14 digits (spec section 5). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/**
 * The spec's normalisation: strip everything but digits, prefix the default country code
 * when it is missing, then prefix "+". A bare 10-digit Indian mobile becomes +91XXXXXXXXXX.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits === '') return '';
  const withCountry = digits.startsWith(DEFAULT_COUNTRY_CODE) && digits.length > 10 ? digits : `${DEFAULT_COUNTRY_CODE}${digits}`;
  return `+${withCountry}`;
}

export const isValidPhone = (normalized: string): boolean => PHONE_PATTERN.test(normalized);
