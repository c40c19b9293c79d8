import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/** better-auth and API error codes → the original prototype's messages (section 8), translated. */
const CODE_KEYS: Record<string, string> = {
  EMAIL_NOT_VERIFIED: 'auth.errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'auth.errors.emailExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.errors.emailExists',
  PASSWORDS_DO_NOT_MATCH: 'auth.errors.passwordsDoNotMatch',
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.loginFailed',
  INVALID_EMAIL: 'auth.errors.invalidEmail',
  PASSWORD_TOO_SHORT: 'auth.errors.passwordTooShort',
  OTP_NOT_FOUND: 'auth.errors.sessionExpired',
  OTP_EXPIRED: 'auth.errors.codeExpired',
  INVALID_OTP: 'auth.errors.invalidCode',
  INVALID_CODE: 'auth.errors.invalidCode',
  OTP_HAS_EXPIRED: 'auth.errors.codeExpired',
  INVALID_TWO_FACTOR_COOKIE: 'auth.errors.sessionExpired',
  TOO_MANY_ATTEMPTS: 'auth.errors.tooManyAttempts',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.errors.tooManyAttempts',
  INVALID_PHONE_NUMBER: 'auth.errors.invalidPhone',
  SMS_FAILED: 'auth.errors.sendCodeFailed',
  RATE_LIMITED: 'auth.errors.rateLimited',
  INVALID_TOKEN: 'auth.errors.invalidToken',
  INVALID_PASSWORD: 'auth.errors.wrongPassword',
  network: 'errors.network',
  untrusted_origin: 'errors.untrustedOrigin',
};

export function authErrorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) {
    const key = CODE_KEYS[error.code] ?? (error.status === 429 ? CODE_KEYS.RATE_LIMITED : undefined);
    // The address as one left-to-right piece, also inside Urdu or Sindhi text.
    if (key) return t(key, { address: `\u2068${window.location.origin}\u2069` });
  }
  return t(fallbackKey);
}
