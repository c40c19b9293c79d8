import {
  callSignalSchema,
  type ClientToServerEvents,
  type Role,
  type ServerToClientEvents,
  SUPPORT_MESSAGES_PER_MINUTE,
  supportSeenEventSchema,
  supportSendEventSchema,
  supportTypingEventSchema,
  type TrainingStatus,
} from '@railmadad/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Auth, SessionEnd } from './auth/auth';
import type { ComplaintChange } from './modules/complaints/complaint-changes';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { SupportEvents, SupportService } from './modules/support/support.service';
import { AppError } from './lib/errors';

export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets of one signed-in session (one browser), closed together when it ends. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Staff and admins: every complaint change reaches their dashboards. */
export const STAFF_ROOM = 'staff';
/** How often each node tells the database who has a socket open to it (live-support presence). */
const PRESENCE_EVERY_MS = 30_000;

/**
 * Socket.io on the same port as the API. A socket is authenticated from its session cookie
 * (or bearer token) on connect and joins its user's room; with REDIS_URL, rooms span nodes.
 */
export async function attachRealtime(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    notifications: NotificationsService;
    complaintChanges: EventEmitter<{ change: [ComplaintChange] }>;
    classifierEvents: EventEmitter<{ training: [TrainingStatus] }>;
    support: SupportService;
    redisUrl?: string;
    rateLimit?: boolean;
    /** Pages at these origins may open a socket; a browser page elsewhere may not ride on its visitor's cookie. */
    trustedOrigins: readonly string[];
    sessionsEnded: EventEmitter<{ ended: [SessionEnd] }>;
  },
) {
  const trusted = new Set(deps.trustedOrigins);
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    // Browsers send Origin with every socket; a client without one (a script with a bearer token) carries no page.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(origin && !trusted.has(origin) ? 'untrusted origin' : null, !origin || trusted.has(origin));
    },
  });

  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    // Our own channel name: another app (or another deployment) on the same Redis hears none of our rooms.
    io.adapter(createAdapter(pub, sub, { key: 'railmadad' }));
    redis = [pub, sub];
  }

  io.use(async (socket, next) => {
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(socket.handshake.headers)) if (typeof v === 'string') headers.set(k, v);
      const token = socket.handshake.auth?.token;
      if (typeof token === 'string' && token) headers.set('authorization', `Bearer ${token}`);
      const session = await deps.auth.api.getSession({ headers });
      // A banned (deactivated) account keeps no live channel, as the HTTP guards refuse it too.
      if (!session || (session.user as { banned?: boolean | null }).banned) return next(new Error('unauthorized'));
      socket.data.userId = session.user.id;
      socket.data.sessionId = session.session.id;
      socket.data.role = (session.user as { role?: string }).role ?? 'passenger';
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  const { support } = deps;
  const rateLimit = deps.rateLimit ?? true;
  const log = app.log;
  // With the Redis adapter this reaches the sockets on every node.
  deps.sessionsEnded.on('ended', ({ userId, sessionId }) => {
    io.in(sessionId ? sessionRoom(sessionId) : userRoom(userId)).disconnectSockets(true);
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    const actor = { id: userId, role: socket.data.role as Role };
    socket.join([userRoom(userId), sessionRoom(socket.data.sessionId as string)]);
    if (actor.role === 'staff' || actor.role === 'admin') socket.join(STAFF_ROOM);
    void support.markSeen([userId]).catch((err) => log.error({ err }, 'presence update failed'));

    // Live support over the socket: every payload is checked like an HTTP body, and a socket
    // may send as many messages a minute as the HTTP route allows.
    const sent: number[] = [];
    socket.on('support:send', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const now = Date.now();
      while (sent.length && sent[0] < now - 60_000) sent.shift();
      if (rateLimit && sent.length >= SUPPORT_MESSAGES_PER_MINUTE) return reply({ ok: false, code: 'rate_limited', message: 'You are sending messages too fast. Please wait a moment.' });
      sent.push(now);
      const parsed = supportSendEventSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'validation_failed', message: 'Invalid message.' });
      try {
        const { sessionId, ...message } = parsed.data;
        reply({ ok: true, message: (await support.send(actor, sessionId, message)).message });
      } catch (error) {
        if (error instanceof AppError) return reply({ ok: false, code: error.code, message: error.message });
        log.error({ err: error }, 'support:send failed');
        reply({ ok: false, code: 'internal', message: 'Something went wrong. Please try again.' });
      }
    });
    socket.on('support:typing', async (payload) => {
      const parsed = supportTypingEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const peer = await support.peerOf(actor, parsed.data.sessionId).catch(() => null);
      if (peer) io.to(userRoom(peer.peerId)).emit('support:typing', { sessionId: parsed.data.sessionId, sender: peer.side });
    });
    socket.on('support:seen', async (payload) => {
      const parsed = supportSeenEventSchema.safeParse(payload);
      if (!parsed.success) return;
      await support.seen(actor, parsed.data.sessionId, parsed.data.seq, parsed.data.read).catch(() => undefined);
    });
    // WebRTC offers, answers and candidates go only to the other person of an active session.
    socket.on('call:signal', async (payload) => {
      const parsed = callSignalSchema.safeParse(payload);
      if (!parsed.success) return;
      const peer = await support.peerOf(actor, parsed.data.sessionId).catch(() => null);
      if (peer) io.to(userRoom(peer.peerId)).emit('call:signal', parsed.data);
    });
  });

  // Presence: the people with a socket on this node are "seen"; an agent unseen for 2 minutes is Away.
  const presence = setInterval(async () => {
    try {
      const sockets = await io.local.fetchSockets();
      await support.markSeen([...new Set(sockets.map((s) => s.data.userId as string))]);
    } catch (err) {
      log.error({ err }, 'presence update failed');
    }
  }, PRESENCE_EVERY_MS);
  presence.unref();

  const onSession = ({ passengerId, agentId, passengerView, agentView }: SupportEvents['session'][0]) => {
    io.to(userRoom(passengerId)).emit('support:session', passengerView);
    if (agentId) io.to(userRoom(agentId)).emit('support:session', agentView);
    if (agentView.offer && agentView.offer.agentId !== agentId) io.to(userRoom(agentView.offer.agentId)).emit('support:session', agentView);
  };
  const onMessage = ({ passengerId, agentId, message }: SupportEvents['message'][0]) => {
    if (!message.internal) io.to(userRoom(passengerId)).emit('support:message', message);
    if (agentId) io.to(userRoom(agentId)).emit('support:message', message);
  };
  const onOffer = ({ agentId, session }: SupportEvents['offer'][0]) => io.to(userRoom(agentId)).emit('support:offer', session);
  const onSupportChanged = () => io.to(STAFF_ROOM).emit('support:changed');
  support.events.on('session', onSession).on('message', onMessage).on('offer', onOffer).on('changed', onSupportChanged);

  const offNotifications = deps.notifications.onCreated((userId, notification) => {
    io.to(userRoom(userId)).emit('notification:new', notification);
  });
  const onComplaint = (c: ComplaintChange) => {
    // Dashboards, the passenger, and whoever holds it or just stopped holding it.
    const people = new Set([c.passengerId, c.assigneeId, c.previousAssigneeId].filter((id): id is string => Boolean(id)));
    const rooms = [STAFF_ROOM, ...[...people].map(userRoom)];
    io.to(rooms).emit('complaint:changed', { reference: c.reference, status: c.status });
  };
  deps.complaintChanges.on('change', onComplaint);
  const onTraining = (status: TrainingStatus) => io.to(STAFF_ROOM).emit('classifier:training', status);
  deps.classifierEvents.on('training', onTraining);
  const unsubscribe = () => {
    clearInterval(presence);
    support.events.off('session', onSession).off('message', onMessage).off('offer', onOffer).off('changed', onSupportChanged);
    offNotifications();
    deps.complaintChanges.off('change', onComplaint);
    deps.classifierEvents.off('training', onTraining);
  };

  // Sockets must go before Fastify closes the HTTP server, or the close waits on them.
  app.addHook('preClose', async () => {
    unsubscribe();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
  });
  return io;
}
