import { randomBytes } from 'node:crypto';

/** URL-safe random id, 16 bytes of entropy. */
export const newId = (): string => randomBytes(16).toString('base64url');
