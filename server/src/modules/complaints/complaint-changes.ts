import { EventEmitter } from 'node:events';
import type { CloseReason, ComplaintStatus, ComplaintType, NotificationKind, Role, Severity } from '@railmadad/contract';
import { eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { complaint, complaintEvent } from '../../db/schema';
import { type DueHours, dueFrom, EMERGENCY_FIRST_RESPONSE_MS } from '../../lib/complaint-rules';
import { newId } from '../../lib/ids';
import { FigureChanges, moveDepartment } from './complaint-figures';
import type { AfterCommit, ComplaintNotifier, Notice, Recipient, TellOptions } from './complaint-notifier';

export type ComplaintRow = typeof complaint.$inferSelect;
const complaintColumns = getTableColumns(complaint);

/** What the sockets hear once a change has committed: lists and dashboards refetch. */
export type ComplaintChange = { reference: string; status: string; passengerId: string | null; assigneeId: string | null; previousAssigneeId: string | null };

/** Who makes a change: a signed-in person, or null for the system (auto-assignment). */
export type ChangeActor = { id: string; role: Role } | null;

/**
 * One change to a complaint. The caller has checked that it is allowed (a legal move, the right person); the owner
 * writes it, its timeline and its notices.
 */
export type Change = {
  actor: ChangeActor;
  /** A move to another status; the same status is no move. */
  status?: ComplaintStatus;
  closeReason?: CloseReason;
  /** A note: on the move when there is one and it is public, otherwise an event of its own. */
  note?: string | null;
  internal?: boolean;
  /** Someone new to handle it, or null to take it from whoever has it; with their settings when the caller has them. */
  assignee?: { id: string; name: string; recipient?: Recipient } | null;
  /** The passenger's rating, on the timeline before the move it brings. */
  rating?: { rating: number; message?: string };
  /** A reviewer's settled type and emergency call; a new severity moves the due time with it. */
  type?: ComplaintType;
  emergency?: boolean;
  severity?: Severity;
  /** Staff-only lines on the timeline saying why (a review, a staff member who left). */
  reasons?: string[];
  /**
   * Nothing in the transaction reads this complaint back after the change (a filing's own assignment): when the
   * transaction writes its outbox rows last, the row's update and its events go with them, a round trip fewer.
   */
  later?: boolean;
};

/** A new complaint as filing hands it over: its due times are the owner's to work out. */
export type NewComplaint = Omit<typeof complaint.$inferInsert, 'status' | 'assigneeId' | 'dueAt' | 'firstResponseDueAt' | 'resolvedAt' | 'closedAt' | 'closeReason' | 'queueRank'> & {
  id: string;
  severity: Severity;
};

/** A timeline event as this transaction wrote it: what a read of it back would give, without the read. */
export type WrittenEvent = Pick<typeof complaintEvent.$inferSelect, 'id' | 'complaintId' | 'actorId' | 'kind' | 'fromStatus' | 'toStatus' | 'note' | 'internal' | 'createdAt'>;

/** What code inside `changes.transaction` may do to complaints. */
export type ChangeScope = {
  readonly tx: Tx;
  /** The timeline events this transaction has written for a complaint, in timeline order. */
  eventsOf(complaintId: string): WrittenEvent[];
  /** Reads a complaint and locks it until the commit, so two changes to it cannot both pass their checks. */
  lock(complaintId: string): Promise<ComplaintRow | undefined>;
  /** A new complaint: its row, the "created" event, the passenger's notice and, for an emergency, every admin's bell. */
  file(values: NewComplaint, actor: { id: string }): Promise<ComplaintRow>;
  /** Changes a complaint already locked in this transaction; returns it as it is now. */
  change(row: ComplaintRow, change: Change): Promise<ComplaintRow>;
  /** A write whose answer nobody reads: with the transaction's last statement when it allows, otherwise now. */
  later(write: SQLWrapper & PromiseLike<unknown>): Promise<void>;
  /** Every admin's bell, about a complaint written in this transaction. */
  alertAdmins(row: ComplaintRow, kind: 'complaint_emergency' | 'complaint_unassigned'): Promise<void>;
  /** A staff member's department changes (`apply` writes it): the figures of the complaints they hold follow them. */
  moveDepartment(userId: string, apply: () => Promise<void>): Promise<void>;
};

export type ComplaintChanges = ReturnType<typeof createComplaintChanges>;

/**
 * The one owner of complaint changes. Every change to a complaint's row (filing, status, assignee, type, severity,
 * due times), its timeline event, the SMS and e-mail rows of the outbox and the bell's rows are written here, in the
 * caller's transaction: they commit together or not at all. Only after the commit do sockets hear of it, bells ring
 * live and the outbox worker is woken; a crash in between loses nothing, since the worker finds queued rows itself.
 * The counted figures the dashboards read (complaint-figures.ts) change in the same transaction, written last.
 */
export function createComplaintChanges(deps: { db: Db; notifier: ComplaintNotifier; dueHours: DueHours; log: Pick<FastifyBaseLogger, 'error'> }) {
  const { db, notifier, dueHours } = deps;
  const events = new EventEmitter<{ change: [ComplaintChange] }>();

  function scopeOf(tx: Tx, pending: AfterCommit[], touched: Map<string, ComplaintChange>, figures: FigureChanges, alongside: SQLWrapper[] | null): ChangeScope {
    const written: WrittenEvent[] = [];
    type EventValues = Omit<typeof complaintEvent.$inferInsert, 'seq' | 'createdAt'> & { id: string };
    // The wall clock, not now(): the transaction's start time would be shared by all its events.
    const insertEvents = (events: EventValues[]) => tx.insert(complaintEvent).values(events.map((e) => ({ ...e, createdAt: sql`clock_timestamp()` })));
    /** Events written, at the times the database gave them: written one after another, so in `seq` (timeline) order. */
    const wrote = (events: EventValues[], times: Date[]) => {
      events.forEach((e, i) => {
        written.push({ id: e.id, complaintId: e.complaintId, actorId: e.actorId ?? null, kind: e.kind, fromStatus: e.fromStatus ?? null, toStatus: e.toStatus ?? null, note: e.note ?? null, internal: e.internal ?? false, createdAt: times[i] });
        if (e.toStatus) figures.moved(times[i], e.toStatus);
      });
    };

    const tell = async (userId: string, kind: NotificationKind, params: Record<string, string>, notice: Notice, options?: TellOptions) => {
      // The outbox rows need no answer: when the transaction lets them, they ride in its last statement (FigureChanges.write).
      pending.push(...(await notifier.tellIn(tx, userId, kind, params, notice, options, alongside ? (write) => alongside.push(write) : undefined)));
    };

    const alertAdmins = async (row: ComplaintRow, kind: 'complaint_emergency' | 'complaint_unassigned') => {
      pending.push(...(await notifier.alertAdminsIn(tx, { reference: row.reference }, kind)));
    };

    const touch = (row: ComplaintRow, previousAssigneeId: string | null) => {
      const earlier = touched.get(row.id);
      touched.set(row.id, {
        reference: row.reference,
        status: row.status,
        passengerId: row.passengerId,
        assigneeId: row.assigneeId,
        previousAssigneeId: earlier ? earlier.previousAssigneeId : previousAssigneeId,
      });
    };

    /** Who hears of a change: the passenger of what staff did, the assignee of what the passenger did, a new assignee of the assignment. */
    async function noticesOf(before: ComplaintRow, after: ComplaintRow, c: Change) {
      const params = { reference: after.reference };
      const moved = after.status !== before.status ? (after.status as ComplaintStatus) : null;
      const byPassenger = c.actor?.role === 'passenger' && c.actor.id === before.passengerId;
      const publicNote = c.note && !c.internal ? c.note : null;
      if (after.passengerId && !byPassenger) {
        if (moved === 'resolved') {
          await tell(after.passengerId, 'complaint_resolved', params, {
            key: publicNote ? 'resolvedWithNote' : 'resolved',
            params: publicNote ? { ...params, note: publicNote } : params,
            mobile: after.mobile,
          });
        } else if (moved) {
          const status = (t: (key: string) => string) => t(`status.${moved}`);
          await tell(after.passengerId, 'complaint_status', { ...params, status: moved }, { key: 'status', params: { ...params, status }, mobile: after.mobile });
        } else if (publicNote) {
          await tell(after.passengerId, 'complaint_note', params, { key: 'note', params: { ...params, note: publicNote }, mobile: after.mobile });
        }
      }
      // The assignee who held it through the passenger's move: a new assignee is told of the assignment instead.
      if (byPassenger && moved && after.assigneeId && after.assigneeId === before.assigneeId) {
        const notice: Notice =
          moved === 'reopened'
            ? { key: 'reopened', params: { ...params, note: c.note ?? '' } }
            : c.rating
              ? { key: 'rated', params: { ...params, rating: c.rating.rating } }
              : { key: 'status', params: { ...params, status: (t) => t(`status.${moved}`) } };
        await tell(after.assigneeId, 'complaint_status', { ...params, status: moved }, notice);
      }
      if (c.assignee && c.assignee.id !== before.assigneeId && c.assignee.id !== c.actor?.id) {
        // An emergency reaches its assignee by SMS at once, whatever their settings say.
        await tell(c.assignee.id, 'complaint_assigned', params, { key: after.emergency ? 'assignedEmergency' : 'assigned', params }, { forceSms: after.emergency, recipient: c.assignee.recipient });
      }
    }

    return {
      tx,

      eventsOf: (complaintId) => written.filter((e) => e.complaintId === complaintId),

      async lock(complaintId) {
        const [row] = await tx.select().from(complaint).where(eq(complaint.id, complaintId)).for('update');
        return row;
      },

      async file(values, actor) {
        const now = Date.now();
        const emergency = values.emergency ?? false;
        // One round trip: the "created" event is inserted in the complaint's `with`, and its time comes back with the row.
        const created: EventValues = { id: newId(), complaintId: values.id, actorId: actor.id, kind: 'created', toStatus: 'open', note: emergency ? 'Marked as an emergency.' : null };
        const inserted = tx.$with('inserted_events').as(insertEvents([created]).returning({ createdAt: complaintEvent.createdAt }));
        const [filed] = await tx
          .with(inserted)
          .insert(complaint)
          .values({ ...values, dueAt: dueFrom(now, values.severity, dueHours), firstResponseDueAt: emergency ? new Date(now + EMERGENCY_FIRST_RESPONSE_MS) : null })
          .returning({ ...complaintColumns, eventAt: sql<Date>`(select ${inserted.createdAt} from ${inserted})`.mapWith(complaintEvent.createdAt) });
        const { eventAt, ...row } = filed;
        wrote([created], [eventAt]);
        const params = { reference: row.reference };
        if (row.passengerId) await tell(row.passengerId, 'complaint_filed', params, { key: emergency ? 'filedEmergency' : 'filed', params, mobile: row.mobile });
        if (emergency) await alertAdmins(row, 'complaint_emergency');
        figures.filed(row);
        touch(row, null);
        return row;
      },

      async change(before, c) {
        const now = new Date();
        const actorId = c.actor?.id ?? null;
        // The change's events go in the same statement as its row's update.
        const events: EventValues[] = [];
        const addEvent = (e: Omit<EventValues, 'id'>) => void events.push({ id: newId(), ...e });
        const set: Partial<typeof complaint.$inferInsert> = {};
        const to = c.status && c.status !== before.status ? c.status : null;
        const publicNote = c.note && !c.internal ? c.note : null;

        if (c.rating) {
          addEvent({ complaintId: before.id, actorId, kind: 'feedback', note: `${c.rating.rating}/5${c.rating.message ? ` · ${c.rating.message}` : ''}` });
        }
        if (to) {
          set.status = to;
          if (to === 'resolved') set.resolvedAt = now;
          if (to === 'closed') {
            set.closedAt = now;
            set.closeReason = c.closeReason;
          }
          if (to === 'reopened') {
            // Reopened work is due again from now, as if just filed.
            Object.assign(set, { closedAt: null, closeReason: null, dueAt: dueFrom(now, (c.severity ?? before.severity) as Severity, dueHours) });
          }
          addEvent({ complaintId: before.id, actorId, kind: 'status', fromStatus: before.status, toStatus: to, note: publicNote });
        }
        if (c.assignee !== undefined && (c.assignee?.id ?? null) !== before.assigneeId) {
          set.assigneeId = c.assignee?.id ?? null;
          // The assignee's name travels in the note; none reads "Returned to the queue".
          addEvent({ complaintId: before.id, actorId, kind: 'assigned', note: c.assignee?.name ?? null, internal: false });
        }
        if (c.note && (c.internal || !to)) {
          addEvent({ complaintId: before.id, actorId, kind: 'note', note: c.note, internal: c.internal ?? false });
        }
        if (c.type && c.type !== before.type) set.type = c.type;
        if (c.emergency !== undefined && c.emergency !== before.emergency) {
          set.emergency = c.emergency;
          set.firstResponseDueAt = c.emergency ? new Date(now.getTime() + EMERGENCY_FIRST_RESPONSE_MS) : null;
        }
        if (c.severity && c.severity !== before.severity) set.severity = c.severity;
        if (!to && (set.severity || set.emergency !== undefined)) {
          // A new call on its urgency: due from filing, as if it had been made then.
          set.dueAt = dueFrom(before.createdAt, (set.severity ?? before.severity) as Severity, dueHours);
        }
        for (const reason of c.reasons ?? []) addEvent({ complaintId: before.id, actorId, kind: 'note', note: reason, internal: true });

        let after = before;
        if (c.later && alongside && Object.keys(set).length > 0) {
          // Nothing reads the complaint back before the commit: its update and events ride in the transaction's last
          // statement, at the time given here (the timeline orders events by their sequence, not their time).
          after = { ...before, ...set, updatedAt: now } as ComplaintRow;
          alongside.push(tx.update(complaint).set({ ...set, updatedAt: now }).where(eq(complaint.id, before.id)));
          if (events.length > 0) alongside.push(tx.insert(complaintEvent).values(events.map((e) => ({ ...e, createdAt: now }))));
          wrote(events, events.map(() => now));
        } else if (Object.keys(set).length > 0 && events.length > 0) {
          // One round trip: the events are inserted in the update's `with`, and their times come back with the row.
          const inserted = tx.$with('inserted_events').as(insertEvents(events).returning({ id: complaintEvent.id, createdAt: complaintEvent.createdAt }));
          const timeOf = (id: string) => sql<Date>`(select ${inserted.createdAt} from ${inserted} where ${inserted.id} = ${id})`.mapWith(complaintEvent.createdAt);
          const [updated] = await tx
            .with(inserted)
            .update(complaint)
            .set({ ...set, updatedAt: now })
            .where(eq(complaint.id, before.id))
            .returning({ row: complaintColumns, ...Object.fromEntries(events.map((e, i) => [`event${i}`, timeOf(e.id)])) });
          after = updated.row as ComplaintRow;
          wrote(events, events.map((_, i) => (updated as Record<string, unknown>)[`event${i}`] as Date));
        } else if (events.length > 0) {
          const rows = await insertEvents(events).returning({ id: complaintEvent.id, createdAt: complaintEvent.createdAt });
          const timeOf = new Map(rows.map((r) => [r.id, r.createdAt]));
          wrote(events, events.map((e) => timeOf.get(e.id) as Date));
        } else if (Object.keys(set).length > 0) {
          [after] = await tx
            .update(complaint)
            .set({ ...set, updatedAt: now })
            .where(eq(complaint.id, before.id))
            .returning();
        }
        await noticesOf(before, after, c);
        figures.changed(before, after);
        touch(after, before.assigneeId);
        return after;
      },

      alertAdmins,

      async later(write) {
        if (alongside) alongside.push(write);
        else await write;
      },

      moveDepartment: (userId, apply) => moveDepartment(tx, userId, apply),
    };
  }

  /**
   * Runs `work` in one transaction; what it changed is announced only once it has committed. With `outboxLast`, the
   * SMS and e-mail rows of its notices are written with the figures in its last statement rather than as each notice
   * is made: a round trip fewer per notice, for work that does not read the outbox back before the commit (filing).
   */
  async function transaction<T>(work: (scope: ChangeScope) => Promise<T>, options: { outboxLast?: boolean } = {}): Promise<T> {
    const pending: AfterCommit[] = [];
    const touched = new Map<string, ComplaintChange>();
    const result = await db.transaction(async (tx) => {
      const figures = new FigureChanges();
      const alongside: SQLWrapper[] = [];
      const value = await work(scopeOf(tx, pending, touched, figures, options.outboxLast ? alongside : null));
      await figures.write(tx, alongside);
      return value;
    });
    // Committed: the change stands whatever happens to the announcements.
    const announce = (run: () => void) => {
      try {
        run();
      } catch (error) {
        deps.log.error({ err: error }, 'announcing a complaint change failed');
      }
    };
    for (const change of touched.values()) announce(() => events.emit('change', change));
    for (const run of pending) announce(run);
    return result;
  }

  return { transaction, events };
}
