import { randomBytes } from 'node:crypto';

/** Random bytes are drawn a few kilobytes at a time (as node's own randomUUID does): one draw per id cost more than the id. */
const POOL_BYTES = 16 * 256;
let pool = Buffer.alloc(0);
let used = 0;

/** URL-safe random id, 16 bytes of entropy; no byte of the pool is used twice. */
export const newId = (): string => {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const id = pool.toString('base64url', used, used + 16);
  used += 16;
  return id;
};
