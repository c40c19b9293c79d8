import {
  type AnalyticsBreakdown,
  type AnalyticsDaily,
  type AnalyticsRange,
  type AnalyticsRangeError,
  addDays,
  isCalendarDate,
  resolveAnalyticsRange,
} from '@railmadad/contract';
import { type DashboardFilters, toListQuery } from '../dashboard-filters';

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
/** What the range picker shows: a preset number of days ending today, or days of one's own. */
export type RangeChoice = { preset: Preset } | { preset: 'custom'; range: AnalyticsRange };

/** The days a choice covers, ending today (India's today, as the server counts days). */
export function rangeOf(choice: RangeChoice, today: string): AnalyticsRange {
  return choice.preset === 'custom' ? choice.range : { from: addDays(today, -(choice.preset - 1)), to: today };
}

export type CustomRangeError = AnalyticsRangeError | 'invalid_date';

/** Checks a custom range typed into the form with the server's own rule (at most 366 days, in order). */
export function checkCustomRange(from: string, to: string): { range: AnalyticsRange } | { error: CustomRangeError } {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return { error: 'invalid_date' };
  return resolveAnalyticsRange({ from, to });
}

/** The CSV export of what the dashboard's table shows now: its filters and order, every page. */
export function exportCsvUrl(filters: DashboardFilters, assignee: string): string {
  const { page: _page, pageSize: _pageSize, ...query } = toListQuery(filters, assignee);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `/api/complaints.csv${search ? `?${search}` : ''}`;
}

/** Whether any complaint was filed in the range: charts with nothing to draw say so instead. */
export const hasComplaints = (daily: AnalyticsDaily) => daily.days.some((d) => d.total > 0);

/** The on-time bar: on-time and late parts in percent of the resolved, adding up to 100. */
export function onTimeParts(onTime: AnalyticsBreakdown['onTime']): { onTime: number; late: number } | null {
  if (!onTime.resolved) return null;
  const share = Math.round((onTime.onTime / onTime.resolved) * 1000) / 10;
  return { onTime: share, late: Math.round((100 - share) * 10) / 10 };
}

/** Type rows for a bar chart: the types with complaints, most first (the table lists them all). */
export const typesWithComplaints = (byType: AnalyticsBreakdown['byType']) => byType.filter((t) => t.count > 0);

export type DepartmentRow = AnalyticsBreakdown['resolutionByDepartment'][number];
/** A department bucket's label: a department as it was typed, or the unassigned / no-department bucket. */
export function departmentLabel(row: DepartmentRow, labels: { unassigned: string; noDepartment: string }): string {
  if (!row.assigned) return labels.unassigned;
  return row.department ?? labels.noDepartment;
}

/** A horizontal bar chart's height that leaves each row room for a two-line label. */
