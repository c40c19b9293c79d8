import type { AnalyticsDaily } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { readFilters } from '../dashboard-filters';
import {barChartHeight} from '../../../../components/charts/chart-format';
import { checkCustomRange, departmentLabel, exportCsvUrl, hasComplaints, onTimeParts, rangeOf, typesWithComplaints } from './chart-data';
import { formatDay } from '../../../../lib/format';

describe('rangeOf', () => {
  it('ends a preset today and counts today as one of its days', () => {
    expect(rangeOf({ preset: 7 }, '2025-03-10')).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    expect(rangeOf({ preset: 30 }, '2025-03-10')).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(rangeOf({ preset: 90 }, '2024-03-01')).toEqual({ from: '2023-12-03', to: '2024-03-01' });
  });

  it('keeps a custom range as chosen', () => {
    const range = { from: '2025-01-01', to: '2025-01-31' };
    expect(rangeOf({ preset: 'custom', range }, '2025-03-10')).toBe(range);
  });
});

describe('checkCustomRange', () => {
  it('accepts one day and up to 366 days', () => {
    expect(checkCustomRange('2025-01-05', '2025-01-05')).toEqual({ range: { from: '2025-01-05', to: '2025-01-05' } });
    expect(checkCustomRange('2024-01-01', '2024-12-31')).toEqual({ range: { from: '2024-01-01', to: '2024-12-31' } });
  });

  it('refuses a reversed range, more than 366 days, and an empty or impossible date', () => {
    expect(checkCustomRange('2025-01-06', '2025-01-05')).toEqual({ error: 'range_reversed' });
    expect(checkCustomRange('2024-01-01', '2025-01-01')).toEqual({ error: 'range_too_long' });
    expect(checkCustomRange('', '2025-01-05')).toEqual({ error: 'invalid_date' });
    expect(checkCustomRange('2025-02-29', '2025-03-05')).toEqual({ error: 'invalid_date' });
  });
});

describe('exportCsvUrl', () => {
  it("carries the table's filters and order but not its page", () => {
    const filters = readFilters(new URLSearchParams('q=no water&status=open&type=water&severity=high&overdue=true&sort=due&page=4'));
    expect(exportCsvUrl(filters, 'me')).toBe('/api/complaints.csv?q=no+water&status=open&severity=high&type=water&assignee=me&overdue=true&sort=due');
  });

  it('leaves out "all" and the defaults', () => {
    expect(exportCsvUrl(readFilters(new URLSearchParams()), 'all')).toBe('/api/complaints.csv?sort=newest');
  });
});

describe('chart shaping', () => {
  it('formats a day without the time zone moving it', () => {
    expect(formatDay('2025-03-01', 'en', 'short')).toBe('1 Mar');
    expect(formatDay('2025-03-01', 'hi', 'short')).toBe('1 मार्च');
    expect(formatDay('2025-03-01', 'en', 'long')).toBe('1 March 2025');
  });

  it('splits the on-time bar into parts adding up to 100', () => {
    expect(onTimeParts({ resolved: 3, onTime: 2, share: 0.667 })).toEqual({ onTime: 66.7, late: 33.3 });
    expect(onTimeParts({ resolved: 4, onTime: 4, share: 1 })).toEqual({ onTime: 100, late: 0 });
    expect(onTimeParts({ resolved: 0, onTime: 0, share: null })).toBeNull();
  });

  it('draws only the types with complaints', () => {
    expect(typesWithComplaints([{ type: 'water', count: 3 }, { type: 'medical', count: 0 }])).toEqual([{ type: 'water', count: 3 }]);
  });

  it('names the unassigned and the no-department buckets', () => {
    const labels = { unassigned: 'Unassigned', noDepartment: 'No department' };
    expect(departmentLabel({ department: 'Commercial', assigned: true, hours: 1, resolved: 1 }, labels)).toBe('Commercial');
    expect(departmentLabel({ department: null, assigned: false, hours: 1, resolved: 1 }, labels)).toBe('Unassigned');
    expect(departmentLabel({ department: null, assigned: true, hours: 1, resolved: 1 }, labels)).toBe('No department');
  });

  it('knows an empty period', () => {
    const day = { date: '2025-01-01', total: 0, open: 0, in_progress: 0, resolved: 0, closed: 0, reopened: 0 };
    const daily: AnalyticsDaily = { from: '2025-01-01', to: '2025-01-02', days: [day, { ...day, date: '2025-01-02' }] };
    expect(hasComplaints(daily)).toBe(false);
    expect(hasComplaints({ ...daily, days: [{ ...day, total: 1, open: 1 }] })).toBe(true);
  });

  it('gives a bar chart room for every row', () => {
    expect(barChartHeight(1)).toBe(120);
    expect(barChartHeight(16)).toBe(16 * 34 + 40);
  });
});
