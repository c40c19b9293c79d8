import {
  type AnalyticsBreakdown,
  type AnalyticsDaily,
  type AnalyticsRange,
  type AnalyticsRangeQuery,
  COMPLAINT_EXPORT_MAX_ROWS,
  COMPLAINT_STATUSES,
  COMPLAINT_TYPE_LABELS,
  COMPLAINT_TYPES,
  type ComplaintStatus,
  type ComplaintType,
  type complaintExportQuerySchema,
  resolveAnalyticsRange,
  type Role,
  SEVERITIES,
  type Severity,
} from '@railmadad/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { complaint, complaintFigures, feedback } from '../../db/schema';
import { AppError } from '../../lib/errors';
// Days are India's days: a complaint filed at 01:00 IST counts on that day, not the UTC one before.
import { ZONE } from '../../lib/sql';
import { assignee, complaintFilters, complaintOrder } from '../complaints/complaint-filters';
import { CSV_BOM, csvRow } from './csv';

/** The five stars of a rating, each counted even when nobody gave it. */
const STARS = [1, 2, 3, 4, 5] as const;

const EXPORT_BATCH = 2000;

const STATUS_LABELS: Record<ComplaintStatus, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed', reopened: 'Reopened' };
const SEVERITY_LABELS: Record<Severity, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const EXPORT_COLUMNS = ['Reference', 'Type', 'Status', 'Severity', 'Emergency', 'Filed at', 'Due at', 'Resolved at', 'Train', 'PNR', 'Station', 'Location', 'Assigned staff', 'Description'];

/** A time within the range's days in India; the column is compared bare, so an index on it can serve. */
const inDays = (range: AnalyticsRange, column: SQL | AnyPgColumn = complaint.createdAt) =>
  sql`(${column} >= (${range.from}::date::timestamp at time zone ${ZONE}) and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${ZONE}))`;

/** A local time for a spreadsheet: "2025-03-01 14:05", India time. */
const localTime = (column: AnyPgColumn) => sql<string | null>`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI')`;

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  function rangeOf(query: AnalyticsRangeQuery): AnalyticsRange {
    const resolved = resolveAnalyticsRange(query);
    if ('error' in resolved) throw new AppError('validation_failed', `from: ${resolved.error}`, { from: resolved.error });
    return resolved.range;
  }

  return {
    /** Complaints filed on each day of the range, split by the status each is in now; empty days included. */
    async daily(query: AnalyticsRangeQuery): Promise<AnalyticsDaily> {
      const range = rangeOf(query);
      const perStatus = COMPLAINT_STATUSES.map((s) => sql`coalesce(sum(f.complaints) filter (where f.status = ${s}), 0)::int as ${sql.identifier(s)}`);
      // The kept figures: a row per day, type, severity, status and department, however many complaints there are.
      // The range's rows first (the figures' key starts with the day), then every day of the range beside them.
      const days = await rows<AnalyticsDaily['days'][number]>(sql`
        with f as (
          select day, status, sum(complaints) as complaints
          from ${complaintFigures}
          where day between ${range.from}::date and ${range.to}::date
          group by 1, 2
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(f.complaints), 0)::int as total, ${sql.join(perStatus, sql`, `)}
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
        left join f on f.day = d.day::date
        group by d.day
        order by d.day`);
      return { ...range, days };
    },

    /** What the complaints filed in the range were about, how fast they were resolved and how passengers rated the service. */
    async breakdown(query: AnalyticsRangeQuery): Promise<AnalyticsBreakdown> {
      const range = rangeOf(query);
      const inRange = sql`f.day between ${range.from}::date and ${range.to}::date`;
      const hours = sql`round((sum(f.resolution_ms)::numeric / nullif(sum(f.resolved), 0) / 3600000), 1)::float8`;
      type Group = { type: ComplaintType | null; severity: Severity | null; by_type: boolean; by_severity: boolean; count: number; resolved: number; on_time: number; hours: number | null };
      const [groups, departments, given] = await Promise.all([
        // From the kept figures: counts and resolution times by type, counts by severity, and the totals.
        rows<Group>(sql`
          select f.type, f.severity, grouping(f.type) = 0 as by_type, grouping(f.severity) = 0 as by_severity,
            coalesce(sum(f.complaints), 0)::int as count,
            coalesce(sum(f.resolved), 0)::int as resolved,
            coalesce(sum(f.on_time), 0)::int as on_time,
            ${hours} as hours
          from ${complaintFigures} f
          where ${inRange}
          group by grouping sets ((f.type), (f.severity), ())`),
        // The department of whoever holds each resolved complaint (the figures move with a staff member who changes department).
        rows<{ department: string; assigned: boolean; resolved: number; hours: number }>(sql`
          select f.department, f.assigned, sum(f.resolved)::int as resolved, ${hours} as hours
          from ${complaintFigures} f
          where ${inRange} and f.resolved <> 0
          group by 1, 2
          having sum(f.resolved) > 0
          order by hours desc, 1`),
        // Only the two columns of feedback_rating_day_idx, so the period is read from the index alone (a join to the five
        // stars would read every rating's row instead: 2.5 times slower at a national year's 65 000 ratings a month).
        rows<{ rating: number; count: number }>(sql`
          select f.rating, count(*)::int as count
          from ${feedback} f
          where ${inDays(range, sql.raw('f.created_at'))} and f.rating is not null
          group by f.rating`),
      ]);
      const ratings = STARS.map((rating) => ({ rating, count: given.find((r) => Number(r.rating) === rating)?.count ?? 0 }));
      const all = groups.find((g) => !g.by_type && !g.by_severity);
      const byType = COMPLAINT_TYPES.map((type) => groups.find((g) => g.by_type && g.type === type) ?? { type, count: 0, resolved: 0, hours: null });
      const rated = ratings.reduce((sum, r) => sum + r.count, 0);
      const stars = ratings.reduce((sum, r) => sum + r.rating * r.count, 0);
      const resolved = all?.resolved ?? 0;
      const onTime = all?.on_time ?? 0;
      return {
        ...range,
        total: all?.count ?? 0,
        // Most complaints first; ties keep the contract's order of types.
        byType: byType.map((g) => ({ type: g.type as ComplaintType, count: g.count })).sort((a, b) => b.count - a.count),
        bySeverity: SEVERITIES.map((severity) => ({ severity, count: groups.find((g) => g.by_severity && g.severity === severity)?.count ?? 0 })),
        onTime: { resolved, onTime, share: resolved ? Math.round((onTime / resolved) * 1000) / 1000 : null },
        resolutionByType: byType
          .filter((g) => g.resolved > 0)
          .map((g) => ({ type: g.type as ComplaintType, hours: g.hours ?? 0, resolved: g.resolved }))
          .sort((a, b) => b.hours - a.hours),
        resolutionByDepartment: departments.map((d) => ({ department: d.assigned && d.department !== '' ? d.department : null, assigned: d.assigned, hours: d.hours, resolved: d.resolved })),
        ratings: { counts: ratings, total: rated, average: rated ? Math.round((stars / rated) * 100) / 100 : null },
      };
    },

    /**
     * The complaint list as CSV, with the list's filters and order. The order is fixed first
     * (ids only), then the rows are read and written in batches, so a large export never holds
     * every row in memory and sees one consistent order.
     */
    async exportCsv(actor: { id: string; role: Role }, query: z.output<typeof complaintExportQuerySchema>) {
      const { where } = await complaintFilters(db, query, actor);
      const ids = (
        await db
          .select({ id: complaint.id })
          .from(complaint)
          .where(where)
          .orderBy(...complaintOrder(query.sort))
          .limit(COMPLAINT_EXPORT_MAX_ROWS + 1)
      ).map((r) => r.id);
      const truncated = ids.length > COMPLAINT_EXPORT_MAX_ROWS;
      if (truncated) ids.length = COMPLAINT_EXPORT_MAX_ROWS;

      async function* lines(): AsyncGenerator<string> {
        yield CSV_BOM + csvRow(EXPORT_COLUMNS);
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const batch = ids.slice(start, start + EXPORT_BATCH);
          const found = await db
            .select({
              id: complaint.id,
              reference: complaint.reference,
              type: complaint.type,
              status: complaint.status,
              severity: complaint.severity,
              emergency: complaint.emergency,
              filedAt: localTime(complaint.createdAt),
              dueAt: localTime(complaint.dueAt),
              resolvedAt: localTime(complaint.resolvedAt),
              trainNumber: complaint.trainNumber,
              pnr: complaint.pnr,
              station: complaint.station,
              location: complaint.location,
              assigneeName: assignee.name,
              description: complaint.description,
            })
            .from(complaint)
            .leftJoin(assignee, eq(assignee.id, complaint.assigneeId))
            .where(inArray(complaint.id, batch));
          const byId = new Map(found.map((r) => [r.id, r]));
          let chunk = '';
          for (const id of batch) {
            const r = byId.get(id);
            // Deleted between the two reads: nothing to write.
            if (!r) continue;
            chunk += csvRow([
              r.reference,
              COMPLAINT_TYPE_LABELS[r.type as ComplaintType] ?? r.type,
              STATUS_LABELS[r.status as ComplaintStatus] ?? r.status,
              SEVERITY_LABELS[r.severity as Severity] ?? r.severity,
              r.emergency ? 'Yes' : 'No',
              r.filedAt,
              r.dueAt,
              r.resolvedAt,
              r.trainNumber,
              r.pnr,
              r.station,
              r.location,
              r.assigneeName,
              r.description,
            ]);
          }
          yield chunk;
        }
      }

      return { rows: ids.length, truncated, lines: lines() };
    },
  };
}
