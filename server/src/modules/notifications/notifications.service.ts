import type { Notification, NotificationKind } from '@railmadad/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notification, user } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NotificationsService = ReturnType<typeof createNotificationsService>;
type Listener = (userId: string, notification: Notification) => void;

const toDto = (row: typeof notification.$inferSelect): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  params: row.params,
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Stores each notification, then hands it to the live channel (socket.io) for the bell. */
export function createNotificationsService(db: Db) {
  const listeners = new Set<Listener>();

  /**
   * Writes a notification with `executor` (the caller's transaction); `publish`, once it has committed, rings the
   * bell live. A bell never rings for a change that was rolled back.
   */
  async function write(executor: Db | Tx, userId: string, kind: NotificationKind, params: Record<string, string> = {}, link: string | null = null) {
    const bell = draft(executor, userId, kind, params, link);
    const [row] = await bell.insert;
    return bell.written(row.createdAt);
  }

  /** A stored notification's answer: its DTO, and `publish` to ring the bell once its transaction has committed. */
  function written(row: typeof notification.$inferSelect) {
    const dto = toDto(row);
    const publish = () => {
      for (const listener of listeners) listener(row.userId, dto);
    };
    return { dto, publish };
  }

  /**
   * `write` for a caller that runs the insert inside a statement of its own (complaint-notifier.ts reads the person's
   * settings in the same round trip): the insert, to go in a `with`, and what gives `write`'s answer from its time.
   * With `createdAt` given, the row has that time rather than the database's: a caller may then run the insert
   * where its answer is not read (in a later statement's `with`).
   */
  function draft(executor: Db | Tx, userId: string, kind: NotificationKind, params: Record<string, string> = {}, link: string | null = null, createdAt?: Date) {
    const id = newId();
    return {
      insert: executor.insert(notification).values({ id, userId, kind, params, link, createdAt }).returning({ createdAt: notification.createdAt }),
      written: (createdAt: Date) => written({ id, userId, kind, params, link, readAt: null, createdAt }),
    };
  }

  /** As `write`, to everyone with a role (every admin's bell), in one statement; ordered by user as one by one was. */
  async function writeToRole(executor: Db | Tx, role: string, kind: NotificationKind, params: Record<string, string>, link: string | null) {
    const rows = await executor
      .insert(notification)
      .select(
        executor
          .select({ id: sql<string>`translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`.as('id'), userId: user.id, kind: sql<string>`${kind}`.as('kind'), params: sql`${JSON.stringify(params)}::jsonb`.as('params'), link: sql<string | null>`${link}`.as('link'), readAt: sql<Date | null>`null::timestamptz`.as('read_at'), createdAt: sql<Date>`now()`.as('created_at') })
          .from(user)
          .where(eq(user.role, role)),
      )
      .returning();
    return rows.map(written);
  }

  return {
    onCreated(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    write,

    draft,

    writeToRole,

    async notify(userId: string, kind: NotificationKind, params: Record<string, string> = {}, link: string | null = null) {
      const { dto, publish } = await write(db, userId, kind, params, link);
      publish();
      return dto;
    },

    async list(userId: string, limit = 30) {
      const [items, [{ unread }]] = await Promise.all([
        db
          .select()
          .from(notification)
          .where(eq(notification.userId, userId))
          .orderBy(desc(notification.createdAt), desc(notification.id))
          .limit(limit),
        db
          .select({ unread: count() })
          .from(notification)
          .where(and(eq(notification.userId, userId), isNull(notification.readAt))),
      ]);
      return { items: items.map(toDto), unread };
    },

    /** Marks one (by id) or all of a user's notifications read; never touches another user's. */
    async markRead(userId: string, id?: string) {
      const mine = eq(notification.userId, userId);
      await db
        .update(notification)
        .set({ readAt: new Date() })
        .where(and(mine, isNull(notification.readAt), id ? eq(notification.id, id) : undefined));
    },
  };
}
