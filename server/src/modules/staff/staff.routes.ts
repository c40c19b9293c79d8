import { staffCreateSchema, staffDetailSchema, staffListQuerySchema, staffListSchema, staffMemberSchema, staffPatchResultSchema, staffPatchSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../deps';
import { createStaffService, type StaffServiceOptions } from './staff.service';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Staff management: admins only. Staff cannot manage staff; passengers reach none of it. */
export const staffRoutes =
  (deps: ModuleDeps, options: StaffServiceOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = createStaffService({ db: deps.db, auth: deps.auth, messenger: deps.messenger, messages: deps.messages, notifications: deps.notifications, changes: deps.changes, exactCountMax: deps.config.exactCountMax }, options);
    const admin = { onRequest: deps.guards.requireRole('admin'), config: { access: ['admin'] as 'admin'[] } };

    app.get(
      '/api/staff',
      { ...admin, schema: { tags: ['staff'], summary: 'Staff with their live figures; search, filters and paging', querystring: staffListQuerySchema, response: { 200: staffListSchema } } },
      async (request) => staff.list(request.query),
    );

    app.post(
      '/api/staff',
      {
        ...admin,
        schema: {
          tags: ['staff'],
          summary: 'Add a staff member: creates the account (role staff) and e-mails an invitation to set a password',
          body: staffCreateSchema,
          response: { 201: staffMemberSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await staff.create(request.body)),
    );

    app.get(
      '/api/staff/:id',
      { ...admin, schema: { tags: ['staff'], summary: 'A staff member with figures, open queue and recent history', params: idParams, response: { 200: staffDetailSchema } } },
      async (request) => staff.get(request.params.id),
    );

    app.patch(
      '/api/staff/:id',
      {
        ...admin,
        schema: {
          tags: ['staff'],
          summary: 'Edit a staff member. On leave or inactive returns their open complaints to the queue; inactive also stops sign-in.',
          params: idParams,
          body: staffPatchSchema,
          response: { 200: staffPatchResultSchema },
        },
      },
      async (request) => staff.update(request.user, request.params.id, request.body),
    );

    app.post(
      '/api/staff/:id/invite',
      { ...admin, schema: { tags: ['staff'], summary: 'Send the invitation to set a password again', params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await staff.invite(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
