import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { ChartCard } from './chart-card';

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(cleanup);

const table = { caption: 'Complaints filed by type', columns: ['Type', 'Complaints'], rows: [['Water Availability', '12']] };

describe('ChartCard', () => {
  it('keeps the figures as a table for screen readers while the chart shows', () => {
    render(
      <ChartCard title="Complaints by type" table={table}>
        <svg data-testid="chart" />
      </ChartCard>,
    );
    const shown = screen.getByRole('table', { name: 'Complaints filed by type' });
    expect(shown.closest('.sr-only')).not.toBeNull();
    expect(within(shown).getByRole('rowheader', { name: 'Water Availability' })).toBeTruthy();
    expect(within(shown).getByRole('cell', { name: '12' })).toBeTruthy();
    // The picture itself is hidden from them: the table says the same.
    expect(screen.getByTestId('chart').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the table to everyone instead of the chart, and back', () => {
    render(
      <ChartCard title="Complaints by type" table={table}>
        <svg data-testid="chart" />
      </ChartCard>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show as table: Complaints by type' }));
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getByRole('table').closest('.sr-only')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show as chart: Complaints by type' }));
    expect(screen.getByTestId('chart')).toBeTruthy();
  });
});
