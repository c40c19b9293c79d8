import { notificationListSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import type { NotificationsService } from './notifications.service';

export const notificationRoutes =
  (deps: { notifications: NotificationsService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { notifications, guards } = deps;
    const common = { onRequest: guards.requireUser, config: { access: 'user' as const } };

    app.get('/api/notifications', { ...common, schema: { tags: ['notifications'], response: { 200: notificationListSchema } } }, async (request) =>
      notifications.list(request.user.id),
    );

    app.post(
      '/api/notifications/read',
      { ...common, schema: { tags: ['notifications'], body: z.object({ id: z.string().max(64).optional() }).default({}), response: { 204: z.null() } } },
      async (request, reply) => {
        await notifications.markRead(request.user.id, request.body.id);
        return reply.code(204).send(null);
      },
    );
  };
