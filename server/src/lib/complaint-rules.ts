import { type ComplaintStatus, REOPEN_WINDOW_DAYS, type Severity } from '@railmadad/contract';

/** The rules about a complaint's clock and lifecycle that more than one module needs. */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** An emergency wants a first response within 8 minutes (the figure Southern Railway reports). */
export const EMERGENCY_FIRST_RESPONSE_MS = 8 * 60 * 1000;

/** Hours to resolve a complaint, by severity (DUE_HOURS_* in the configuration). */
export type DueHours = Record<Severity, number>;
export const dueFrom = (start: Date | number, severity: Severity, hours: DueHours) => new Date(new Date(start).getTime() + hours[severity] * HOUR_MS);

/** Status words for English error messages (the web shows its own translation of the code). */
export const STATUS_WORDS: Record<ComplaintStatus, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed', reopened: 'Reopened' };

/** The passenger may reopen a resolved complaint, or one they closed by rating it, within the window after its resolution. */
export function canReopen(row: { status: string; resolvedAt: Date | null; closeReason: string | null }, now = Date.now()): boolean {
  const resolvedRecently = row.resolvedAt !== null && now - row.resolvedAt.getTime() <= REOPEN_WINDOW_DAYS * DAY_MS;
  return resolvedRecently && (row.status === 'resolved' || (row.status === 'closed' && row.closeReason === 'feedback'));
}
