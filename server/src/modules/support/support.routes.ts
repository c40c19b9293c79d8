import { PHOTO_MAX_BYTES, SUPPORT_MESSAGES_PER_MINUTE } from '@railmadad/contract';
import {
  agentStateSchema,
  complaintSupportSessionsSchema,
  iceServersSchema,
  sendSupportMessageSchema,
  startSupportSchema,
  supportAgentSchema,
  supportComplaintDraftSchema,
  supportLinkSchema,
  supportListQuerySchema,
  supportMessageListSchema,
  supportMessageSchema,
  supportMessagesQuerySchema,
  supportOverviewSchema,
  supportRatingSchema,
  supportSeenSchema,
  supportSessionDetailSchema,
  supportSessionListSchema,
  supportSessionSchema,
  supportTransferSchema,
} from '@railmadad/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertAcceptableText } from '../../lib/input-guard';
import { readingMultipart } from '../../lib/multipart';
import { enforce } from '../../lib/throttle';
import type { IceConfig } from './ice';
import { iceServersFor } from './ice';
import type { SupportService } from './support.service';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const agentView = z.object({ status: z.enum(['available', 'busy', 'away']), capacity: z.number().int(), activeChats: z.number().int() });
const STARTS_PER_HOUR = 20;

export const supportRoutes =
  (deps: { support: SupportService; guards: Guards; db: Db; ice: IceConfig; rateLimit: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { support, guards } = deps;
    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };
    const passenger = { onRequest: guards.requireRole('passenger'), config: { access: ['passenger'] as 'passenger'[] } };
    const staff = { onRequest: guards.requireRole('staff', 'admin'), config: { access: ['staff', 'admin'] as ('staff' | 'admin')[] } };
    const tags = ['support'];

    const limit = async (key: string, max: number, windowMs: number, message: string) => {
      if (deps.rateLimit) await enforce(deps.db, key, max, windowMs, message);
    };

    app.post(
      '/api/support/sessions',
      { ...passenger, schema: { tags, summary: 'Start a live-support session (joins the queue)', body: startSupportSchema, response: { 201: supportSessionSchema } } },
      async (request, reply) => {
        await limit(`support-start:${request.user.id}`, STARTS_PER_HOUR, 3_600_000, 'Too many chats started. Please wait a while, or call 139.');
        return reply.code(201).send(await support.start(request.user, request.body));
      },
    );

    app.get(
      '/api/support/sessions',
      {
        ...user,
        schema: {
          tags,
          summary: "Sessions: a passenger's own, or a staff scope; `history` and a passenger's own page by cursor (`next` / `prev`)",
          querystring: supportListQuerySchema,
          response: { 200: supportSessionListSchema },
        },
      },
      async (request) => support.list(request.user, request.query),
    );

    app.get('/api/support/sessions/:id', { ...user, schema: { tags, params: idParams, response: { 200: supportSessionDetailSchema } } }, async (request) =>
      support.get(request.user, request.params.id),
    );

    app.get(
      '/api/support/sessions/:id/messages',
      { ...user, schema: { tags, summary: 'Messages after a sequence number (what a client that lost the signal missed)', params: idParams, querystring: supportMessagesQuerySchema, response: { 200: supportMessageListSchema } } },
      async (request) => support.messages(request.user, request.params.id, request.query.after),
    );

    app.post(
      '/api/support/sessions/:id/messages',
      { ...user, schema: { tags, params: idParams, body: sendSupportMessageSchema, response: { 200: supportMessageSchema, 201: supportMessageSchema } } },
      async (request, reply) => {
        await limit(`support-message:${request.user.id}`, SUPPORT_MESSAGES_PER_MINUTE, 60_000, 'You are sending messages too fast. Please wait a moment.');
        const { message, created } = await support.send(request.user, request.params.id, request.body);
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    app.post(
      '/api/support/sessions/:id/photos',
      { ...user, schema: { tags, summary: 'Send a photo in the chat (multipart field `photo`; re-encoded, metadata stripped)', consumes: ['multipart/form-data'], params: idParams, response: { 201: supportMessageSchema } } },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data.');
        await limit(`support-message:${request.user.id}`, SUPPORT_MESSAGES_PER_MINUTE, 60_000, 'You are sending messages too fast. Please wait a moment.');
        const { bytes, clientId } = await readingMultipart(async () => {
          const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
          if (!part) throw new AppError('validation_failed', 'Please choose a photo.', { photo: 'required' });
          const read = await part.toBuffer();
          if (part.file.truncated) throw new AppError('payload_too_large', 'Each photo must be at most 10 MB.', { photo: 'photo_too_large' });
          const id = typeof part.fields.clientId === 'object' && 'value' in part.fields.clientId ? String(part.fields.clientId.value).slice(0, 64) : undefined;
          if (id !== undefined) assertAcceptableText('clientId', id);
          return { bytes: read, clientId: id };
        });
        return reply.code(201).send(await support.sendPhoto(request.user, request.params.id, bytes, clientId));
      },
    );

    app.post('/api/support/sessions/:id/seen', { ...user, schema: { tags, params: idParams, body: supportSeenSchema, response: { 200: z.object({ ok: z.boolean() }) } } }, async (request) =>
      support.seen(request.user, request.params.id, request.body.seq, request.body.read),
    );

    app.post('/api/support/sessions/:id/end', { ...user, schema: { tags, params: idParams, response: { 200: supportSessionSchema } } }, async (request) =>
      support.end(request.user, request.params.id),
    );

    app.post('/api/support/sessions/:id/rating', { ...passenger, schema: { tags, params: idParams, body: supportRatingSchema, response: { 200: supportSessionSchema } } }, async (request) =>
      support.rate(request.user, request.params.id, request.body.rating, request.body.comment),
    );

    app.post('/api/support/sessions/:id/leave-message', { ...passenger, schema: { tags, params: idParams, response: { 200: supportSessionSchema } } }, async (request) =>
      support.leaveMessage(request.user, request.params.id),
    );

    app.get('/api/support/sessions/:id/complaint-draft', { ...passenger, schema: { tags, params: idParams, response: { 200: supportComplaintDraftSchema } } }, async (request) =>
      support.complaintDraft(request.user, request.params.id),
    );

    app.post('/api/support/sessions/:id/link-complaint', { ...passenger, schema: { tags, params: idParams, body: supportLinkSchema, response: { 200: supportSessionSchema } } }, async (request) =>
      support.linkComplaint(request.user, request.params.id, request.body.reference),
    );

    app.get('/api/support/agent', { ...staff, schema: { tags, response: { 200: agentView } } }, async (request) => support.agent(request.user));

    app.put('/api/support/agent', { ...staff, schema: { tags, summary: 'Set my presence (available, busy, away) and how many chats I take at once', body: agentStateSchema, response: { 200: agentView } } }, async (request) =>
      support.setAgent(request.user, request.body),
    );

    app.post('/api/support/sessions/:id/accept', { ...staff, schema: { tags, params: idParams, response: { 200: supportSessionSchema } } }, async (request) =>
      support.accept(request.user, request.params.id),
    );

    app.post('/api/support/sessions/:id/decline', { ...staff, schema: { tags, params: idParams, response: { 200: z.object({ ok: z.boolean() }) } } }, async (request) =>
      support.decline(request.user, request.params.id),
    );

    app.post('/api/support/sessions/:id/transfer', { ...staff, schema: { tags, params: idParams, body: supportTransferSchema, response: { 200: supportSessionSchema } } }, async (request) =>
      support.transfer(request.user, request.params.id, request.body.agentId),
    );

    app.get('/api/support/overview', { ...staff, schema: { tags, response: { 200: supportOverviewSchema } } }, async () => support.overview());

    app.get('/api/support/agents', { ...user, schema: { tags, summary: 'Passengers: agents available to pick; staff: every agent', response: { 200: z.array(supportAgentSchema) } } }, async (request) =>
      support.listAgents(request.user),
    );

    app.get('/api/support/ice-servers', { ...user, schema: { tags, summary: 'ICE servers for a call (TURN credentials valid for a limited time)', response: { 200: iceServersSchema } } }, async (request) =>
      iceServersFor(deps.ice, request.user.id),
    );

    app.get(
      '/api/complaints/:reference/support-sessions',
      { ...staff, schema: { tags, params: z.object({ reference: z.string().trim().max(20) }), response: { 200: complaintSupportSessionsSchema } } },
      async (request) => ({ items: await support.forComplaint(request.params.reference) }),
    );
  };
