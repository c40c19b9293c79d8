import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { complaintKeys } from '../api';
import { readFilters } from './dashboard-filters';
import { SEARCH_DEBOUNCE_MS } from '../../../components/ui/search-box';
import { FiltersBar } from './filters-bar';
import { PrevNextPagination } from '../../../components/ui/pagination';
import { formatCompact } from '../../../lib/format';
import i18next from 'i18next';
import { StatusCard } from './stat-cards';

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatusCard', () => {
  it('shows the count and the month-on-month change', () => {
    render(<StatusCard card={{ status: 'open', count: 1234, change: 12.5 }} />);
    expect(screen.getByRole('heading', { name: 'Open Complaints' })).toBeTruthy();
    expect(screen.getByTestId('card-open').textContent).toBe('1,234');
    expect(screen.getByText(/vs previous 30 days/).textContent).toBe('▲ Up 12.5% vs previous 30 days');
  });

  it('says when there is nothing to compare with', () => {
    render(<StatusCard card={{ status: 'closed', count: 2, change: null }} />);
    expect(screen.getByText('no earlier data')).toBeTruthy();
  });
});

describe('FiltersBar', () => {
  function renderBar(onChange: (patch: object) => void) {
    const client = new QueryClient();
    client.setQueryData(complaintKeys.assignees, [{ id: 'u1', name: 'Asha Staff', role: 'staff' }]);
    render(
      <QueryClientProvider client={client}>
        <FiltersBar filters={readFilters(new URLSearchParams('status=open'))} assignee="me" onChange={onChange} onClear={() => undefined} canClear />
      </QueryClientProvider>,
    );
  }

  it('sends the search once, 300 ms after the last key', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderBar(onChange);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.input(box, { target: { value: 'wat' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.input(box, { target: { value: 'water ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ q: 'water' });
  });

  it('labels every filter and offers the original prototype\'s choices', () => {
    const onChange = vi.fn();
    renderBar(onChange);
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(['All Status', 'Open', 'In Progress', 'Resolved', 'Closed', 'Reopened']);
    expect(status.value).toBe('open');
    const severity = screen.getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement;
    expect([...severity.options].map((o) => o.text)).toEqual(['All Severity', 'Low', 'Medium', 'High']);
    const assignee = screen.getByRole('combobox', { name: 'Assigned to' }) as HTMLSelectElement;
    expect(assignee.value).toBe('me');
    fireEvent.change(assignee, { target: { value: 'none' } });
    expect(onChange).toHaveBeenCalledWith({ assignee: 'none' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    expect(onChange).toHaveBeenCalledWith({ overdue: true });
  });
});

describe('PrevNextPagination', () => {
  it('goes to the page after or before by the cursor, with the other way shut at an end', () => {
    const onGo = vi.fn();
    render(<PrevNextPagination prev={null} next="n1" onGo={onGo} />);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    next.focus();
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(onGo).toHaveBeenCalledWith('n1');
  });

  it('draws nothing for a list of one page', () => {
    const { container } = render(<PrevNextPagination prev={null} next={null} onGo={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});

describe('an estimated total', () => {
  it('reads as a round figure in words, in the reader\'s language', () => {
    expect(i18next.t('dashboard.table.totalAbout', { formatted: formatCompact(1_234_567, 'en') })).toBe('About 12.3\u202flakh complaints');
    expect(formatCompact(1_234_567, 'hi')).toMatch(/लाख/);
  });
});
