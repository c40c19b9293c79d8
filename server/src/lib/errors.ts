import type { ErrorCode } from '@railmadad/contract';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  passwords_do_not_match: 400,
  invalid_phone: 400,
  gender_required: 400,
  invalid_image: 400,
  unauthorized: 401,
  forbidden: 403,
  untrusted_origin: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_codes: 429,
  rate_limited: 429,
  internal: 500,
  report_too_slow: 503,
  speech_unavailable: 501,
  speech_failed: 502,
  translation_unavailable: 501,
  translation_failed: 502,
};

/** The one error type the services throw; the edge maps its code to an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    /** For a 429: seconds until trying again can succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? code);
    this.status = STATUS[code];
  }
}
