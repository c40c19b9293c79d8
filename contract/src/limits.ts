// Plain numbers only, no zod: the login page imports these and must stay small.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 300;

export const PROFILE_PHOTO_MAX_SIDE = 400;
export const PROFILE_PHOTO_QUALITY = 60;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The phone sign-in code (spec sections 5 and 9). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 15 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;

/** Complaints (issue: complaints end to end). */
export const DESCRIPTION_MAX = 2000;
export const PHOTOS_MAX = 5;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Complaint photos are kept large enough to read a seat number, small enough for a 2G upload. */
export const COMPLAINT_PHOTO_MAX_SIDE = 1600;
export const COMPLAINT_PHOTO_QUALITY = 75;
