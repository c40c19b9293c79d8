import { outboxListSchema, outboxMessageSchema, paginationQuerySchema } from '@railmadad/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/session';
import type { Messenger } from './outbox.service';

export const outboxRoutes =
  (deps: { messenger: Messenger; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/outbox',
      {
        onRequest: deps.guards.requireRole('admin'),
        config: { access: ['admin'] },
        schema: { tags: ['admin'], querystring: paginationQuerySchema, response: { 200: outboxListSchema } },
      },
      async (request) => deps.messenger.list(request.query),
    );

    app.post(
      '/api/admin/outbox/:id/retry',
      {
        onRequest: deps.guards.requireRole('admin'),
        config: { access: ['admin'] },
        schema: { tags: ['admin'], summary: 'Send a failed message again', params: z.object({ id: z.string().max(64) }), response: { 200: outboxMessageSchema } },
      },
      async (request) => deps.messenger.retry(request.params.id),
    );
  };
