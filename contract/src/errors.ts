/**
 * Every error the API answers carries one of these codes; the web shows the translated
 * message for the code (`errors.<code>` in the locales). Better-auth's own codes pass through.
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  /** A signed-in (or signing-in) request came from a page at an address this server does not serve. */
  'untrusted_origin',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_image',
  'internal',
  'passwords_do_not_match',
  'invalid_phone',
  'gender_required',
  'too_many_codes',
  /** No speech-to-text provider is configured on this server. */
  'speech_unavailable',
  /** The speech-to-text provider failed or did not answer. */
  'speech_failed',
  /** No language model is configured to translate with. */
  'translation_unavailable',
  /** The language model failed or did not answer. */
  'translation_failed',
  /** A staff report, list or export ran past its time (HEAVY_READ_TIMEOUT_MS) or found no free slot in time. */
  'report_too_slow',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiError = {
  code: ErrorCode | string;
  message: string;
  /** Field-level problems for form errors: path → code. */
  fields?: Record<string, string>;
};
