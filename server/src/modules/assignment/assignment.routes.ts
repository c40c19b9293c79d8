import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import type { AssignmentService } from './assignment.service';

const serviceSettingsSchema = z.object({ autoAssign: z.boolean() });

/** Settings of the whole service (the original prototype's `autoAssign`), for admins. */
export const assignmentRoutes =
  (deps: { assignment: AssignmentService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { onRequest: deps.guards.requireRole('admin'), config: { access: ['admin'] as 'admin'[] } };
    app.get('/api/admin/settings', { ...admin, schema: { tags: ['admin'], response: { 200: serviceSettingsSchema } } }, async () => ({
      autoAssign: await deps.assignment.isEnabled(),
    }));
    app.patch('/api/admin/settings', { ...admin, schema: { tags: ['admin'], body: serviceSettingsSchema.partial(), response: { 200: serviceSettingsSchema } } }, async (request) => ({
      autoAssign: request.body.autoAssign === undefined ? await deps.assignment.isEnabled() : await deps.assignment.setEnabled(request.body.autoAssign),
    }));
  };
