import { createHash } from 'node:crypto';
import { translateRequestSchema, translationSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/throttle';
import type { Translator } from '../../providers/translate';

/** Enough for an agent reading a busy chat; each one is a call to the model. */
export const TRANSLATIONS_PER_MINUTE = 30;
/** The same message read by several people, or twice, is translated once. */
const CACHE_SIZE = 500;

/**
 * Reads what someone wrote in the reader's own language, with a configured language model. The original stays
 * where it is; this only answers the translation. docs/languages.md
 */
export const translationRoutes =
  (deps: { translator?: Translator; guards: Guards; db: Db; rateLimit: boolean; log: { warn: (o: object, m: string) => void } }): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = new Map<string, string>();
    app.post(
      '/api/translate',
      {
        onRequest: deps.guards.requireUser,
        config: { access: 'user' },
        schema: { tags: ['translation'], summary: 'A text in the reader\'s language (needs a language model)', body: translateRequestSchema, response: { 200: translationSchema } },
      },
      async (request) => {
        const { translator } = deps;
        if (!translator) throw new AppError('translation_unavailable', 'Translation needs a language model, and none is configured on this server.');
        const { text, to } = request.body;
        const key = `${to}:${createHash('sha256').update(text).digest('base64url')}`;
        const known = cache.get(key);
        if (known !== undefined) return { translation: known, to };
        if (deps.rateLimit) await enforce(deps.db, `translate:${request.user.id}`, TRANSLATIONS_PER_MINUTE, 60_000, 'Too many translations at once. Please wait a minute.');
        let translation: string;
        try {
          translation = await translator.translate(text, to);
        } catch (error) {
          deps.log.warn({ err: error }, 'translation failed');
          throw new AppError('translation_failed', 'The translation could not be made just now. Please try again.');
        }
        cache.set(key, translation);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        return { translation, to };
      },
    );
  };
