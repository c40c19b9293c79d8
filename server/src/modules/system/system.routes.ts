import { healthSchema, overviewSchema, publicConfigSchema } from '@railmadad/contract';
import { count, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { Guards } from '../../auth/session';

export const systemRoutes =
  (deps: { config: Config; database: Database; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, database, guards } = deps;

    app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthSchema } } }, async () => ({
      status: 'ok' as const,
      database: database.kind,
    }));

    app.get('/api/config', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
      googleEnabled: Boolean(config.google),
      supportEmail: config.supportEmail,
      helpline: '139',
    }));

    /** The home page's System Overview: three live counts. */
    app.get(
      '/api/overview',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['system'], response: { 200: overviewSchema } } },
      async () => {
        const { db } = database;
        const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
        const [[passengers], [staff], [joined]] = await Promise.all([
          db.select({ n: count() }).from(user).where(eq(user.role, 'passenger')),
          db.select({ n: count() }).from(user).where(inArray(user.role, ['staff', 'admin'])),
          db.select({ n: count() }).from(user).where(gte(user.createdAt, since)),
        ]);
        return {
          cards: [
            { key: 'passengers', value: passengers.n },
            { key: 'staff', value: staff.n },
            { key: 'joinedToday', value: joined.n },
          ],
        };
      },
    );
  };
