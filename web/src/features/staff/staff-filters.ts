import { COMPLAINT_TYPES, type ComplaintType, STAFF_STATUSES, STAFF_TEXT_MAX, type StaffListQuery, type StaffStatus } from '@railmadad/contract';

/** What the staff list shows. It lives in the address bar, so a reload or the back button keeps it. */
export type StaffFilters = {
  q: string;
  department: string;
  status?: StaffStatus;
  expertise?: ComplaintType;
  page: number;
};

/** Twelve cards fill three columns, two or one evenly. */
export const STAFF_PAGE_SIZE = 12;
const Q_MAX = 100;
const PAGE_MAX = 10_000;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readStaffFilters(params: URLSearchParams): StaffFilters {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    department: (params.get('department') ?? '').trim().slice(0, STAFF_TEXT_MAX),
    status: oneOf(STAFF_STATUSES, params.get('status')),
    expertise: oneOf(COMPLAINT_TYPES, params.get('expertise')),
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** The shortest address for these filters: defaults are left out. */
export function writeStaffFilters(filters: StaffFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.department) params.set('department', filters.department);
  if (filters.status) params.set('status', filters.status);
  if (filters.expertise) params.set('expertise', filters.expertise);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A changed search or filter starts again from the first page. */
export const changeStaffFilters = (filters: StaffFilters, patch: Partial<Omit<StaffFilters, 'page'>>): StaffFilters => ({ ...filters, ...patch, page: 1 });

export const hasStaffNarrowing = (f: StaffFilters) => Boolean(f.q || f.department || f.status || f.expertise);

export const toStaffListQuery = (f: StaffFilters): StaffListQuery => ({
  q: f.q || undefined,
  department: f.department || undefined,
  status: f.status,
  expertise: f.expertise,
  page: f.page,
  pageSize: STAFF_PAGE_SIZE,
});

