import { COMPLAINT_TYPES, type COMPLAINT_SORTS, type ComplaintStatus, type ComplaintType, type Role, type Severity } from '@railmadad/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { complaint, user } from '../../db/schema';
import { likePattern, OPEN_STATUSES_SQL } from '../../lib/sql';

/** The assigned staff member's account: joined by the list, the export and their searches. */
export const assignee = alias(user, 'assignee');

/** Past its due time and still waiting for someone. */
export const overdueSql = sql<boolean>`(${complaint.dueAt} < now() and ${complaint.status} in ${OPEN_STATUSES_SQL})`;

/** What narrows a complaint list: the list's query without its paging. */
export type ComplaintFilterQuery = {
  q?: string;
  status?: ComplaintStatus;
  severity?: Severity;
  type?: ComplaintType;
  /** A staff account id, "me", or "none" for the unassigned. */
  assignee?: string;
  overdue?: 'true' | 'false';
};

const isStaff = (role: Role) => role === 'staff' || role === 'admin';

/**
 * The WHERE of a complaint list for this person (a passenger only ever sees their own).
 *
 * Every condition is on the complaint's own columns, so each can be served by an index of the
 * complaint table: the search finds words with the trigram indexes on description and station,
 * a type by its name, and a staff member's name through the assignee id (a list of ids, which
 * an index scan can take, where a join could not be part of the same bitmap).
 */
export async function complaintFilters(db: Db, query: ComplaintFilterQuery, actor: { id: string; role: Role }): Promise<{ where: SQL | undefined }> {
  const filters: (SQL | undefined)[] = [];
  if (!isStaff(actor.role)) filters.push(eq(complaint.passengerId, actor.id));
  if (query.status) filters.push(eq(complaint.status, query.status));
  if (query.severity) filters.push(eq(complaint.severity, query.severity));
  if (query.type) filters.push(eq(complaint.type, query.type));
  if (query.overdue === 'true') filters.push(overdueSql);
  if (query.assignee && isStaff(actor.role)) {
    filters.push(query.assignee === 'none' ? isNull(complaint.assigneeId) : eq(complaint.assigneeId, query.assignee === 'me' ? actor.id : query.assignee));
  }
  const q = query.q?.trim();
  if (q) {
    if (/^cmp\d+$/i.test(q)) filters.push(eq(complaint.reference, q.toUpperCase()));
    else if (/^\d{10}$/.test(q)) filters.push(or(eq(complaint.pnr, q), eq(complaint.mobile, `+91${q}`)));
    else if (/^\d{5}$/.test(q)) filters.push(or(eq(complaint.trainNumber, q), ilike(complaint.description, likePattern(q))));
    else {
      const pattern = likePattern(q);
      // "coach cleanliness" finds the type coach-cleanliness, as matching the name with dashes did before.
      const typeWords = q.toLowerCase().replace(/\s+/g, '-');
      const types = COMPLAINT_TYPES.filter((type) => type.includes(typeWords));
      // The staff it names are looked up first (user_staff_name_trgm_idx: the roles written out, as its condition is),
      // so that the planner knows how many complaints they hold (none, mostly).
      // Of an array made by a subquery it assumes ten staff's worth, 60 000 complaints at national scale: a rare word
      // then looked common, and the list went by that guess instead of counting its few matches.
      const named = await db
        .select({ id: user.id })
        .from(user)
        .where(and(sql`${user.role} in ('staff', 'admin')`, ilike(user.name, pattern)));
      filters.push(
        or(
          ilike(complaint.description, pattern),
          ilike(complaint.station, pattern),
          types.length > 0 ? inArray(complaint.type, types) : undefined,
          named.length > 0 ? inArray(complaint.assigneeId, named.map((staff) => staff.id)) : undefined,
        ),
      );
    }
  }
  return { where: and(...filters) };
}

/**
 * A list's order: emergencies still waiting first in every queue, whatever the chosen order; the id breaks ties,
 * in the chosen order's direction, so that (key, id) is one row value an index walks in one direction.
 */
export function complaintOrder(sort: (typeof COMPLAINT_SORTS)[number]): SQL[] {
  const chosen = {
    newest: [desc(complaint.createdAt), desc(complaint.id)],
    oldest: [asc(complaint.createdAt), asc(complaint.id)],
    due: [asc(complaint.dueAt), asc(complaint.id)],
    severity: [sql`case ${complaint.severity} when 'high' then 0 when 'medium' then 1 else 2 end`, desc(complaint.createdAt), desc(complaint.id)],
    updated: [desc(complaint.updatedAt), desc(complaint.id)],
  }[sort];
  return [asc(complaint.queueRank), ...chosen];
}

/** The severities in the order the severity sort shows them. */
const SEVERITY_ORDER: Severity[] = ['high', 'medium', 'low'];

/**
 * The list's order (the same as `complaintOrder`) in the shape keyset paging needs: a few groups
 * read one after another, each an equality an index leads with (emergencies still waiting, then
 * the rest; for the severity sort, each severity within those), and inside a group one timestamp
 * column with the id after it, both in one direction. A page is then an index range scan from
 * the cursor's (key, id) on, never a sort of every matching row.
 */
export type ComplaintSortPlan = {
  groups: SQL[];
  /** Which group a row is in, from its queue rank and severity. */
  groupOf: (row: { queueRank: number; severity: string }) => number;
  /** The severity a group holds, where groups are by severity: a list of one severity skips the others. */
  severityOf?: (group: number) => Severity;
  key: PgColumn;
  dir: 'asc' | 'desc';
};

export function complaintSortPlan(sort: (typeof COMPLAINT_SORTS)[number]): ComplaintSortPlan {
  const ranks = [0, 1];
  const { key, dir } = {
    newest: { key: complaint.createdAt, dir: 'desc' as const },
    oldest: { key: complaint.createdAt, dir: 'asc' as const },
    due: { key: complaint.dueAt, dir: 'asc' as const },
    severity: { key: complaint.createdAt, dir: 'desc' as const },
    updated: { key: complaint.updatedAt, dir: 'desc' as const },
  }[sort];
  if (sort === 'severity') {
    return {
      groups: ranks.flatMap((rank) => SEVERITY_ORDER.map((severity) => and(eq(complaint.queueRank, rank), eq(complaint.severity, severity)) as SQL)),
      // Severities are checked when filed (contract and legacy form alike): one outside the three has no group.
      groupOf: (row) => row.queueRank * SEVERITY_ORDER.length + Math.max(0, SEVERITY_ORDER.indexOf(row.severity as Severity)),
      severityOf: (group) => SEVERITY_ORDER[group % SEVERITY_ORDER.length],
      key,
      dir,
    };
  }
  return { groups: ranks.map((rank) => eq(complaint.queueRank, rank)), groupOf: (row) => row.queueRank, key, dir };
}
