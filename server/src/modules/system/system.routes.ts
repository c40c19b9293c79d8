import { healthSchema, overviewSchema, publicConfigSchema, readinessSchema } from '@railmadad/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ComplaintsService } from '../complaints/complaints.service';
import { hasMetricsToken, type Metrics } from './metrics';
import type { ReadinessService } from './readiness';

export const systemRoutes =
  (deps: { config: Config; database: Database; guards: Guards; complaints: ComplaintsService; readiness: ReadinessService; metrics: Metrics }): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, database, guards, complaints, readiness, metrics } = deps;

    app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthSchema } } }, async () => ({
      status: 'ok' as const,
      database: database.kind,
    }));

    // Not rate limited and never cached: a load balancer asks every few seconds and must see the state of now.
    app.get(
      '/api/health/ready',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Readiness: 200 when the database, Redis (if configured) and file storage answer within 2 s; 503 naming what failed, or while shutting down',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const report = await readiness.report();
        return reply
          .code(report.status === 'ready' ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(report);
      },
    );

    const requireAdmin = guards.requireRole('admin');
    // A scraper has no session: the operator's token stands in for an admin.
    const metricsAccess: onRequestAsyncHookHandler = async function (request, reply) {
      if (hasMetricsToken(request.headers.authorization, config.metricsToken)) return;
      await requireAdmin.call(this, request, reply);
    };
    app.get(
      '/api/metrics',
      {
        onRequest: metricsAccess,
        config: { access: ['admin'] },
        schema: {
          tags: ['system'],
          summary: "Prometheus metrics (text exposition format) of this node: an admin's session, or `Authorization: Bearer METRICS_TOKEN`",
          produces: ['text/plain'],
          security: [{ bearer: [] }, { cookie: [] }],
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.text()),
    );

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
