import {
  assistantChatRequestSchema,
  assistantChatResponseSchema,
  assistantConversationSchema,
  assistantMessageSchema,
} from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import { AppError } from '../../lib/errors';
import type { AssistantService } from './assistant.service';

const ok = z.object({ ok: z.literal(true) });
const linkedSchema = z.object({
  items: z.array(z.object({ id: z.string(), passenger: z.object({ id: z.string(), name: z.string() }), createdAt: z.string(), messages: z.array(assistantMessageSchema) })),
});

/** Server-sent events: one `event:` and one JSON `data:` line per event. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const assistantRoutes =
  (deps: { assistant: AssistantService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { assistant, guards } = deps;
    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };
    const staff = { onRequest: guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[] } };
    const tags = ['assistant'];

    app.post(
      '/api/assistant/chat',
      {
        ...user,
        schema: {
          tags,
          summary: 'Ask the assistant; with Accept: text/event-stream the reply streams (delta events, then done)',
          body: assistantChatRequestSchema,
          response: { 200: assistantChatResponseSchema },
        },
      },
      async (request, reply) => {
        const streaming = /text\/event-stream/.test(request.headers.accept ?? '');
        if (!streaming) return assistant.chat(request.user, request.body);
        // Checks that can fail (rate limit, conversation) run before the stream starts, so they
        // still answer with a status code; later failures arrive as an `error` event.
        reply.hijack();
        const raw = reply.raw;
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
        };
        try {
          const answer = await assistant.chat(request.user, request.body, (piece) => {
            start();
            raw.write(sse('delta', { text: piece }));
          });
          start();
          raw.end(sse('done', answer));
        } catch (error) {
          const e = error instanceof AppError ? error : null;
          if (!e) request.log.error({ err: error }, 'assistant stream failed');
          if (!started) {
            raw.writeHead(e?.status ?? 500, { 'content-type': 'application/json; charset=utf-8' });
            raw.end(JSON.stringify({ code: e?.code ?? 'internal', message: e?.message ?? 'Something went wrong. Please try again.', fields: e?.fields }));
            return;
          }
          raw.end(sse('error', { code: e?.code ?? 'internal', message: e?.message ?? 'Something went wrong. Please try again.' }));
        }
      },
    );

    app.get(
      '/api/assistant/conversations/current',
      { ...user, schema: { tags, summary: "The caller's open conversation and starter questions", response: { 200: assistantConversationSchema } } },
      async (request) => assistant.current(request.user),
    );

    app.delete(
      '/api/assistant/conversations/current',
      { ...user, schema: { tags, summary: 'New conversation: the open one is closed', response: { 200: ok } } },
      async (request) => {
        await assistant.clear(request.user);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/assistant/conversations/current/link',
      {
        ...user,
        schema: { tags, summary: 'Link the open conversation to a complaint filed from its draft', body: z.object({ reference: z.string().trim().min(1).max(20) }), response: { 200: ok } },
      },
      async (request) => {
        await assistant.link(request.user, request.body.reference);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/assistant/conversations',
      {
        ...staff,
        schema: {
          tags,
          summary: 'Conversations that led to a complaint or a live chat (staff)',
          querystring: z.object({ complaint: z.string().trim().max(20).optional(), supportSession: z.string().trim().max(64).optional() }),
          response: { 200: linkedSchema },
        },
      },
      async (request) => ({ items: await assistant.linkedTo(request.query) }),
    );
  };
