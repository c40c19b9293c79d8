import {
  COMPLAINT_PHOTO_MAX_SIDE,
  COMPLAINT_PHOTO_QUALITY,
  type ComplaintDetail,
  type ComplaintStats,
  type ComplaintStatus,
  type ComplaintSummary,
  type ComplaintType,
  type CloseReason,
  type ComplaintFeedback,
  type ComplaintList,
  complaintListQuerySchema,
  type complaintPatchSchema,
  newComplaintSchema,
  isOpenStatus,
  OPEN_COMPLAINT_STATUSES,
  REOPEN_WINDOW_DAYS,
  staffMoves,
  type Prediction,
  type Role,
  type Severity,
} from '@railmadad/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { complaint, complaintEvent, complaintFigures, complaintMoves, complaintPhoto, complaintTotals, feedback, file, user } from '../../db/schema';
import { canReopen, STATUS_WORDS } from '../../lib/complaint-rules';
import { AppError } from '../../lib/errors';
import { EXACT_COUNT_MAX, type Total } from '../../lib/keyset';
import { ZONE } from '../../lib/sql';
import { newId } from '../../lib/ids';
import { reencodeImage } from '../../lib/images';
import type { Uploads } from '../files/uploads';
import type { ChangeScope, ComplaintChanges, ComplaintRow, WrittenEvent } from './complaint-changes';
import { assignee, complaintFilters, complaintOrder, complaintSortPlan, overdueSql } from './complaint-filters';
import { overdueCount } from './complaint-figures';
import { countRows, cursorKeyOf, decodeCursor, encodeCursor, timestampOfKey } from './list-paging';

export type Actor = { id: string; role: Role; name: string };

const isStaff = (role: Role) => role === 'staff' || role === 'admin';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type ComplaintsService = ReturnType<typeof createComplaintsService>;

/** The classifier as filing sees it: a call on the text, recorded with the complaint. */
export type FilingClassifier = {
  /** Null when no model could be loaded: the complaint is filed unclassified rather than refused. */
  predict: (text: string) => Promise<Prediction | null>;
  /** The insert that records the call, for the filing's transaction to run (with its last statement). */
  record: (tx: Tx, complaintId: string, chosen: { type: ComplaintType; severity: Severity }, prediction: Prediction) => SQLWrapper & PromiseLike<unknown>;
  afterFiling: (complaintId: string, text: string, prediction: Prediction) => void;
};

export function createComplaintsService(deps: {
  db: Db;
  uploads: Uploads;
  /** The one writer of complaint changes, their timeline and their notices. */
  changes: ComplaintChanges;
  classifier: FilingClassifier;
  /** Auto-assignment, inside the change's own transaction; `known` is the complaint's row when this transaction wrote it. */
  autoAssign?: (scope: ChangeScope, complaintId: string, known?: ComplaintRow) => Promise<{ id: string; name: string; row: ComplaintRow } | null>;
  /** How many rows a list counts exactly before it gives an estimate instead. */
  exactCountMax?: number;
}) {
  const { db, uploads, changes } = deps;
  const summaryColumns = {
    reference: complaint.reference,
    type: complaint.type,
    status: complaint.status,
    severity: complaint.severity,
    emergency: complaint.emergency,
    description: complaint.description,
    trainNumber: complaint.trainNumber,
    pnr: complaint.pnr,
    station: complaint.station,
    createdAt: complaint.createdAt,
    updatedAt: complaint.updatedAt,
    dueAt: complaint.dueAt,
    overdue: overdueSql,
    assigneeId: assignee.id,
    assigneeName: assignee.name,
    photoCount: sql<number>`(select count(*)::int from ${complaintPhoto} where ${complaintPhoto.complaintId} = ${complaint.id})`,
  };
  type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & Record<string, unknown>;

  const toSummary = (r: SummaryRow): ComplaintSummary => ({
    reference: r.reference as string,
    type: r.type as ComplaintType,
    status: r.status as ComplaintStatus,
    severity: r.severity as Severity,
    emergency: r.emergency as boolean,
    description: r.description as string,
    trainNumber: (r.trainNumber as string | null) ?? null,
    pnr: (r.pnr as string | null) ?? null,
    station: (r.station as string | null) ?? null,
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
    dueAt: (r.dueAt as Date).toISOString(),
    overdue: Boolean(r.overdue),
    assignee: r.assigneeId ? { id: r.assigneeId as string, name: r.assigneeName as string } : null,
    photoCount: Number(r.photoCount ?? 0),
  });

  async function findRow(reference: string, executor: Db | Tx = db): Promise<ComplaintRow | undefined> {
    const [row] = await executor.select().from(complaint).where(eq(complaint.reference, reference.toUpperCase())).limit(1);
    return row;
  }

  /** The complaint if this person may see it; another passenger's answers 404, as if it did not exist. */
  async function visibleRow(reference: string, actor: Actor): Promise<ComplaintRow> {
    const row = await findRow(reference);
    if (!row || (!isStaff(actor.role) && row.passengerId !== actor.id)) throw new AppError('not_found', 'Complaint not found.');
    return row;
  }

  /**
   * How many a staff list holds, when it is narrowed only by status, severity, type or "unassigned": the kept figures
   * (complaint-figures.ts) hold exactly those dimensions, so the total is exact and reads at most a few thousand
   * figure rows whatever the table holds (all complaints, or one status: the kept totals, a single row). Null for
   * any other list (a search, an assignee, overdue, a passenger's own), which is counted instead.
   */
  async function keptTotal(actor: Actor, query: z.output<typeof complaintListQuerySchema>): Promise<Total | null> {
    if (!isStaff(actor.role) || query.q?.trim() || query.overdue === 'true' || (query.assignee && query.assignee !== 'none')) return null;
    if (!query.severity && !query.type && !query.assignee) {
      const [kept] = await db
        .select({ n: sql<number>`coalesce(sum(${complaintTotals.complaints}), 0)::int` })
        .from(complaintTotals)
        .where(query.status ? eq(complaintTotals.status, query.status) : undefined);
      return { total: Number(kept?.n ?? 0), exact: true };
    }
    const [kept] = await db
      .select({ n: sql<number>`coalesce(sum(${complaintFigures.complaints}), 0)::int` })
      .from(complaintFigures)
      .where(
        and(
          query.status ? eq(complaintFigures.status, query.status) : undefined,
          query.severity ? eq(complaintFigures.severity, query.severity) : undefined,
          query.type ? eq(complaintFigures.type, query.type) : undefined,
          query.assignee === 'none' ? eq(complaintFigures.assigned, false) : undefined,
        ),
      );
    return { total: Number(kept?.n ?? 0), exact: true };
  }

  const reopenWindow = () => new AppError('conflict', `A complaint can be reopened within ${REOPEN_WINDOW_DAYS} days of being resolved.`);

  /** Reopened with nobody to handle it: auto-assignment looks for someone in the same transaction. */
  async function reopenIn(scope: ChangeScope, row: ComplaintRow, change: Parameters<ChangeScope['change']>[1]) {
    const reopened = await scope.change(row, { ...change, status: 'reopened' });
    if (!reopened.assigneeId) await deps.autoAssign?.(scope, reopened.id);
  }

  /**
   * What filing already knows of the complaint it has just written (its assignee, its photos, the passenger who filed
   * it, its timeline as the filing transaction wrote it, no rating yet): `detail` then reads nothing.
   */
  type Fresh = {
    assignee: { id: string; name: string } | null;
    photos: { id: string; width: number | null; height: number | null }[];
    passenger: { id: string; name: string };
    events: WrittenEvent[];
  };

  /** The timeline's rows for written events whose actors are known: the one acting, or the system (null). */
  const knownTimeline = (events: WrittenEvent[], actor: Actor, staffView: boolean) =>
    events.every((e) => e.actorId === null || e.actorId === actor.id)
      ? events
          .filter((e) => staffView || !e.internal)
          .map((e) => ({ e, actorName: e.actorId ? actor.name : null, actorRole: e.actorId ? (actor.role as string) : null }))
      : null;

  async function detail(row: ComplaintRow, actor: Actor, fresh?: Fresh): Promise<ComplaintDetail> {
    const staffView = isStaff(actor.role);
    const actorUser = alias(user, 'actor');
    const freshSummary = (): SummaryRow => ({
      ...row,
      overdue: row.dueAt.getTime() < Date.now() && isOpenStatus(row.status),
      assigneeId: fresh?.assignee?.id ?? null,
      assigneeName: fresh?.assignee?.name ?? null,
      photoCount: fresh?.photos.length ?? 0,
    });
    const written = fresh ? knownTimeline(fresh.events, actor, staffView) : null;
    const [summaryRows, photos, events, rating, passenger] = await Promise.all([
      fresh ? [freshSummary()] : db.select(summaryColumns).from(complaint).leftJoin(assignee, eq(assignee.id, complaint.assigneeId)).where(eq(complaint.id, row.id)),
      fresh
        ? fresh.photos
        : db
            .select({ id: file.id, width: file.width, height: file.height })
            .from(complaintPhoto)
            .innerJoin(file, eq(file.id, complaintPhoto.fileId))
            .where(eq(complaintPhoto.complaintId, row.id))
            .orderBy(asc(complaintPhoto.position)),
      written ??
        db
          .select({ e: complaintEvent, actorName: actorUser.name, actorRole: actorUser.role })
          .from(complaintEvent)
          .leftJoin(actorUser, eq(actorUser.id, complaintEvent.actorId))
          .where(and(eq(complaintEvent.complaintId, row.id), staffView ? undefined : eq(complaintEvent.internal, false)))
          .orderBy(asc(complaintEvent.seq)),
      fresh ? [] : db.select({ rating: feedback.rating }).from(feedback).where(eq(feedback.complaintId, row.id)).limit(1),
      fresh ? [fresh.passenger] : row.passengerId ? db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, row.passengerId)) : Promise.resolve([]),
    ]);
    const status = row.status as ComplaintStatus;
    return {
      ...toSummary(summaryRows[0] as SummaryRow),
      location: row.location,
      incidentDate: row.incidentDate,
      utsNumber: row.utsNumber,
      mobile: staffView || row.passengerId === actor.id ? row.mobile : null,
      passenger: staffView ? (passenger[0] ?? null) : null,
      firstResponseDueAt: iso(row.firstResponseDueAt),
      resolvedAt: iso(row.resolvedAt),
      closedAt: iso(row.closedAt),
      closeReason: (row.closeReason as CloseReason | null) ?? null,
      photos: photos.map((p) => ({ url: `/api/files/${p.id}`, width: p.width, height: p.height })),
      timeline: events.map(({ e, actorName, actorRole }) => ({
        id: e.id,
        kind: e.kind as ComplaintDetail['timeline'][number]['kind'],
        fromStatus: (e.fromStatus as ComplaintStatus | null) ?? null,
        toStatus: (e.toStatus as ComplaintStatus | null) ?? null,
        note: e.note,
        internal: e.internal,
        // A passenger sees "Staff" rather than a staff member's name on their timeline.
        actor: actorName ? { name: staffView || actorRole === 'passenger' ? actorName : 'Rail Madad', role: actorRole ?? 'passenger' } : null,
        createdAt: e.createdAt.toISOString(),
      })),
      rating: rating[0]?.rating ?? null,
      canReopen: row.passengerId === actor.id && canReopen(row),
      allowedMoves: staffView ? staffMoves(status) : [],
    };
  }

  async function computeStats(actor: Actor): Promise<ComplaintStats> {
    if (actor.role === 'passenger') return passengerStats(actor);
    // Staff-wide: the kept figures (a row per status, one per day and status for the moves) and the open work,
    // which is a few percent of all complaints and read through indexes that hold only it.
    // One statement, one connection and one round trip for all of it: the figures come back as JSON arrays.
    const recent = sql`(now() at time zone ${ZONE})::date - 30`;
    const [cards] = await db
      .select({
        byStatus: sql<{ status: string; n: number }[]>`(select coalesce(json_agg(json_build_object('status', ${complaintTotals.status}, 'n', ${complaintTotals.complaints})), '[]') from ${complaintTotals})`,
        moves: sql<{ status: string; recent: number; before: number }[]>`(select coalesce(json_agg(json_build_object('status', m.status, 'recent', m.recent, 'before', m.before)), '[]') from (
          select ${complaintMoves.status} as status,
            coalesce(sum(${complaintMoves.moves}) filter (where ${complaintMoves.day} > ${recent}), 0)::int as recent,
            coalesce(sum(${complaintMoves.moves}) filter (where ${complaintMoves.day} <= ${recent}), 0)::int as before
          from ${complaintMoves} where ${complaintMoves.day} > ${recent} - 30 group by ${complaintMoves.status}) m)`,
        overdue: overdueCount,
        emergencies: sql<number>`(select count(*) from ${complaint} where ${complaint.queueRank} = 0)::int`,
      })
      .from(sql`(select 1) as one`);
    const { byStatus, moves, ...extra } = cards;
    return cardsOf(byStatus, moves, extra);
  }

  /** A passenger's own complaints: few enough to count as they are. */
  async function passengerStats(actor: Actor): Promise<ComplaintStats> {
    const mine = eq(complaint.passengerId, actor.id);
    const [byStatus, moves, [extra]] = await Promise.all([
      db.select({ status: complaint.status, n: count() }).from(complaint).where(mine).groupBy(complaint.status),
      db
        .select({
          status: complaintEvent.toStatus,
          recent: sql<number>`count(*) filter (where ${complaintEvent.createdAt} >= now() - interval '30 days')::int`,
          before: sql<number>`count(*) filter (where ${complaintEvent.createdAt} < now() - interval '30 days')::int`,
        })
        .from(complaintEvent)
        .where(
          and(
            inArray(complaintEvent.complaintId, db.select({ id: complaint.id }).from(complaint).where(mine)),
            sql`${complaintEvent.toStatus} is not null`,
            sql`${complaintEvent.createdAt} >= now() - interval '60 days'`,
          ),
        )
        .groupBy(complaintEvent.toStatus),
      db
        .select({
          overdue: sql<number>`count(*) filter (where ${complaint.dueAt} < now())::int`,
          emergencies: sql<number>`count(*) filter (where ${complaint.queueRank} = 0)::int`,
        })
        .from(complaint)
        // Only work still open can be overdue or a waiting emergency.
        .where(and(mine, inArray(complaint.status, [...OPEN_COMPLAINT_STATUSES]))),
    ]);
    return cardsOf(byStatus, moves, extra);
  }

  function cardsOf(
    byStatus: { status: string; n: number }[],
    moves: { status: string | null; recent: number; before: number }[],
    extra: { overdue: number; emergencies: number } | undefined,
  ): ComplaintStats {
    const countOf = (s: ComplaintStatus) => byStatus.find((r) => r.status === s)?.n ?? 0;
    const changeOf = (s: ComplaintStatus) => {
      const m = moves.find((r) => r.status === s);
      if (!m?.before) return null;
      return Math.round(((m.recent - m.before) / m.before) * 1000) / 10;
    };
    const cards = (['open', 'in_progress', 'resolved', 'closed'] as const).map((status) => ({
      status,
      // Reopened complaints are open work again: they count in the Open card.
      count: status === 'open' ? countOf('open') + countOf('reopened') : countOf(status),
      change: changeOf(status),
    }));
    return { cards, overdue: extra?.overdue ?? 0, emergencies: extra?.emergencies ?? 0 };
  }

  return {
    /**
     * Files a complaint with its photos. A retry with the same idempotency key returns the first
     * complaint (and `created: false`), whatever happened to the first answer on the way back.
     */
    async file(actor: Actor, input: unknown, photos: Buffer[], options: { idempotencyKey?: string; language?: string } = {}) {
      const key = options.idempotencyKey;
      if (key) {
        const [existing] = await db.select().from(complaint).where(and(eq(complaint.passengerId, actor.id), eq(complaint.idempotencyKey, key))).limit(1);
        if (existing) return { complaint: await detail(existing, actor), created: false };
      }
      const parsed = newComplaintSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
        const [field, code] = Object.entries(fields)[0];
        throw new AppError('validation_failed', `${field}: ${code}`, fields);
      }
      const c = parsed.data as z.output<typeof newComplaintSchema>;
      // Decode and re-encode every photo before anything is written: a bad one fails the whole filing.
      const encoded: Awaited<ReturnType<typeof reencodeImage>>[] = [];
      for (const bytes of photos) encoded.push(await reencodeImage(bytes, COMPLAINT_PHOTO_MAX_SIDE, COMPLAINT_PHOTO_QUALITY));

      // The model reads every complaint: an emergency it sees is High and first in every queue,
      // whatever type or severity the passenger picked (they keep their type; staff review it).
      const prediction = await deps.classifier.predict(c.description);
      const emergency = prediction?.emergency ?? false;
      const severity: Severity = emergency ? 'high' : c.severity;
      const id = newId();
      const fileIds = encoded.map(() => newId());
      const keys = fileIds.map((f) => `complaints/${f}.jpg`);
      await uploads.put(encoded.map((img, i) => ({ key: keys[i], fileId: fileIds[i], bytes: img.bytes, contentType: img.contentType })));
      let row: ComplaintRow;
      let assignedTo: { id: string; name: string } | null = null;
      let events: WrittenEvent[] = [];
      try {
        // One transaction: the complaint, its photos, its timeline, its notices and its assignment, or none of them.
        row = await changes.transaction(async (scope) => {
          const { tx } = scope;
          const filed = await scope.file(
            {
              id,
              passengerId: actor.id,
              type: c.type,
              severity,
              emergency,
              trainNumber: c.trainNumber ?? null,
              pnr: c.pnr ?? null,
              utsNumber: c.utsNumber ?? null,
              station: c.station ?? null,
              location: c.location,
              incidentDate: c.incidentDate,
              description: c.description,
              mobile: c.mobile ?? null,
              language: options.language ?? 'en',
              idempotencyKey: key ?? null,
            },
            actor,
          );
          for (const [i, img] of encoded.entries()) {
            await tx.insert(file).values({ id: fileIds[i], ownerId: actor.id, purpose: 'complaint', contentType: img.contentType, size: img.bytes.length, width: img.width, height: img.height });
            await tx.insert(complaintPhoto).values({ complaintId: id, fileId: fileIds[i], position: i });
          }
          await uploads.settle(tx, keys);
          if (prediction) await scope.later(deps.classifier.record(tx, id, { type: c.type, severity: c.severity }, prediction));
          // The row just written is this transaction's: auto-assignment need not read it again, nor filing after it.
          const chosen = (await deps.autoAssign?.(scope, id, filed)) ?? null;
          const assigned = chosen?.row ?? filed;
          // An emergency has already rung every admin's bell; any other complaint left without anyone does now.
          if (!assigned.assigneeId && !emergency) await scope.alertAdmins(assigned, 'complaint_unassigned');
          assignedTo = chosen ? { id: chosen.id, name: chosen.name } : null;
          events = scope.eventsOf(id);
          return assigned;
        }, { outboxLast: true });
      } catch (error) {
        await uploads.discard(keys);
        // Two retries racing with one key: the loser returns the winner's complaint.
        if (key && /complaint_idempotency_idx|duplicate key/.test(String((error as Error).message) + String((error as { cause?: Error }).cause?.message))) {
          const [existing] = await db.select().from(complaint).where(and(eq(complaint.passengerId, actor.id), eq(complaint.idempotencyKey, key))).limit(1);
          if (existing) return { complaint: await detail(existing, actor), created: false };
        }
        throw error;
      }
      if (prediction) deps.classifier.afterFiling(row.id, c.description, prediction);
      const fresh: Fresh = {
        assignee: assignedTo,
        photos: encoded.map((img, i) => ({ id: fileIds[i], width: img.width, height: img.height })),
        passenger: { id: actor.id, name: actor.name },
        events,
      };
      return { complaint: await detail(row, actor, fresh), created: true };
    },

    /**
     * One page of a complaint list. Long lists page by cursor ("the rows after this one"), so
     * every page is an index range scan (or, for a search of few rows, those rows sorted); the
     * total is counted only up to a limit and estimated past it. `page` still works without a cursor, for the short lists that number their pages.
     */
    async list(actor: Actor, rawQuery: unknown): Promise<ComplaintList> {
      const query = complaintListQuerySchema.parse(rawQuery);
      const { where } = await complaintFilters(db, query, actor);
      const plan = complaintSortPlan(query.sort);
      const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, plan.groups.length) : null;
      const size = query.pageSize;
      const columns = { ...summaryColumns, id: complaint.id, queueRank: complaint.queueRank, cursorKey: cursorKeyOf(plan.key) };
      /** (key, id) in the order's direction (`step` 1) or against it (-1): how a walk reads forwards and back. */
      const keyOrder = (key: SQLWrapper, id: SQLWrapper, step: 1 | -1) => ((plan.dir === 'asc') === (step === 1) ? [asc(key), asc(id)] : [desc(key), desc(id)]);
      const rowsWhere = (condition: SQL | undefined) => db.select(columns).from(complaint).leftJoin(assignee, eq(assignee.id, complaint.assigneeId)).where(condition);
      const read = (condition: SQL | undefined, order: SQL[], limit: number, offset = 0) =>
        rowsWhere(and(where, condition))
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
      type Row = Awaited<ReturnType<typeof read>>[number];

      /** The groups from `from` on (or back), until `limit` rows are found: one short index scan each. */
      const walk = async (from: number, step: 1 | -1, first: SQL | undefined, limit: number) => {
        const rows: Row[] = [];
        for (let g = from; g >= 0 && g < plan.groups.length && rows.length < limit; g += step) {
          // A group that cannot match is not read: with nothing to find, its index would be walked to the end.
          if (query.severity && plan.severityOf && plan.severityOf(g) !== query.severity) continue;
          rows.push(...(await read(and(plan.groups[g], g === from ? first : undefined), keyOrder(plan.key, complaint.id, step), limit - rows.length)));
        }
        return rows;
      };

      // Which of the order's groups a row is in; null for none, a row the walk never reads either.
      const groupOf = sql<number>`case ${sql.join(
        plan.groups.map((group, i) => sql`when ${group} then ${sql.raw(String(i))}`),
        sql` `,
      )} end`;
      const groupOrder = (group: SQLWrapper, step: 1 | -1) => (step === 1 ? asc(group) : desc(group));
      /**
       * What `walk` finds, for a search that matches few rows. No index holds a search in the list's order, so its
       * walk reads each group's index row by row until a page has matched: for a rare word, every group to its end,
       * seconds at millions of complaints. Here the matching rows are found through the search's own indexes (the
       * trigrams, the reference, the PNR), behind OFFSET 0 so that the planner cannot turn the sort back into that
       * walk, and only they are sorted: at most the count's bound, whatever the table holds. The cursor bounds them
       * as it bounds the walk (the groups past `from`, and in `from` the rows past `first`), and they come in the
       * walk's order, group by group, then (key, id), so both give the same rows, pages and cursors.
       */
      const gather = async (from: number, step: 1 | -1, first: SQL | undefined, limit: number) => {
        const later = step === 1 ? sql`${groupOf} > ${from}` : sql`${groupOf} < ${from}`;
        const matched = db
          .select({ id: complaint.id, group: sql<number>`${groupOf}`.as('grp'), key: sql`${plan.key}`.as('sort_key') })
          .from(complaint)
          .where(and(where, or(later, and(sql`${groupOf} = ${from}`, first))))
          .offset(0)
          .as('matched');
        const page = db
          .select({ id: matched.id })
          .from(matched)
          .orderBy(groupOrder(matched.group, step), ...keyOrder(matched.key, matched.id, step))
          .limit(limit);
        return rowsWhere(inArray(complaint.id, page)).orderBy(groupOrder(groupOf, step), ...keyOrder(plan.key, complaint.id, step));
      };
      // A row value comparison: the index takes it whole as where its range starts.
      const beyond = (c: NonNullable<typeof cursor>, later: boolean) =>
        later === (plan.dir === 'asc') ? sql`(${plan.key}, ${complaint.id}) > (${timestampOfKey(c.key)}, ${c.id})` : sql`(${plan.key}, ${complaint.id}) < (${timestampOfKey(c.key)}, ${c.id})`;

      // A list the kept figures cannot total is counted, up to a bound, before its rows: the same count tells a
      // search that matches few rows, to be gathered rather than walked.
      const kept = await keptTotal(actor, query);
      const counted = kept ?? (await countRows(db, db.select({ one: sql`1` }).from(complaint).where(where).getSQL(), deps.exactCountMax ?? EXACT_COUNT_MAX));
      const find = query.q?.trim() && counted.exact ? gather : walk;

      let rows: Row[];
      let hasNext: boolean;
      let hasPrev: boolean;
      if (cursor?.dir === 'prev') {
        const found = await find(cursor.group, -1, beyond(cursor, false), size + 1);
        hasPrev = found.length > size;
        rows = found.slice(0, size).reverse();
        hasNext = true;
        // Back at the start with a short page (rows left the list meanwhile): the first page, full.
        if (!hasPrev && rows.length < size) {
          const first = await find(0, 1, undefined, size + 1);
          hasNext = first.length > size;
          rows = first.slice(0, size);
        }
      } else if (cursor) {
        const found = await find(cursor.group, 1, beyond(cursor, true), size + 1);
        hasNext = found.length > size;
        rows = found.slice(0, size);
        hasPrev = true;
      } else if (query.page > 1) {
        const found = await read(undefined, complaintOrder(query.sort), size + 1, (query.page - 1) * size);
        hasNext = found.length > size;
        rows = found.slice(0, size);
        hasPrev = true;
      } else {
        const found = await find(0, 1, undefined, size + 1);
        hasNext = found.length > size;
        rows = found.slice(0, size);
        hasPrev = false;
      }
      const cursorOf = (row: Row | undefined, dir: 'next' | 'prev') =>
        row ? encodeCursor({ sort: query.sort, group: plan.groupOf({ queueRank: Number(row.queueRank), severity: row.severity }), key: row.cursorKey, id: row.id, dir }) : null;
      // Past the bound, never fewer than the rows already shown.
      const { total, exact } = counted.exact ? counted : { total: Math.max(counted.total, rows.length + (hasNext ? 1 : 0)), exact: false };
      return {
        items: rows.map((r) => toSummary(r as SummaryRow)),
        total,
        exact,
        page: query.page,
        pageSize: size,
        next: hasNext ? cursorOf(rows.at(-1), 'next') : null,
        prev: hasPrev ? cursorOf(rows[0], 'prev') : null,
      };
    },

    async get(actor: Actor, reference: string) {
      return detail(await visibleRow(reference, actor), actor);
    },

    /** Staff change status, assignee or add a note; every change is an event in the same transaction. */
    async change(actor: Actor, reference: string, patch: z.output<typeof complaintPatchSchema>) {
      const before = await visibleRow(reference, actor);
      const from = before.status as ComplaintStatus;
      const to = patch.status;
      if (to && to !== from) {
        if (!staffMoves(from).includes(to)) {
          throw new AppError('conflict', `A complaint that is ${STATUS_WORDS[from]} cannot be moved to ${STATUS_WORDS[to]}.`);
        }
        if (to === 'closed' && !patch.closeReason) throw new AppError('validation_failed', 'closeReason: close_reason_required', { closeReason: 'close_reason_required' });
        if (to === 'closed' && (patch.closeReason === 'duplicate' || patch.closeReason === 'invalid') && actor.role !== 'admin') {
          throw new AppError('forbidden', 'Only an admin can close a complaint as duplicate or invalid.');
        }
      }
      let newAssignee: { id: string; name: string } | null | undefined;
      if (patch.assigneeId !== undefined && patch.assigneeId !== before.assigneeId) {
        if (patch.assigneeId === null) newAssignee = null;
        else {
          const [candidate] = await db.select({ id: user.id, name: user.name, role: user.role, banned: user.banned }).from(user).where(eq(user.id, patch.assigneeId));
          if (!candidate || !isStaff(candidate.role as Role) || candidate.banned) throw new AppError('validation_failed', 'assigneeId: not a staff account', { assigneeId: 'assignee_invalid' });
          newAssignee = candidate;
        }
      }
      const after = await changes.transaction(async (scope) => {
        // The row is locked so two staff changing one complaint at once cannot both pass the check.
        const current = await scope.lock(before.id);
        if (!current || current.status !== before.status) throw new AppError('conflict', 'Someone else changed this complaint just now. Please look again.');
        return scope.change(current, { actor, status: to, closeReason: patch.closeReason, note: patch.note, internal: patch.internal, assignee: newAssignee });
      });
      return detail(after, actor);
    },

    /**
     * The passenger rates a resolved complaint. The rating closes it; or, when it is a low one and the passenger
     * chooses to, it reopens the complaint with their reason instead, in the same transaction.
     */
    async rate(actor: Actor, reference: string, input: ComplaintFeedback) {
      const row = await visibleRow(reference, actor);
      if (row.passengerId !== actor.id) throw new AppError('forbidden', 'Only the passenger who filed a complaint can rate it.');
      if (row.status !== 'resolved') throw new AppError('conflict', 'Only a resolved complaint can be rated.');
      if (input.reopen && !canReopen(row)) throw reopenWindow();
      const message = input.message ?? '';
      await changes.transaction(async (scope) => {
        const { tx } = scope;
        const current = await scope.lock(row.id);
        if (current?.status !== 'resolved') throw new AppError('conflict', 'Only a resolved complaint can be rated.');
        // The rating is the work of whoever resolved it, even if the complaint has changed hands since.
        const [resolution] = await tx
          .select({ actorId: complaintEvent.actorId })
          .from(complaintEvent)
          .where(and(eq(complaintEvent.complaintId, row.id), eq(complaintEvent.kind, 'status'), eq(complaintEvent.toStatus, 'resolved')))
          .orderBy(desc(complaintEvent.seq))
          .limit(1);
        const creditedTo = resolution?.actorId ?? current.assigneeId;
        // A reopened and again resolved complaint is rated again: the new rating replaces the old.
        await tx
          .insert(feedback)
          .values({ id: newId(), complaintId: row.id, subject: row.reference, userId: actor.id, rating: input.rating, message, creditedTo })
          .onConflictDoUpdate({ target: feedback.complaintId, set: { rating: input.rating, message, creditedTo, createdAt: new Date() } });
        const rating = { rating: input.rating, message: input.message };
        if (input.reopen) await reopenIn(scope, current, { actor, rating, note: input.reopen.note });
        else await scope.change(current, { actor, rating, status: 'closed', closeReason: 'feedback' });
      });
      return detail((await findRow(row.reference)) ?? row, actor);
    },

    /** The passenger, unhappy within 7 days of the resolution, reopens the complaint. */
    async reopen(actor: Actor, reference: string, note: string) {
      const row = await visibleRow(reference, actor);
      if (row.passengerId !== actor.id) throw new AppError('forbidden', 'Only the passenger who filed a complaint can reopen it.');
      if (!canReopen(row)) throw reopenWindow();
      await changes.transaction(async (scope) => {
        const current = await scope.lock(row.id);
        if (!current || !canReopen(current)) throw reopenWindow();
        await reopenIn(scope, current, { actor, note });
      });
      return detail((await findRow(row.reference)) ?? row, actor);
    },

    /** Anyone with the reference and the PNR or mobile it was filed with: status and timeline only. */
    async track(reference: string, proof: { pnr?: string; mobile?: string }) {
      // One round trip: the complaint with its public moves, which the proof then has to match.
      const [row] = await db
        .select({
          reference: complaint.reference,
          type: complaint.type,
          status: complaint.status,
          pnr: complaint.pnr,
          mobile: complaint.mobile,
          createdAt: complaint.createdAt,
          updatedAt: complaint.updatedAt,
          timeline: sql<{ kind: 'created' | 'status'; toStatus: ComplaintStatus | null; createdAt: string }[]>`coalesce((
            select json_agg(json_build_object('kind', e.kind, 'toStatus', e.to_status, 'createdAt', e.created_at) order by e.seq)
            from ${complaintEvent} e
            where e.complaint_id = "complaint"."id" and e.kind in ('created', 'status')
          ), '[]'::json)`,
        })
        .from(complaint)
        .where(eq(complaint.reference, reference.toUpperCase()))
        .limit(1);
      const mobileDigits = proof.mobile?.replace(/\D/g, '').slice(-10);
      const matches = row && ((proof.pnr && row.pnr === proof.pnr.trim()) || (mobileDigits && mobileDigits.length === 10 && row.mobile?.replace(/\D/g, '').endsWith(mobileDigits)));
      if (!row || !matches) throw new AppError('not_found', 'No complaints found matching your search.');
      return {
        reference: row.reference,
        type: row.type as ComplaintType,
        status: row.status as ComplaintStatus,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        timeline: row.timeline.map((e) => ({ kind: e.kind, toStatus: e.toStatus ?? null, createdAt: new Date(e.createdAt).toISOString() })),
      };
    },

    /**
     * The dashboard's cards: how many in each status now, and the month-on-month change. Staff read the kept figures,
     * exact at every change on every node, so nothing is cached.
     */
    async stats(actor: Actor) {
      return computeStats(actor);
    },

    /** Staff accounts a complaint can be assigned to. */
    async assignees() {
      return db.select({ id: user.id, name: user.name, role: user.role }).from(user).where(and(inArray(user.role, ['staff', 'admin']), or(isNull(user.banned), eq(user.banned, false)))).orderBy(asc(user.name));
    },
  };
}
