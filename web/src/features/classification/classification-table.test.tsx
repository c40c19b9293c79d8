import type { Classification, ClassificationList } from '@railmadad/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { classificationKeys } from './api';
import { ClassificationTable } from './classification-table';

const call: Classification = {
  reference: 'CMP100001',
  text: 'No water in the toilets of coach B2 since Kota.',
  language: 'en',
  chosenType: 'coach-cleanliness',
  predictedType: 'water',
  reviewedType: null,
  confidence: 0.42,
  top3: [],
  emergency: false,
  reviewedEmergency: null,
  suggestedSeverity: 'medium',
  status: 'pending_review',
  modelVersion: 1,
  llm: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTable(items: Classification[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const query = { page: 1, pageSize: 20 };
  const key = classificationKeys.list(query);
  client.setQueryData<ClassificationList>(key, { items, total: items.length, exact: true, page: 1, pageSize: 20, next: null, prev: null });
  // As on the page: the table draws the list's cache, which a review changes in place.
  function Table() {
    const { data } = useQuery({ queryKey: key, queryFn: () => client.getQueryData<ClassificationList>(key) ?? null, staleTime: Number.POSITIVE_INFINITY });
    return <ClassificationTable items={data?.items ?? []} threshold={0.6} from="" caption="Classified complaints" />;
  }
  const router = createMemoryRouter([{ path: '/', Component: Table }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { list: () => client.getQueryData<ClassificationList>(key) };
}

// The table (wide screens) and the cards (phones) are both in the page; CSS shows one. Tests use the table's.
const first = <T,>(items: T[]) => items[0];

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ClassificationTable', () => {
  it('shows the call, what the passenger chose, and the confidence', () => {
    renderTable([call]);
    const table = screen.getByRole('table', { name: 'Classified complaints' });
    const row = within(table).getByRole('row', { name: /CMP100001/ });
    expect(within(row).getByRole('link', { name: 'CMP100001' }).getAttribute('href')).toBe('/complaints/CMP100001');
    expect(within(row).getByText('Water Availability', { selector: 'span' })).toBeTruthy();
    expect(within(row).getByText('Passenger chose: Coach - Cleanliness')).toBeTruthy();
    expect(within(row).getByText('42%')).toBeTruthy();
    expect(within(row).getByText('(low confidence)')).toBeTruthy();
    expect(within(row).getByText('Pending Review')).toBeTruthy();
  });

  it('confirms the model’s type in one click and shows the row as reviewed', async () => {
    const reviewed = { ...call, status: 'reviewed' as const, reviewedType: 'water' as const, reviewedBy: 'Asha', reviewedAt: new Date().toISOString() };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, reviewed));
    const { list } = renderTable([call]);
    fireEvent.click(first(screen.getAllByRole('button', { name: 'Confirm CMP100001' })));
    await waitFor(() => expect(list()?.items[0].status).toBe('reviewed'));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/classifications/CMP100001/review');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'water' });
    expect(await screen.findAllByText('Reviewed by Asha', { exact: false })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: 'Confirm CMP100001' })).toHaveLength(0);
  });

  it('keeps the passenger’s type, or sends another chosen from the list', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const { type } = JSON.parse(String(init?.body));
      return json(200, { ...call, status: 'reviewed', reviewedType: type, reviewedBy: 'Asha', reviewedAt: new Date().toISOString() });
    });
    renderTable([call, { ...call, reference: 'CMP100002', chosenType: 'water' }]);
    // Only where the passenger saw it otherwise.
    expect(screen.queryAllByRole('button', { name: "Keep passenger's type CMP100002" })).toHaveLength(0);
    fireEvent.click(first(screen.getAllByRole('button', { name: "Keep passenger's type CMP100001" })));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ type: 'coach-cleanliness' });

    fireEvent.change(first(screen.getAllByRole('combobox', { name: 'Correct CMP100002' })), { target: { value: 'electrical' } });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1][0]).toBe('/api/classifications/CMP100002/review');
    expect(JSON.parse(String(fetch.mock.calls[1][1]?.body))).toEqual({ type: 'electrical' });
  });

  it('says so in the row when the review fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(404, { code: 'not_found', message: 'No classification for this complaint.' }));
    renderTable([call]);
    fireEvent.click(first(screen.getAllByRole('button', { name: 'Confirm CMP100001' })));
    expect((await screen.findByRole('alert')).textContent).toBe('This complaint has no classification.');
    expect(screen.getAllByRole('button', { name: 'Confirm CMP100001' })[0]).toHaveProperty('disabled', false);
  });

  it('shows a reviewed call with its settled type and what the model said', () => {
    renderTable([{ ...call, status: 'reviewed', reviewedType: 'electrical', reviewedBy: 'Ravi', reviewedAt: '2025-03-02T10:00:00.000Z' }]);
    const row = within(screen.getByRole('table')).getByRole('row', { name: /CMP100001/ });
    expect(within(row).getByText('Electrical Equipment')).toBeTruthy();
    expect(within(row).getByText('Model said: Water Availability')).toBeTruthy();
    expect(within(row).getByText('Reviewed')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
