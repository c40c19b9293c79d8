import {
  applySolutionSchema,
  complaintDetailSchema,
  solutionInputSchema,
  solutionListQuerySchema,
  solutionListSchema,
  solutionPatchSchema,
  solutionSchema,
  solutionSuggestionsSchema,
  solutionSuggestQuerySchema,
  solutionSummarySchema,
} from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageFromCookie } from '../../lib/messages';
import type { ModuleDeps } from '../deps';
import { ensureStarterSolutions } from './seed-solutions';
import { createSolutionsService } from './solutions.service';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const referenceParams = z.object({ reference: z.string().trim().max(20) });

/** The quick-resolution library: staff read and apply it, admins write it, anyone signed in gets suggestions. */
export const solutionsRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { guards } = deps;
    const solutions = createSolutionsService({ db: deps.db, complaints: deps.complaints, exactCountMax: deps.config.exactCountMax });
    const loaded = await ensureStarterSolutions(deps.db);
    if (loaded > 0) app.log.info({ solutions: loaded }, 'starter solution library loaded');

    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };
    const staff = { onRequest: guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[] } };
    const admin = { onRequest: guards.requireRole('admin'), config: { access: ['admin'] as 'admin'[] } };
    const tags = ['solutions'];
    /** The language on the reader's screen, for the wording shown with each solution. */
    const reading = (request: { headers: { cookie?: string } }) => languageFromCookie(request.headers.cookie) ?? 'en';

    app.get(
      '/api/solutions',
      { ...staff, schema: { tags, summary: 'The solution library, most used first; `q` matches problem and steps, `state` active (default), retired or all', querystring: solutionListQuerySchema, response: { 200: solutionListSchema } } },
      async (request) => solutions.list(request.query, reading(request)),
    );

    app.get('/api/solutions/summary', { ...staff, schema: { tags, summary: 'Figures for the Quick Resolution tiles', response: { 200: solutionSummarySchema } } }, async () => solutions.summary());

    app.get(
      '/api/solutions/suggest',
      {
        ...user,
        schema: {
          tags,
          summary: `Up to 3 active solutions for a complaint type, ranked by the words shared with \`q\` and by success rate`,
          querystring: solutionSuggestQuerySchema,
          response: { 200: solutionSuggestionsSchema },
        },
      },
      async (request) => solutions.suggest(request.query.type, request.query.q, reading(request)),
    );

    app.get('/api/solutions/:id', { ...staff, schema: { tags, params: idParams, response: { 200: solutionSchema } } }, async (request) => solutions.get(request.params.id, reading(request)));

    app.post('/api/solutions', { ...admin, schema: { tags, body: solutionInputSchema, response: { 201: solutionSchema } } }, async (request, reply) =>
      reply.code(201).send(await solutions.create(request.user, request.body, reading(request))),
    );

    app.patch(
      '/api/solutions/:id',
      { ...admin, schema: { tags, summary: 'Edit a solution; `retired: true` takes it out of use, `false` brings it back', params: idParams, body: solutionPatchSchema, response: { 200: solutionSchema } } },
      async (request) => solutions.update(request.params.id, request.body, reading(request)),
    );

    app.post(
      '/api/complaints/:reference/apply-solution',
      {
        ...staff,
        schema: {
          tags: ['complaints', 'solutions'],
          summary: 'Resolve a complaint with a solution: its steps go to the passenger as the resolution note',
          params: referenceParams,
          body: applySolutionSchema,
          response: { 200: complaintDetailSchema },
        },
      },
      async (request) => solutions.apply(request.user, request.params.reference, request.body.solutionId),
    );
  };
