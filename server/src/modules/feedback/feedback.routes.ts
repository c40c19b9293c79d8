import { feedbackListQuerySchema, feedbackListSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/session';
import type { FeedbackService } from './feedback.service';

export const feedbackRoutes =
  (deps: { feedback: FeedbackService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/feedback',
      {
        onRequest: deps.guards.requireRole('staff', 'admin'),
        config: { access: ['staff', 'admin'] },
        schema: {
          tags: ['feedback'],
          summary: 'Feedback Form entries, newest first (staff)',
          querystring: feedbackListQuerySchema,
          response: { 200: feedbackListSchema },
        },
      },
      async (request) => deps.feedback.list(request.query),
    );
  };
