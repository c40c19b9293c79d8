import { type RetryPolicy, SMS_RETRY, withRetry } from './retry';

export type SmsMessage = { to: string; text: string };
export type SmsProvider = {
  name: string;
  send: (message: SmsMessage) => Promise<{ attempts: number }>;
};

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

export type HttpSmsOptions = {
  url: string;
  apiKey?: string;
  senderId: string;
  retry?: RetryPolicy;
  timeoutMs?: number;
};

/**
 * A generic HTTP SMS gateway: POST JSON `{to, message, sender}` with a bearer key.
 * 5xx, 429 and network failures are retried with the original prototype's back-off; other 4xx are final.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  const policy = options.retry ?? SMS_RETRY;
  return {
    name: 'http',
    async send({ to, text }) {
      let attempts = 0;
      try {
        const result = await withRetry(policy, async () => {
          attempts++;
          let response: Response;
          try {
            response = await fetch(options.url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
              },
              body: JSON.stringify({ to, message: text, sender: options.senderId }),
              signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
            });
          } catch (error) {
            throw new SmsDeliveryError(`network: ${(error as Error).message}`, true);
          }
          if (response.ok) return;
          const detail = (await response.text().catch(() => '')).slice(0, 200);
          const retryable = response.status >= 500 || response.status === 429;
          throw new SmsDeliveryError(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`, retryable);
        });
        return { attempts: result.attempts };
      } catch (error) {
        // Whether another try later could help stays known to the outbox, which schedules the retries.
        const e = error as SmsDeliveryError;
        throw new SmsDeliveryError(e.message, e.retryable ?? false, attempts);
      }
    },
  };
}
