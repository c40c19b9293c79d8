import {
  complaintDetailSchema,
  complaintFeedbackSchema,
  complaintListQuerySchema,
  complaintListSchema,
  complaintPatchSchema,
  complaintStatsSchema,
  isLanguage,
  reopenSchema,
  trackQuerySchema,
  trackResultSchema,
} from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import type { Db } from '../../db/client';
import { enforce } from '../../lib/throttle';
import type { ComplaintsService } from './complaints.service';
import { readComplaintForm } from './multipart';

const referenceParams = z.object({ reference: z.string().trim().max(20) });
const TRACK_PER_MINUTE = 20;

export const complaintRoutes =
  (deps: { complaints: ComplaintsService; guards: Guards; db: Db; rateLimit: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { complaints, guards } = deps;
    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };
    const staff = { onRequest: guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[] } };

    app.post(
      '/api/complaints',
      {
        ...user,
        schema: {
          tags: ['complaints'],
          summary: 'File a complaint (multipart: the fields of NewComplaint, and up to 5 `photos`). Send an Idempotency-Key header to make retries safe.',
          consumes: ['multipart/form-data'],
          headers: z.object({ 'idempotency-key': z.string().max(100).optional() }).passthrough(),
          response: { 200: complaintDetailSchema, 201: complaintDetailSchema },
        },
      },
      async (request, reply) => {
        const { fields, photos } = await readComplaintForm(request);
        const result = await complaints.file(request.user, fields, photos, {
          idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          language: isLanguage(fields.language) ? fields.language : undefined,
        });
        return reply.code(result.created ? 201 : 200).send(result.complaint);
      },
    );

    // Staff's lists and cards are heavy reads (lib/heavy-read-routes.ts); a passenger's own list is not.
    app.get('/api/complaints', { ...user, config: { ...user.config, heavyRead: true }, schema: { tags: ['complaints'], querystring: complaintListQuerySchema, response: { 200: complaintListSchema } } }, async (request) =>
      complaints.list(request.user, request.query),
    );

    // Not a heavy read: the cards read kept figures (a row per status) and the open work's small indexes.
    app.get('/api/complaints/stats', { ...staff, schema: { tags: ['complaints'], response: { 200: complaintStatsSchema } } }, async (request) => complaints.stats(request.user));

    app.get(
      '/api/complaints/assignees',
      { ...staff, schema: { tags: ['complaints'], response: { 200: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })) } } },
      async () => complaints.assignees(),
    );

    app.get('/api/complaints/:reference', { ...user, schema: { tags: ['complaints'], params: referenceParams, response: { 200: complaintDetailSchema } } }, async (request) =>
      complaints.get(request.user, request.params.reference),
    );

    app.patch(
      '/api/complaints/:reference',
      { ...staff, schema: { tags: ['complaints'], params: referenceParams, body: complaintPatchSchema, response: { 200: complaintDetailSchema } } },
      async (request) => complaints.change(request.user, request.params.reference, request.body),
    );

    app.post(
      '/api/complaints/:reference/feedback',
      { ...user, schema: { tags: ['complaints'], params: referenceParams, body: complaintFeedbackSchema, response: { 200: complaintDetailSchema } } },
      async (request) => complaints.rate(request.user, request.params.reference, request.body),
    );

    app.post(
      '/api/complaints/:reference/reopen',
      { ...user, schema: { tags: ['complaints'], params: referenceParams, body: reopenSchema, response: { 200: complaintDetailSchema } } },
      async (request) => complaints.reopen(request.user, request.params.reference, request.body.note),
    );

    app.get(
      '/api/track',
      { config: { access: 'public' }, schema: { tags: ['complaints'], summary: 'Status of a complaint by its reference and the PNR or mobile number it was filed with', querystring: trackQuerySchema, response: { 200: trackResultSchema } } },
      async (request) => {
        // Guessing references needs many tries; a person needs one.
        if (deps.rateLimit) await enforce(deps.db, `track:${request.ip}`, TRACK_PER_MINUTE, 60_000, 'Too many look-ups. Please wait a minute.');
        return complaints.track(request.query.reference, request.query);
      },
    );
  };
