import { timingSafeEqual } from 'node:crypto';
import { isValidPhone, normalizePhone } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { AssistantService } from './assistant.service';

/** Gateways name the fields differently: the sender is `from`, `sender` or `msisdn`; the text `text`, `message` or `body`. */
const inboundSchema = z
  .object({
    from: z.string().max(32).optional(),
    sender: z.string().max(32).optional(),
    msisdn: z.string().max(32).optional(),
    text: z.string().max(2000).optional(),
    message: z.string().max(2000).optional(),
    body: z.string().max(2000).optional(),
  })
  .transform((b) => ({ from: b.from ?? b.sender ?? b.msisdn ?? '', text: (b.text ?? b.message ?? b.body ?? '').trim() }));

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Texts from passengers without data: an SMS gateway posts each one here with the shared
 * secret in `x-sms-secret`; the assistant answers by SMS (docs/assistant.md, "By SMS").
 */
export const channelRoutes =
  (deps: { assistant: AssistantService; secret?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/channels/sms',
      {
        config: { access: 'gateway' },
        schema: {
          tags: ['assistant'],
          summary: "An incoming SMS from the gateway (header x-sms-secret); the answer is sent back by SMS and returned",
          body: inboundSchema,
          response: { 200: z.object({ ok: z.literal(true), reply: z.string(), reference: z.string().optional() }) },
        },
      },
      async (request) => {
        const given = request.headers['x-sms-secret'];
        if (!deps.secret) throw new AppError('forbidden', 'Incoming SMS is not enabled on this server (SMS_INBOUND_SECRET is not set).');
        if (typeof given !== 'string' || !same(given, deps.secret)) throw new AppError('forbidden', 'Wrong or missing x-sms-secret.');
        const phone = normalizePhone(request.body.from);
        if (!isValidPhone(phone)) throw new AppError('invalid_phone', 'Invalid phone number format. Please use format: +91XXXXXXXXXX', { from: 'invalid_phone' });
        if (!request.body.text) throw new AppError('validation_failed', 'text: required', { text: 'required' });
        const answer = await deps.assistant.sms(phone, request.body.text);
        return { ok: true as const, ...answer };
      },
    );
  };
