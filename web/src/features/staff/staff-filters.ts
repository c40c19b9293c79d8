import { readCursor } from '../../lib/cursor';
import { COMPLAINT_TYPES, type ComplaintType, STAFF_STATUSES, STAFF_TEXT_MAX, type StaffListQuery, type StaffStatus } from '@railmadad/contract';

/** What the staff list shows. It lives in the address bar, so a reload or the back button keeps it. */
export type StaffFilters = {
  q: string;
  department: string;
  status?: StaffStatus;
  expertise?: ComplaintType;
  /** Where the page starts (the server's cursor); none: the first page. */
  cursor?: string;
};

/** Twelve cards fill three columns, two or one evenly. */
export const STAFF_PAGE_SIZE = 12;
const Q_MAX = 100;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readStaffFilters(params: URLSearchParams): StaffFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    department: (params.get('department') ?? '').trim().slice(0, STAFF_TEXT_MAX),
    status: oneOf(STAFF_STATUSES, params.get('status')),
    expertise: oneOf(COMPLAINT_TYPES, params.get('expertise')),
    cursor: readCursor(params.get('cursor')),
  };
}

/** The shortest address for these filters: defaults are left out. */
export function writeStaffFilters(filters: StaffFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.department) params.set('department', filters.department);
  if (filters.status) params.set('status', filters.status);
  if (filters.expertise) params.set('expertise', filters.expertise);
  if (filters.cursor) params.set('cursor', filters.cursor);
  return params;
}

/** A changed search or filter starts again from the first page. */
export const changeStaffFilters = (filters: StaffFilters, patch: Partial<Omit<StaffFilters, 'cursor'>>): StaffFilters => ({ ...filters, ...patch, cursor: undefined });

export const hasStaffNarrowing = (f: StaffFilters) => Boolean(f.q || f.department || f.status || f.expertise);

export const toStaffListQuery = (f: StaffFilters): StaffListQuery => ({
  q: f.q || undefined,
  department: f.department || undefined,
  status: f.status,
  expertise: f.expertise,
  cursor: f.cursor,
  pageSize: STAFF_PAGE_SIZE,
});

