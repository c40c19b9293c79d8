import { describe, expect, it } from 'vitest';
import { changeStaffFilters, readStaffFilters, STAFF_PAGE_SIZE, toStaffListQuery, writeStaffFilters } from './staff-filters';

describe('staff filters in the address bar', () => {
  it('read back what they wrote', () => {
    const filters = { q: 'anita', department: 'Electrical', status: 'on_leave' as const, expertise: 'water' as const, page: 3 };
    expect(readStaffFilters(writeStaffFilters(filters))).toEqual(filters);
  });

  it('drop unknown values and fall back to the first page', () => {
    expect(readStaffFilters(new URLSearchParams('status=retired&expertise=rocket&page=-2&q=%20x%20'))).toEqual({ q: 'x', department: '', status: undefined, expertise: undefined, page: 1 });
  });

  it('leave defaults out of the address', () => {
    expect(writeStaffFilters({ q: '', department: '', page: 1 }).toString()).toBe('');
  });

  it('start again from page 1 when a filter changes', () => {
    expect(changeStaffFilters({ q: '', department: '', page: 4 }, { status: 'active' })).toMatchObject({ status: 'active', page: 1 });
  });

  it('become the list query, empty ones left out', () => {
    expect(toStaffListQuery({ q: '', department: 'Medical', page: 2 })).toEqual({ q: undefined, department: 'Medical', status: undefined, expertise: undefined, page: 2, pageSize: STAFF_PAGE_SIZE });
  });
});
