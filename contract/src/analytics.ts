import { z } from 'zod';
import { COMPLAINT_TYPES, complaintListQuerySchema, RATING_MAX, RATING_MIN, SEVERITIES } from './complaints';
import { todayInIndia } from './time';

/** The longest range a chart covers, and the range it shows when none is chosen. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD string names a day of the calendar (2024-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const calendarDate = z.string().regex(DATE_PATTERN, 'invalid_date').refine(isCalendarDate, 'invalid_date').describe('A day in India, YYYY-MM-DD');

/** A chart's range: days in India, both included. Either end may be left out (see resolveAnalyticsRange). */
export const analyticsRangeQuerySchema = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export type AnalyticsRange = { from: string; to: string };
export type AnalyticsRangeError = 'range_reversed' | 'range_too_long';

/**
 * The range a chart shows: `to` defaults to today in India, `from` to the 30 days ending at `to`.
 * The server and the custom-range form both check with it.
 */
export function resolveAnalyticsRange(query: AnalyticsRangeQuery, today = todayInIndia()): { range: AnalyticsRange } | { error: AnalyticsRangeError } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to) return { error: 'range_reversed' };
  if (daysInRange(from, to) > ANALYTICS_MAX_DAYS) return { error: 'range_too_long' };
  return { range: { from, to } };
}

const count = z.number().int();

/** One day of the range: complaints filed that day, split by the status each one is in now. */
export const analyticsDaySchema = z.object({
  date: z.string(),
  total: count,
  open: count,
  in_progress: count,
  resolved: count,
  closed: count,
  reopened: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsDailySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range in order, days with no complaint included. */
  days: z.array(analyticsDaySchema),
});
export type AnalyticsDaily = z.infer<typeof analyticsDailySchema>;

/** Hours from filing to resolution, averaged, to one decimal. */
const hours = z.number();

export const analyticsBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Complaints filed in the range; every figure below but the ratings is about them. */
  total: count,
  /** Every type, most complaints first. */
  byType: z.array(z.object({ type: z.enum(COMPLAINT_TYPES), count })),
  bySeverity: z.array(z.object({ severity: z.enum(SEVERITIES), count })),
  /** Of those resolved (now Resolved or Closed with a resolution time), how many by their due time. */
  onTime: z.object({ resolved: count, onTime: count, share: z.number().nullable() }),
  /** Types with at least one resolved complaint, slowest first. */
  resolutionByType: z.array(z.object({ type: z.enum(COMPLAINT_TYPES), hours, resolved: count })),
  /**
   * By the assigned staff member's department, slowest first. `assigned` false is the
   * "Unassigned" bucket; an assignee without a staff record has `department` null.
   */
  resolutionByDepartment: z.array(z.object({ department: z.string().nullable(), assigned: z.boolean(), hours, resolved: count })),
  /** Ratings given in the range: how many of each star, 1 to 5, and their average. */
  ratings: z.object({
    counts: z.array(z.object({ rating: z.number().int().min(RATING_MIN).max(RATING_MAX), count })),
    total: count,
    average: z.number().nullable(),
  }),
});
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdownSchema>;

/** The most rows one CSV export holds. */
export const COMPLAINT_EXPORT_MAX_ROWS = 100_000;

/** `GET /api/complaints.csv`: the list's filters and order, without paging. */
export const complaintExportQuerySchema = complaintListQuerySchema.omit({ page: true, pageSize: true, cursor: true });
export type ComplaintExportQuery = z.input<typeof complaintExportQuerySchema>;
