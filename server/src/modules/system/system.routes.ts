import { healthSchema, overviewSchema, publicConfigSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ComplaintsService } from '../complaints/complaints.service';

export const systemRoutes =
  (deps: { config: Config; database: Database; guards: Guards; complaints: ComplaintsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, database, guards, complaints } = deps;

    app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthSchema } } }, async () => ({
      status: 'ok' as const,
      database: database.kind,
    }));

    app.get('/api/config', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
      googleEnabled: Boolean(config.google),
      translationEnabled: Boolean(config.llm),
      supportEmail: config.supportEmail,
      helpline: '139',
    }));

    /**
     * The home page's System Overview, three live counts: a passenger's own complaints, or the
     * whole queue for staff.
     */
    app.get(
      '/api/overview',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['system'], response: { 200: overviewSchema } } },
      async (request) => {
        const stats = await complaints.stats(request.user);
        const n = (status: string) => stats.cards.find((c) => c.status === status)?.count ?? 0;
        if (request.user.role === 'passenger') {
          return {
            cards: [
              { key: 'myComplaints', value: stats.cards.reduce((sum, c) => sum + c.count, 0) },
              { key: 'myOpen', value: n('open') + n('in_progress') },
              { key: 'myResolved', value: n('resolved') + n('closed') },
            ],
          };
        }
        return {
          cards: [
            { key: 'openNow', value: n('open') + n('in_progress') },
            { key: 'overdue', value: stats.overdue },
            { key: 'emergencies', value: stats.emergencies },
          ],
        };
      },
    );
  };
