import {
  classificationListQuerySchema,
  classificationListSchema,
  classificationSchema,
  classificationSummarySchema,
  classifierModelSchema,
  classifyRequestSchema,
  predictionSchema,
  reviewSchema,
  trainingStatusSchema,
  typeSuggestionSchema,
} from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import { AppError } from '../../lib/errors';
import type { ClassificationService } from './classification.service';
import type { ClassifierService } from './classifier';

const referenceParams = z.object({ reference: z.string().trim().toUpperCase().max(20) });

/** The review queue and the model behind it: staff review, admins retrain, anyone signed in gets type suggestions. */
export const classificationRoutes =
  (deps: { classifier: ClassifierService; classifications: ClassificationService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { classifier, classifications, guards } = deps;
    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };
    const staff = { onRequest: guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[] } };
    const admin = { onRequest: guards.requireRole('admin'), config: { access: ['admin'] as 'admin'[] } };
    const tags = ['classification'];

    app.post(
      '/api/classify',
      {
        ...staff,
        schema: { tags, summary: 'The local model on any text: type, confidence, top 3, emergency, suggested severity and the model version', body: classifyRequestSchema, response: { 200: predictionSchema } },
      },
      async (request) => {
        const prediction = await classifier.predict(request.body.text);
        if (!prediction) throw new AppError('internal', 'The classifier is not available; see the server log.');
        return prediction;
      },
    );

    app.post(
      '/api/complaints/suggest-type',
      { ...user, schema: { tags, summary: 'The three likeliest complaint types for a description being typed', body: classifyRequestSchema, response: { 200: typeSuggestionSchema } } },
      async (request) => ({ top3: (await classifier.predict(request.body.text))?.top3 ?? [] }),
    );

    app.get(
      '/api/classifications',
      {
        ...staff,
        schema: {
          tags,
          summary: 'Calls on filed complaints, newest first. `type` matches the settled type (reviewed, else predicted); confidence bounds in percent; `from`/`to` are India days',
          querystring: classificationListQuerySchema,
          response: { 200: classificationListSchema },
        },
      },
      async (request) => classifications.list(request.query),
    );

    app.get(
      '/api/classifications/summary',
      { ...staff, schema: { tags, summary: 'Tiles and charts: accuracy from reviews, processed today, pending review, distributions, weekly accuracy', response: { 200: classificationSummarySchema } } },
      async () => classifications.summary(),
    );

    app.post(
      '/api/classifications/:reference/review',
      {
        ...staff,
        schema: { tags, summary: "Settle a complaint's type, the model's (confirm) or another (correct), and/or its emergency call (`emergency`: false clears a false alarm)", params: referenceParams, body: reviewSchema, response: { 200: classificationSchema } },
      },
      async (request) => classifications.review(request.user, request.params.reference, request.body),
    );

    app.get(
      '/api/classifier/models',
      { ...staff, schema: { tags, summary: 'Every trained model version, newest first', response: { 200: z.object({ items: z.array(classifierModelSchema) }) } } },
      async () => ({ items: await classifier.models() }),
    );

    app.get('/api/classifier/training', { ...staff, schema: { tags, summary: 'The latest retraining run', response: { 200: trainingStatusSchema } } }, async () => classifier.training());

    app.post(
      '/api/classifier/retrain',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Train a new version from the corpus and every review; it replaces the active model only if it scores no worse on the held-back examples',
          response: { 202: trainingStatusSchema },
        },
      },
      async (request, reply) => reply.code(202).send(await classifier.retrain(request.user.id)),
    );
  };
