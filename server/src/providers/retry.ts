import { setTimeout as sleep } from 'node:timers/promises';

export type RetryPolicy = {
  /** Retries after the first attempt (spec section 7: 3). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

/** The spec's SMS policy: up to 3 retries, 1 s doubling, capped at 10 s. */
export const SMS_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 10_000 };

export const backoffDelay = (policy: RetryPolicy, retry: number): number =>
  Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs);

/** Runs `attempt` until it succeeds or the retries run out; throws the last error. */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  onRetry?: (error: unknown, n: number, delayMs: number) => void,
): Promise<{ value: T; attempts: number }> {
  for (let n = 0; ; n++) {
    try {
      return { value: await attempt(n), attempts: n + 1 };
    } catch (error) {
      if (n >= policy.retries || (error as { retryable?: boolean }).retryable === false) throw error;
      const delay = backoffDelay(policy, n);
      onRetry?.(error, n + 1, delay);
      await sleep(delay);
    }
  }
}
