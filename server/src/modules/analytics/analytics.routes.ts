import { Readable } from 'node:stream';
import { analyticsBreakdownSchema, analyticsDailySchema, analyticsRangeQuerySchema, complaintExportQuerySchema, todayInIndia } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bindHeavyRead } from '../../db/heavy-reads';
import type { ModuleDeps } from '../deps';
import { createAnalyticsService } from './analytics.service';

export const analyticsRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const analytics = createAnalyticsService({ db: deps.db });
    // Every analytics read is heavy: it takes a slot of the heavy-read budget (lib/heavy-read-routes.ts).
    const staff = { onRequest: deps.guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[], heavyRead: true } };

    app.get(
      '/api/analytics/daily',
      {
        ...staff,
        schema: {
          tags: ['analytics'],
          summary: 'Complaints filed on each day from `from` to `to` (India days, at most 366; default the last 30), split by the status each is in now',
          querystring: analyticsRangeQuerySchema,
          response: { 200: analyticsDailySchema },
        },
      },
      async (request) => analytics.daily(request.query),
    );

    app.get(
      '/api/analytics/breakdown',
      {
        ...staff,
        schema: {
          tags: ['analytics'],
          summary: 'Complaints filed in the range by type and severity, the share resolved on time, resolution hours by type and department, and the ratings given',
          querystring: analyticsRangeQuerySchema,
          response: { 200: analyticsBreakdownSchema },
        },
      },
      async (request) => analytics.breakdown(request.query),
    );

    app.get(
      '/api/complaints.csv',
      {
        ...staff,
        schema: {
          tags: ['analytics'],
          summary: 'The complaint list as CSV (UTF-8 with BOM), with the filters and order of GET /api/complaints, up to 100 000 rows',
          querystring: complaintExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await analytics.exportCsv(request.user, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="complaints-${todayInIndia()}.csv"`)
          .header('cache-control', 'no-store')
          .header('x-export-rows', String(csv.rows))
          .header('x-export-truncated', String(csv.truncated))
          .send(Readable.from(bindHeavyRead(csv.lines)));
      },
    );
  };
