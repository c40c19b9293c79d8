import { LANGUAGES, speechCapabilitySchema, transcriptionSchema } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/throttle';
import { isSpeechContentType, SPEECH_CONTENT_TYPES, SpeechError, type SpeechProvider } from '../../providers/speech';

/** About 60 s of Opus from a phone's MediaRecorder, with room to spare; the web app stops recording at 60 s. */
export const SPEECH_MAX_BYTES = 2 * 1024 * 1024;
/** Enough for a passenger correcting a sentence a few times; each one costs a call to the provider. */
export const TRANSCRIPTIONS_PER_MINUTE = 20;

const transcribeQuery = z.object({ language: z.enum(LANGUAGES).default('en') });

/** Voice input: whether this server transcribes, and the transcription itself. docs/voice.md */
export const speechRoutes =
  (deps: { speech?: SpeechProvider; guards: Guards; db: Db; rateLimit: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { speech, guards } = deps;
    const tags = ['speech'];

    // Only inside this plugin: every other route keeps refusing audio bodies.
    app.addContentTypeParser([...SPEECH_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.get(
      '/api/speech',
      { config: { access: 'public' }, schema: { tags, summary: 'Whether this server transcribes voice input (otherwise the browser may)', response: { 200: speechCapabilitySchema } } },
      async () => ({ server: Boolean(speech) }),
    );

    app.post(
      '/api/speech/transcribe',
      {
        onRequest: guards.requireUser,
        config: { access: 'user' },
        bodyLimit: SPEECH_MAX_BYTES,
        schema: {
          tags,
          summary: `Speech to text: the recording as the raw body (${SPEECH_CONTENT_TYPES.join(', ')}), at most ${SPEECH_MAX_BYTES / 1024 / 1024} MB`,
          querystring: transcribeQuery,
          response: { 200: transcriptionSchema },
        },
      },
      async (request) => {
        if (!speech) throw new AppError('speech_unavailable', 'Voice input is not available on this server.');
        const contentType = request.headers['content-type'] ?? '';
        if (!isSpeechContentType(contentType)) {
          throw new AppError('unsupported_media_type', `Send the recording as ${SPEECH_CONTENT_TYPES.join(', ')}.`);
        }
        const audio = request.body;
        if (!Buffer.isBuffer(audio) || audio.length === 0) throw new AppError('validation_failed', 'The recording is empty.', { body: 'required' });
        if (deps.rateLimit) await enforce(deps.db, `speech:${request.user.id}`, TRANSCRIPTIONS_PER_MINUTE, 60_000, 'Too many recordings. Please wait a minute and try again.');
        try {
          return await speech.transcribe(audio, contentType, request.query.language);
        } catch (error) {
          if (!(error instanceof SpeechError)) throw error;
          request.log.warn({ provider: speech.name, kind: error.kind, status: error.status, err: error.message }, 'speech provider failed');
          throw new AppError('speech_failed', error.kind === 'timeout' ? 'The speech service took too long to answer. Please try again.' : 'The speech service could not transcribe the recording. Please try again.');
        }
      },
    );
  };
