import { describe, expect, it } from 'vitest';
import { changeStaffFilters, readStaffFilters, STAFF_PAGE_SIZE, toStaffListQuery, writeStaffFilters } from './staff-filters';

describe('staff filters in the address bar', () => {
  it('read back what they wrote', () => {
    const filters = { q: 'anita', department: 'Electrical', status: 'on_leave' as const, expertise: 'water' as const, cursor: 'eyJsIjoic3RhZmYifQ' };
    expect(readStaffFilters(writeStaffFilters(filters))).toEqual(filters);
  });

  it('drop unknown values and fall back to the first page', () => {
    expect(readStaffFilters(new URLSearchParams('status=retired&expertise=rocket&cursor=not%20one!&q=%20x%20'))).toEqual({ q: 'x', department: '', status: undefined, expertise: undefined, cursor: undefined });
  });

  it('leave defaults out of the address', () => {
    expect(writeStaffFilters({ q: '', department: '' }).toString()).toBe('');
  });

  it('start again from the first page when a filter changes', () => {
    expect(changeStaffFilters({ q: '', department: '', cursor: 'abc' }, { status: 'active' })).toEqual({ q: '', department: '', status: 'active', cursor: undefined });
  });

  it('become the list query, empty ones left out', () => {
    expect(toStaffListQuery({ q: '', department: 'Medical', cursor: 'abc' })).toEqual({ q: undefined, department: 'Medical', status: undefined, expertise: undefined, cursor: 'abc', pageSize: STAFF_PAGE_SIZE });
  });
});
