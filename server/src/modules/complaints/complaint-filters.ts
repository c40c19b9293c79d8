import type { COMPLAINT_SORTS, ComplaintStatus, ComplaintType, Role, Severity } from '@railmadad/contract';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { complaint, user } from '../../db/schema';
import { likePattern } from '../../lib/sql';

/** The assigned staff member's account: joined by the list, the export and their searches. */
export const assignee = alias(user, 'assignee');

/** Past its due time and still waiting for someone. */
export const overdueSql = sql<boolean>`(${complaint.dueAt} < now() and ${complaint.status} in ('open','in_progress','reopened'))`;

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
 * The WHERE of a complaint list for this person (a passenger only ever sees their own), and
 * whether it reads the assignee's name, so the query must join `assignee`.
 */
export function complaintFilters(query: ComplaintFilterQuery, actor: { id: string; role: Role }): { where: SQL | undefined; needsAssigneeJoin: boolean } {
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
    else filters.push(or(ilike(complaint.description, likePattern(q)), ilike(complaint.type, likePattern(q.replace(/\s+/g, '-'))), ilike(assignee.name, likePattern(q)), ilike(complaint.station, likePattern(q))));
  }
  return { where: and(...filters), needsAssigneeJoin: Boolean(q) && !/^(cmp)?\d+$/i.test(q ?? '') };
}

/** A list's order: emergencies still waiting first in every queue, whatever the chosen order; the id breaks ties. */
export function complaintOrder(sort: (typeof COMPLAINT_SORTS)[number]): SQL[] {
  const chosen = {
    newest: [desc(complaint.createdAt)],
    oldest: [asc(complaint.createdAt)],
    due: [asc(complaint.dueAt)],
    severity: [sql`case ${complaint.severity} when 'high' then 0 when 'medium' then 1 else 2 end`, desc(complaint.createdAt)],
    updated: [desc(complaint.updatedAt)],
  }[sort];
  return [asc(complaint.queueRank), ...chosen, desc(complaint.id)];
}
