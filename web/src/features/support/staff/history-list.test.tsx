import type { SupportSession, SupportSessionList } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { supportSession } from '../session-fixture';
import { HistoryList } from './history-list';

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ended = (n: number): SupportSession =>
  supportSession({
    id: `s${n}`,
    status: 'ended',
    topic: 'water',
    availableAgents: 0,
    passenger: { id: `p${n}`, name: `Passenger ${n}` },
    agent: { id: 'a1', name: 'Administrator' },
    lastSeq: 2,
    delivered: { passenger: 2, agent: 2 },
    read: { passenger: 2, agent: 2 },
    endReason: 'agent',
    acceptedAt: '2026-01-10T10:01:00.000Z',
    endedAt: '2026-01-10T10:05:00.000Z',
  });

const page = (from: number, next: string | null, prev: string | null): SupportSessionList => ({
  items: [ended(from), ended(from + 1)],
  total: 4,
  exact: true,
  pageSize: 20,
  next,
  prev,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: two pages behind cursors `p2` and `p1`; `empty` pages to nothing; anything else is refused as the server refuses a forged cursor. */
function renderHistory(url: string) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const cursor = new URL(String(input), 'http://localhost').searchParams.get('cursor');
    if (!cursor || cursor === 'p1') return json(page(1, 'p2', null));
    if (cursor === 'p2') return json(page(3, null, 'p1'));
    if (cursor === 'empty') return json({ items: [], total: 4, exact: true, pageSize: 20, next: null, prev: null });
    return json({ code: 'validation_failed', message: 'The page link is not valid.', fields: { cursor: 'cursor_invalid' } }, 400);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/real-time-support', element: <HistoryList /> }], { initialEntries: ['/start', url], initialIndex: 1 });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, search, fetchMock };
}

describe('HistoryList', () => {
  it('keeps its page in the address beside the other parameters, and Back returns to the page before', async () => {
    const { router, search } = renderHistory('/real-time-support?tab=all');
    await screen.findByText('Passenger 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Passenger 3');
    expect(search().get('historyCursor')).toBe('p2');
    expect(search().get('tab')).toBe('all');
    expect(router.state.historyAction).toBe('PUSH');

    await act(() => router.navigate(-1));
    await screen.findByText('Passenger 1');
    expect(search().has('historyCursor')).toBe(false);
    expect(search().get('tab')).toBe('all');
  });

  it('opens the page the address names, as after a reload or from a shared link', async () => {
    const { fetchMock } = renderHistory('/real-time-support?historyCursor=p2');
    await screen.findByText('Passenger 3');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/support/sessions?scope=history&pageSize=20&cursor=p2');
    expect(screen.queryByText('Passenger 1')).toBeNull();
  });

  it('a cursor the server refuses gives the newest page with a line saying why, replacing the address', async () => {
    const { router, search } = renderHistory('/real-time-support?historyCursor=forged&tab=all');
    await screen.findByText('Passenger 1');
    expect(screen.getByRole('alert').textContent).toContain('That page of the history is no longer available. Here are the newest chats.');
    expect(search().has('historyCursor')).toBe(false);
    expect(search().get('tab')).toBe('all');
    expect(router.state.historyAction).toBe('REPLACE');
    // Paging on puts the line away.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Passenger 3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page that came back empty goes back to the newest, replacing the address', async () => {
    const { router, search } = renderHistory('/real-time-support?historyCursor=empty');
    await screen.findByText('Passenger 1');
    expect(search().has('historyCursor')).toBe(false);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page parameter that cannot be a cursor is taken out of the address, and the newest page shown', async () => {
    const { router, search, fetchMock } = renderHistory('/real-time-support?historyCursor=not%20a%20cursor!&tab=all');
    await screen.findByText('Passenger 1');
    await vi.waitFor(() => expect(search().has('historyCursor')).toBe(false));
    expect(search().get('tab')).toBe('all');
    expect(router.state.historyAction).toBe('REPLACE');
    // Never sent to the server.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/support/sessions?scope=history&pageSize=20']);
  });
});
