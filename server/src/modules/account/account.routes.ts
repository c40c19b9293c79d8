import { meSchema, nameStepSchema, profilePatchSchema, settingsPatchSchema, settingsSchema, UPLOAD_MAX_BYTES } from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { type Guards, loadSessionUser } from '../../auth/session';
import { AppError } from '../../lib/errors';
import { readingMultipart } from '../../lib/multipart';
import type { AccountService } from './account.service';

export const accountRoutes =
  (deps: { accounts: AccountService; guards: Guards; auth: Auth }): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts, guards } = deps;

    app.get(
      '/api/me',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['account'], response: { 200: meSchema } } },
      async (request) => accounts.getMe(request.user.id),
    );

    // The web app asks this on every start: 200 with null when signed out, so no error is logged.
    app.get(
      '/api/session',
      { config: { access: 'public' }, schema: { tags: ['account'], response: { 200: z.object({ me: meSchema.nullable() }) } } },
      async (request) => {
        const user = await loadSessionUser(deps.auth, request);
        return { me: user ? await accounts.getMe(user.id) : null };
      },
    );

    app.patch(
      '/api/me',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['account'], body: profilePatchSchema, response: { 200: meSchema } } },
      async (request) => accounts.updateProfile(request.user.id, request.body),
    );

    // The step a phone sign-up takes before the app: its name (checked as the profile's, and not a number again).
    app.patch(
      '/api/me/name',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['account'], body: nameStepSchema, response: { 200: meSchema } } },
      async (request) => accounts.setName(request.user.id, request.body),
    );

    app.patch(
      '/api/me/settings',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['account'], body: settingsPatchSchema, response: { 200: settingsSchema } } },
      async (request) => accounts.updateSettings(request.user.id, request.body),
    );

    app.post(
      '/api/me/photo',
      {
        onRequest: guards.requireUser,
        config: { access: 'user' },
        schema: {
          tags: ['account'],
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ image: z.string(), width: z.number(), height: z.number(), size: z.number() }) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data.');
        const bytes = await readingMultipart(async () => {
          const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
          if (!part) throw new AppError('validation_failed', 'Please choose a photo.');
          const read = await part.toBuffer();
          if (part.file.truncated) throw new AppError('payload_too_large', 'The photo is larger than 10 MB.');
          return read;
        });
        return accounts.setPhoto(request.user.id, bytes);
      },
    );

    app.get(
      '/api/files/:id',
      { onRequest: guards.requireUser, config: { access: 'user' }, schema: { tags: ['files'], params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        const { bytes, contentType } = await accounts.readFile(request.params.id, request.user);
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(bytes);
      },
    );
  };
