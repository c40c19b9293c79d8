import type { StaffList } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import StaffPage from './staff-page';

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anita: StaffList['items'][number] = {
  id: 'u1',
  name: 'Anita Sharma',
  email: 'anita@example.com',
  phone: null,
  role: 'electrician',
  department: 'Electrical',
  station: 'Itarsi',
  expertise: ['electrical'],
  languages: ['hi', 'en'],
  status: 'on_leave',
  createdAt: '2025-01-01T00:00:00.000Z',
  activeComplaints: 3,
  resolvedComplaints: 12,
  avgResolutionHours: 5.25,
  avgRating: null,
};

function renderPage(list: StaffList, url = '/staff') {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/staff', element: <StaffPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('StaffPage', () => {
  it("shows the original prototype's message when nobody matches", async () => {
    const fetchMock = renderPage({ items: [], total: 0, exact: true, page: 1, pageSize: 12, next: null, prev: null, departments: [] }, '/staff?q=zzz&status=inactive');
    expect(await screen.findByText('No staff members found matching your search.')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/staff?q=zzz&status=inactive&pageSize=12');
  });

  it('shows a card with job, department, status, expertise, languages and the four figures', async () => {
    renderPage({ items: [anita], total: 1, exact: true, page: 1, pageSize: 12, next: null, prev: null, departments: ['Electrical'] });
    const card = await screen.findByRole('article', { name: 'Anita Sharma' });
    const c = within(card);
    expect(c.getByText('Electrician · Electrical')).toBeTruthy();
    expect(c.getByText('On leave')).toBeTruthy();
    expect(c.getByText('Electrical Equipment')).toBeTruthy();
    expect(c.getByText('हिन्दी').getAttribute('lang')).toBe('hi');
    const figure = (label: string) => c.getByText(label).nextElementSibling?.textContent;
    expect(figure('Active complaints')).toBe('3');
    expect(figure('Resolved')).toBe('12');
    expect(figure('Avg. resolution time')).toMatch(/^5\.3 hr/);
    expect(figure('Avg. rating')).toBe('—');
    expect(screen.getByRole('option', { name: 'Electrical' })).toBeTruthy();
  });

  it('checks the Add Staff form before sending anything', async () => {
    const fetchMock = renderPage({ items: [], total: 0, exact: true, page: 1, pageSize: 12, next: null, prev: null, departments: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff' });
    const d = within(dialog);
    expect(within(d.getByRole('group', { name: 'Complaint types they handle' })).getAllByRole('checkbox')).toHaveLength(16);
    expect(within(d.getByRole('group', { name: 'Languages they speak' })).getAllByRole('checkbox')).toHaveLength(16);
    fireEvent.click(d.getByRole('button', { name: 'Add and send invitation' }));
    expect(await d.findByText('Please choose a job role.')).toBeTruthy();
    expect(d.getAllByText('This field is required.')).toHaveLength(3); // name, e-mail, department
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
