import { isOpenStatus } from '@railmadad/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { complaint, complaintEvent, complaintFigures, complaintMoves, complaintOpenDue, complaintOpenLoad, complaintTotals, staffProfile } from '../../db/schema';
import { OPEN_STATUSES_SQL, ZONE } from '../../lib/sql';
import type { ComplaintRow } from './complaint-changes';

/**
 * The complaints as counted figures (see docs/scale.md): `complaint_figures` per India day of filing × type × severity
 * × status × assignee's department, `complaint_moves` per day × new status, `complaint_totals` per status,
 * `complaint_open_due` the open complaints per hour of their due time, `complaint_open_load` per assignee. The one
 * writer of complaint changes adds each change's difference in the change's own transaction, so the cards and charts
 * read a few hundred rows and are still exact. `recount` says what the figures must be, from the complaints
 * themselves; a test holds the kept figures to it, and `rebuild` replaces them with it.
 *
 * Times are compared to the millisecond, as the application reads them: a resolution time is the difference of two
 * millisecond timestamps, so kept and recounted sums agree exactly.
 */

/** What one complaint adds to its figures row. */
type Contribution = {
  createdAt: Date;
  type: string;
  severity: string;
  status: string;
  assigneeId: string | null;
  dueAt: Date;
  complaints: number;
  resolved: number;
  onTime: number;
  resolutionMs: number;
};

/** Resolved and still so: the complaints the resolution figures count. */
const isResolved = (row: Pick<ComplaintRow, 'status' | 'resolvedAt'>) => row.resolvedAt !== null && (row.status === 'resolved' || row.status === 'closed');

function contributionOf(row: ComplaintRow, sign: 1 | -1): Contribution {
  const resolved = isResolved(row) && row.resolvedAt ? row.resolvedAt : null;
  return {
    createdAt: row.createdAt,
    type: row.type,
    severity: row.severity,
    status: row.status,
    assigneeId: row.assigneeId,
    dueAt: row.dueAt,
    complaints: sign,
    resolved: resolved ? sign : 0,
    onTime: resolved && resolved.getTime() <= row.dueAt.getTime() ? sign : 0,
    resolutionMs: resolved ? sign * (resolved.getTime() - row.createdAt.getTime()) : 0,
  };
}

/**
 * The contributions summed per complaint and figures row, leaving out those that come to nothing. A complaint filed
 * and assigned in one transaction adds to the unassigned row and takes it back: that row is not written (nor locked
 * until the commit, which every filing of the day would otherwise wait on).
 */
function netted(rows: Contribution[]): Contribution[] {
  const sums = new Map<string, Contribution>();
  for (const r of rows) {
    const key = JSON.stringify([r.createdAt.getTime(), r.type, r.severity, r.status, r.assigneeId, r.dueAt.getTime()]);
    const sum = sums.get(key);
    if (!sum) sums.set(key, { ...r });
    else {
      sum.complaints += r.complaints;
      sum.resolved += r.resolved;
      sum.onTime += r.onTime;
      sum.resolutionMs += r.resolutionMs;
    }
  }
  return [...sums.values()].filter((r) => r.complaints !== 0 || r.resolved !== 0 || r.onTime !== 0 || r.resolutionMs !== 0);
}

/** Does this change move the complaint to another figures row, or change what it adds there? */
const sameFigures = (a: ComplaintRow, b: ComplaintRow) =>
  a.type === b.type &&
  a.severity === b.severity &&
  a.status === b.status &&
  a.assigneeId === b.assigneeId &&
  a.resolvedAt?.getTime() === b.resolvedAt?.getTime() &&
  a.dueAt.getTime() === b.dueAt.getTime();

/** The hour a due time falls in, the same in every session's time zone. */
const hourOf = (time: SQL) => sql`date_trunc('hour', (${time})::timestamptz, 'UTC')`;
const dayOf = (time: SQL) => sql`((${time})::timestamptz at time zone ${ZONE})::date`;
const ms = (column: SQL) => sql`(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::bigint`;

/** A transaction's differences to the figures, written together just before it commits. */
export class FigureChanges {
  private readonly rows: Contribution[] = [];
  private readonly moves: { at: Date; status: string }[] = [];

  filed(row: ComplaintRow) {
    this.rows.push(contributionOf(row, 1));
  }

  changed(before: ComplaintRow, after: ComplaintRow) {
    if (sameFigures(before, after)) return;
    this.rows.push(contributionOf(before, -1), contributionOf(after, 1));
  }

  /** A timeline event that moved the complaint into `status`, at the event's own time. */
  moved(at: Date, status: string) {
    this.moves.push({ at, status });
  }

  /**
   * One statement for the three tables. Rows are written in key order, so transactions that touch the same rows
   * take their locks in the same order and cannot deadlock on them; it runs last, so those locks are held only
   * until the commit.
   */
  async write(tx: Tx, alongside: SQLWrapper[] = []) {
    const rows = netted(this.rows);
    if (rows.length === 0 && this.moves.length === 0 && alongside.length === 0) return;
    const figures = rows.length
      ? sql`figures as (
          insert into ${complaintFigures} (day, type, severity, status, assigned, department, complaints, resolved, on_time, resolution_ms)
          select ${dayOf(sql`v.created_at`)}, v.type, v.severity, v.status, v.assignee_id is not null, coalesce(sp.department, ''),
            sum(v.complaints), sum(v.resolved), sum(v.on_time), sum(v.resolution_ms)
          from (values ${sql.join(
            rows.map((r) => sql`(${r.createdAt.toISOString()}, ${r.type}, ${r.severity}, ${r.status}, ${r.assigneeId}::text, ${r.complaints}::int, ${r.resolved}::int, ${r.onTime}::int, ${r.resolutionMs}::bigint)`),
            sql`, `,
          )}) as v(created_at, type, severity, status, assignee_id, complaints, resolved, on_time, resolution_ms)
          left join ${staffProfile} sp on sp.user_id = v.assignee_id
          group by 1, 2, 3, 4, 5, 6
          order by 1, 2, 3, 4, 5, 6
          on conflict (day, type, severity, status, assigned, department) do update set
            complaints = ${complaintFigures}.complaints + excluded.complaints,
            resolved = ${complaintFigures}.resolved + excluded.resolved,
            on_time = ${complaintFigures}.on_time + excluded.on_time,
            resolution_ms = ${complaintFigures}.resolution_ms + excluded.resolution_ms
        ),
        totals as (
          insert into ${complaintTotals} (status, complaints)
          select v.status, sum(v.complaints) from (values ${sql.join(
            rows.map((r) => sql`(${r.status}, ${r.complaints}::int)`),
            sql`, `,
          )}) as v(status, complaints)
          group by 1 order by 1
          on conflict (status) do update set complaints = ${complaintTotals}.complaints + excluded.complaints
        )`
      : null;
    const due = rows.filter((r) => isOpenStatus(r.status));
    const openDue = due.length
      ? sql`open_due as (
          insert into ${complaintOpenDue} (hour, complaints)
          select ${hourOf(sql`v.due_at`)}, sum(v.complaints) from (values ${sql.join(
            due.map((r) => sql`(${r.dueAt.toISOString()}, ${r.complaints}::int)`),
            sql`, `,
          )}) as v(due_at, complaints)
          group by 1 order by 1
          on conflict (hour) do update set complaints = ${complaintOpenDue}.complaints + excluded.complaints
        )`
      : null;
    // Per assignee, leaving out those whose load does not change (a move from open to in progress): their row is
    // neither written nor locked.
    const load = new Map<string, number>();
    for (const r of due) if (r.assigneeId) load.set(r.assigneeId, (load.get(r.assigneeId) ?? 0) + r.complaints);
    const loadRows = [...load].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
    const openLoad = loadRows.length
      ? sql`open_load as (
          insert into ${complaintOpenLoad} (assignee_id, complaints)
          values ${sql.join(
            loadRows.map(([id, n]) => sql`(${id}, ${n}::int)`),
            sql`, `,
          )}
          on conflict (assignee_id) do update set complaints = ${complaintOpenLoad}.complaints + excluded.complaints
        )`
      : null;
    const moves = this.moves.length
      ? sql`moves as (
          insert into ${complaintMoves} (day, status, moves)
          select ${dayOf(sql`v.at`)}, v.status, count(*) from (values ${sql.join(
            this.moves.map((m) => sql`(${m.at.toISOString()}, ${m.status})`),
            sql`, `,
          )}) as v(at, status)
          group by 1, 2 order by 1, 2
          on conflict (day, status) do update set moves = ${complaintMoves}.moves + excluded.moves
        )`
      : null;
    // Writes that need no answer (a change's outbox rows) go in the same statement.
    const others = alongside.map((write, i) => sql`${sql.identifier(`alongside_${i}`)} as (${write.getSQL()})`);
    await tx.execute(sql`with ${sql.join([figures, openDue, openLoad, moves, ...others].filter(Boolean) as SQL[], sql`, `)} select 1`);
  }
}

/** The figures rows as the complaints say they are now; `where` narrows the complaints counted. */
function figuresFromComplaints(where: SQL = sql`true`) {
  const resolved = sql`(c.resolved_at is not null and c.status in ('resolved', 'closed'))`;
  return sql`
    select ${dayOf(sql`c.created_at`)} as day, c.type, c.severity, c.status, c.assignee_id is not null as assigned, coalesce(sp.department, '') as department,
      count(*)::int as complaints,
      (count(*) filter (where ${resolved}))::int as resolved,
      (count(*) filter (where ${resolved} and ${ms(sql`c.resolved_at`)} <= ${ms(sql`c.due_at`)}))::int as on_time,
      coalesce(sum(${ms(sql`c.resolved_at`)} - ${ms(sql`c.created_at`)}) filter (where ${resolved}), 0)::bigint as resolution_ms
    from ${complaint} c
    left join ${staffProfile} sp on sp.user_id = c.assignee_id
    where ${where}
    group by 1, 2, 3, 4, 5, 6`;
}

const movesFromEvents = sql`
  select ${dayOf(sql`created_at`)} as day, to_status as status, count(*)::int as moves
  from ${complaintEvent}
  where to_status is not null
  group by 1, 2`;

export type FigureRow = {
  day: string;
  type: string;
  severity: string;
  status: string;
  assigned: boolean;
  department: string;
  complaints: number;
  resolved: number;
  onTime: number;
  resolutionMs: number;
};
export type Figures = {
  figures: FigureRow[];
  moves: { day: string; status: string; moves: number }[];
  totals: { status: string; complaints: number }[];
  /** Open complaints per hour of their due time, the hour as an ISO time. */
  openDue: { hour: string; complaints: number }[];
  /** Open complaints per assignee. */
  openLoad: { assigneeId: string; complaints: number }[];
};

const rowsOf = async <T>(db: Db | Tx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const asFigure = (r: Record<string, unknown>): FigureRow => ({
  day: String(r.day).slice(0, 10),
  type: r.type as string,
  severity: r.severity as string,
  status: r.status as string,
  assigned: Boolean(r.assigned),
  department: r.department as string,
  complaints: Number(r.complaints),
  resolved: Number(r.resolved),
  onTime: Number(r.on_time ?? r.onTime),
  resolutionMs: Number(r.resolution_ms ?? r.resolutionMs),
});
const byKey = <T>(rows: T[], key: (r: T) => string) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const figureKey = (r: FigureRow) => [r.day, r.type, r.severity, r.status, r.assigned, r.department].join('|');

/** Every figure, kept or recounted, without the rows that have come down to nothing, in one order. */
function normalise(
  figures: FigureRow[],
  moves: Figures['moves'],
  totals: Figures['totals'],
  openDue: { hour: Date | string; complaints: number }[],
  openLoad: { assignee_id: string; complaints: number }[],
): Figures {
  return {
    figures: byKey(
      figures.filter((f) => f.complaints !== 0 || f.resolved !== 0 || f.onTime !== 0 || f.resolutionMs !== 0),
      figureKey,
    ),
    moves: byKey(
      moves.map((m) => ({ day: String(m.day).slice(0, 10), status: m.status, moves: Number(m.moves) })).filter((m) => m.moves !== 0),
      (m) => `${m.day}|${m.status}`,
    ),
    totals: byKey(
      totals.map((t) => ({ status: t.status, complaints: Number(t.complaints) })).filter((t) => t.complaints !== 0),
      (t) => t.status,
    ),
    openDue: byKey(
      openDue.map((d) => ({ hour: new Date(d.hour).toISOString(), complaints: Number(d.complaints) })).filter((d) => d.complaints !== 0),
      (d) => d.hour,
    ),
    openLoad: byKey(
      openLoad.map((l) => ({ assigneeId: l.assignee_id, complaints: Number(l.complaints) })).filter((l) => l.complaints !== 0),
      (l) => l.assigneeId,
    ),
  };
}

/** Open complaints per hour of their due time, as the complaints say. */
const openDueFromComplaints = sql`
  select ${hourOf(sql`due_at`)} as hour, count(*)::int as complaints
  from ${complaint}
  where status in ${OPEN_STATUSES_SQL}
  group by 1`;

/** Open complaints per assignee, as the complaints say. */
const openLoadFromComplaints = sql`
  select assignee_id, count(*)::int as complaints
  from ${complaint}
  where status in ${OPEN_STATUSES_SQL} and assignee_id is not null
  group by 1`;

/** The figures as kept. */
export async function keptFigures(db: Db | Tx): Promise<Figures> {
  const [figures, moves, totals, openDue, openLoad] = await Promise.all([
    rowsOf<Record<string, unknown>>(db, sql`select * from ${complaintFigures}`),
    rowsOf<Figures['moves'][number]>(db, sql`select * from ${complaintMoves}`),
    rowsOf<Figures['totals'][number]>(db, sql`select * from ${complaintTotals}`),
    rowsOf<{ hour: Date; complaints: number }>(db, sql`select * from ${complaintOpenDue}`),
    rowsOf<{ assignee_id: string; complaints: number }>(db, sql`select * from ${complaintOpenLoad}`),
  ]);
  return normalise(figures.map(asFigure), moves, totals, openDue, openLoad);
}

/** The figures as the complaints and their timelines say they are. */
export async function recountFigures(db: Db | Tx): Promise<Figures> {
  const [figures, moves, totals, openDue, openLoad] = await Promise.all([
    rowsOf<Record<string, unknown>>(db, figuresFromComplaints()),
    rowsOf<Figures['moves'][number]>(db, movesFromEvents),
    rowsOf<Figures['totals'][number]>(db, sql`select status, count(*)::int as complaints from ${complaint} group by status`),
    rowsOf<{ hour: Date; complaints: number }>(db, openDueFromComplaints),
    rowsOf<{ assignee_id: string; complaints: number }>(db, openLoadFromComplaints),
  ]);
  return normalise(figures.map(asFigure), moves, totals, openDue, openLoad);
}

/** Replaces the kept figures with a recount, inside `tx`, holding writes to complaints and their timelines meanwhile. */
async function recountInto(tx: Tx) {
  // A change already under way finishes first; the ones after it wait, so none is counted twice or lost.
  await tx.execute(sql`lock table ${complaint}, ${complaintEvent} in share mode`);
  await tx.execute(sql`delete from ${complaintFigures}`);
  await tx.execute(sql`delete from ${complaintMoves}`);
  await tx.execute(sql`delete from ${complaintTotals}`);
  await tx.execute(sql`delete from ${complaintOpenDue}`);
  await tx.execute(sql`delete from ${complaintOpenLoad}`);
  await tx.execute(sql`insert into ${complaintFigures} (day, type, severity, status, assigned, department, complaints, resolved, on_time, resolution_ms) ${figuresFromComplaints()}`);
  await tx.execute(sql`insert into ${complaintMoves} (day, status, moves) ${movesFromEvents}`);
  await tx.execute(sql`insert into ${complaintTotals} (status, complaints) select status, count(*) from ${complaint} group by status`);
  await tx.execute(sql`insert into ${complaintOpenDue} (hour, complaints) ${openDueFromComplaints}`);
  await tx.execute(sql`insert into ${complaintOpenLoad} (assignee_id, complaints) ${openLoadFromComplaints}`);
  // The planner learns the new tables' sizes now, not at autovacuum's next visit: a chart would otherwise be planned
  // as if they were empty.
  await tx.execute(sql`analyze ${complaintFigures}, ${complaintMoves}, ${complaintTotals}, ${complaintOpenDue}, ${complaintOpenLoad}`);
}

/** Replaces the kept figures with a recount (`npm run admin -- figures rebuild`): how many rows each table now has. */
export async function rebuildFigures(db: Db): Promise<{ figures: number; moves: number; totals: number; openDue: number; openLoad: number }> {
  const counts = await db.transaction(async (tx) => {
    await recountInto(tx);
    const [rows] = await rowsOf<{ figures: number; moves: number; totals: number; openDue: number; openLoad: number }>(
      tx,
      sql`select (select count(*) from ${complaintFigures})::int as figures, (select count(*) from ${complaintMoves})::int as moves, (select count(*) from ${complaintTotals})::int as totals, (select count(*) from ${complaintOpenDue})::int as "openDue", (select count(*) from ${complaintOpenLoad})::int as "openLoad"`,
    );
    return rows;
  });
  // Every row was replaced: the old ones are cleared now, or a list's total would read four times the pages until
  // autovacuum came by. (VACUUM cannot run inside the transaction; the recount has analysed the tables already.)
  await db.execute(sql`vacuum ${complaintFigures}, ${complaintMoves}, ${complaintTotals}, ${complaintOpenDue}, ${complaintOpenLoad}`);
  return counts;
}

/**
 * A database whose complaints were never counted (one upgraded from before the figures existed, or filled by a bulk
 * load) is counted once at start. Nodes starting together count it once: the first takes the lock, the others then
 * find it counted.
 */
export async function ensureFigures(db: Db): Promise<boolean> {
  const counted = sql`select exists (select 1 from ${complaintTotals}) as counted, exists (select 1 from ${complaint}) as complaints`;
  const [state] = await rowsOf<{ counted: boolean; complaints: boolean }>(db, counted);
  if (state.counted || !state.complaints) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${complaintTotals} in exclusive mode`);
    const [again] = await rowsOf<{ counted: boolean; complaints: boolean }>(tx, counted);
    if (again.counted || !again.complaints) return false;
    await recountInto(tx);
    return true;
  });
}

/**
 * A staff member's department changes: the figures of the complaints they hold move with them. `apply` makes the
 * change; their complaints are taken out of the figures before it and put back after, under the new department.
 */
export async function moveDepartment(tx: Tx, userId: string, apply: () => Promise<void>) {
  const mine = sql`c.assignee_id = ${userId}`;
  const shift = (sign: '+' | '-') => sql`
    insert into ${complaintFigures} (day, type, severity, status, assigned, department, complaints, resolved, on_time, resolution_ms)
    select day, type, severity, status, assigned, department, ${sql.raw(sign)}complaints, ${sql.raw(sign)}resolved, ${sql.raw(sign)}on_time, ${sql.raw(sign)}resolution_ms
    from (${figuresFromComplaints(mine)}) f
    order by 1, 2, 3, 4, 5, 6
    on conflict (day, type, severity, status, assigned, department) do update set
      complaints = ${complaintFigures}.complaints + excluded.complaints,
      resolved = ${complaintFigures}.resolved + excluded.resolved,
      on_time = ${complaintFigures}.on_time + excluded.on_time,
      resolution_ms = ${complaintFigures}.resolution_ms + excluded.resolution_ms`;
  // Their complaints stay where they are meanwhile: a move of one of them would be counted under the wrong department.
  await tx.execute(sql`select 1 from ${complaint} c where ${mine} for update`);
  await tx.execute(shift('-'));
  await apply();
  await tx.execute(shift('+'));
}

// The hour worked out once per statement (a subquery), not once per row it is compared with: date_trunc in a time zone
// is not free, and a year holds thousands of due hours.
const thisHour = sql`(select ${hourOf(sql`now()`)})`;
/**
 * Open complaints past their due time: the kept hours already over, and the current hour's complaints counted (a few,
 * through complaint_overdue_idx).
 */
export const overdueCount = sql<number>`(
  (select coalesce(sum(${complaintOpenDue.complaints}), 0) from ${complaintOpenDue} where ${complaintOpenDue.hour} < ${thisHour})
  + (select count(*) from ${complaint} where ${complaint.dueAt} >= ${thisHour} and ${complaint.dueAt} < now() and ${complaint.status} in ${OPEN_STATUSES_SQL})
)::int`;
