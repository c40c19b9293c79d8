import {
  COMPLAINT_SORTS,
  COMPLAINT_STATUSES,
  COMPLAINT_TYPES,
  COMPLAINT_CURSOR_MAX,
  type ComplaintListQuery,
  type ComplaintStatus,
  type ComplaintType,
  SEVERITIES,
  type Severity,
} from '@railmadad/contract';
import { formatPercent } from '../../../lib/format';

export type ComplaintSort = (typeof COMPLAINT_SORTS)[number];

/**
 * What the dashboard's table shows. It lives in the address bar, so a reload or a shared link
 * shows the same complaints. `assignee` undefined means "not chosen": the role's default applies.
 */
export type DashboardFilters = {
  q: string;
  status?: ComplaintStatus;
  severity?: Severity;
  type?: ComplaintType;
  /** 'all', 'me', 'none' or a staff account id. */
  assignee?: string;
  overdue: boolean;
  sort: ComplaintSort;
  /** A numbered page: only old links carry one; the dashboard pages by cursor. */
  page: number;
  /** The server's `next` or `prev` of the page before: where this page starts. */
  cursor?: string;
};

export const PAGE_SIZE = 20;
const Q_MAX = 100;
const PAGE_MAX = 10_000;
const ASSIGNEE_MAX = 64;
const CURSOR = new RegExp(`^[\\w-]{1,${COMPLAINT_CURSOR_MAX}}$`);

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the filters from the address bar; anything unknown or malformed falls back to its default. */
export function readFilters(params: URLSearchParams): DashboardFilters {
  const page = Number(params.get('page'));
  const assignee = params.get('assignee')?.trim();
  const cursor = params.get('cursor') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    status: oneOf(COMPLAINT_STATUSES, params.get('status')),
    severity: oneOf(SEVERITIES, params.get('severity')),
    type: oneOf(COMPLAINT_TYPES, params.get('type')),
    assignee: assignee && assignee.length <= ASSIGNEE_MAX ? assignee : undefined,
    overdue: params.get('overdue') === 'true',
    sort: oneOf(COMPLAINT_SORTS, params.get('sort')) ?? 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
    cursor: CURSOR.test(cursor) ? cursor : undefined,
  };
}

/** The shortest address for these filters: defaults are left out. */
export function writeFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.type) params.set('type', filters.type);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.cursor) params.set('cursor', filters.cursor);
  else if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Any change of what is shown starts again at the first page; only paging itself keeps its place. */
export function changeFilters(filters: DashboardFilters, patch: Partial<DashboardFilters>): DashboardFilters {
  return { ...filters, page: 1, cursor: undefined, ...patch };
}

/** Whether anything narrows the list beyond the role's default queue. */
export const hasNarrowing = (f: DashboardFilters) => Boolean(f.q || f.status || f.severity || f.type || f.overdue || f.sort !== 'newest' || f.assignee);

/** The API query for these filters; `assignee` is the one in force (the chosen one or the role's default). */
export function toListQuery(filters: DashboardFilters, assignee: string): ComplaintListQuery {
  return {
    q: filters.q || undefined,
    status: filters.status,
    severity: filters.severity,
    type: filters.type,
    assignee: assignee === 'all' ? undefined : assignee,
    overdue: filters.overdue ? 'true' : undefined,
    sort: filters.sort,
    ...(filters.cursor ? { cursor: filters.cursor } : { page: filters.page }),
    pageSize: PAGE_SIZE,
  };
}


export type Change = { direction: 'up' | 'down' | 'same'; percent: string } | null;

/** A card's month-on-month change as a direction and a localised magnitude ("12.5%"); null when there is nothing to compare with. */
export function describeChange(change: number | null, language: string): Change {
  if (change === null || !Number.isFinite(change)) return null;
  const percent = formatPercent(Math.abs(change) / 100, language, 1);
  return { direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same', percent };
}
