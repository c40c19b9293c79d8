import type { ClientToServerEvents, ServerToClientEvents, TrainingStatus } from '@railmadad/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Auth } from './auth/auth';
import type { ComplaintChange } from './modules/complaints/complaints.service';
import type { NotificationsService } from './modules/notifications/notifications.service';

export const userRoom = (userId: string) => `user:${userId}`;
/** Staff and admins: every complaint change reaches their dashboards. */
export const STAFF_ROOM = 'staff';

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
    redisUrl?: string;
  },
) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
  });

  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redis = [pub, sub];
  }

  io.use(async (socket, next) => {
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(socket.handshake.headers)) if (typeof v === 'string') headers.set(k, v);
      const token = socket.handshake.auth?.token;
      if (typeof token === 'string' && token) headers.set('authorization', `Bearer ${token}`);
      const session = await deps.auth.api.getSession({ headers });
      if (!session) return next(new Error('unauthorized'));
      socket.data.userId = session.user.id;
      socket.data.role = (session.user as { role?: string }).role ?? 'passenger';
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    socket.join(userRoom(socket.data.userId as string));
    if (socket.data.role === 'staff' || socket.data.role === 'admin') socket.join(STAFF_ROOM);
  });

  const offNotifications = deps.notifications.onCreated((userId, notification) => {
    io.to(userRoom(userId)).emit('notification:new', notification);
  });
  const onComplaint = (c: ComplaintChange) => {
    const rooms = [STAFF_ROOM, ...(c.passengerId ? [userRoom(c.passengerId)] : [])];
    io.to(rooms).emit('complaint:changed', { reference: c.reference, status: c.status });
  };
  deps.complaintChanges.on('change', onComplaint);
  const onTraining = (status: TrainingStatus) => io.to(STAFF_ROOM).emit('classifier:training', status);
  deps.classifierEvents.on('training', onTraining);
  const unsubscribe = () => {
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
