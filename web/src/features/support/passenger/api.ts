import type { StartSupport, SupportAgent, SupportComplaintDraft, SupportSession, SupportSessionList } from '@railmadad/contract';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under ['support'] like the staff console's keys; a passenger never holds both. */
export const passengerKeys = {
  /** The newest page of the passenger's chats; older pages add their cursor to it. */
  history: ['support', 'sessions', 'passenger'] as const,
  historyPage: (cursor: string) => ['support', 'sessions', 'passenger', cursor] as const,
  session: (id: string) => ['support', 'session', id] as const,
  agents: ['support', 'agents', 'available'] as const,
};

export const sessionPath = (id: string, action = '') => `/api/support/sessions/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** Chats per page of the passenger's list (the server pages it by cursor). */
export const HISTORY_PAGE_SIZE = 20;

/** The newest page: the list's first page, and where a chat still going on is found (it is among the newest). */
export const historyQuery = queryOptions({
  queryKey: passengerKeys.history,
  queryFn: () => api<SupportSessionList>(`/api/support/sessions?pageSize=${HISTORY_PAGE_SIZE}`),
});

/** An older (or, going back, newer) page: the `next` or `prev` of the page shown. */
export const historyPageQuery = (cursor: string) =>
  queryOptions({
    queryKey: passengerKeys.historyPage(cursor),
    queryFn: () => api<SupportSessionList>(`/api/support/sessions?pageSize=${HISTORY_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`),
    placeholderData: keepPreviousData,
  });

export const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: passengerKeys.session(id),
    queryFn: () => api<SupportSession>(sessionPath(id)),
  });

/** Passengers do not hear the staff room's `support:changed`: the list is asked again this often while shown. */
const AGENTS_EVERY_MS = 15_000;

export const availableAgentsQuery = queryOptions({
  queryKey: passengerKeys.agents,
  // The list may come bare or as { items }; either way, the agents.
  queryFn: async () => {
    const data = await api<{ items: SupportAgent[] } | SupportAgent[]>('/api/support/agents');
    return Array.isArray(data) ? data : data.items;
  },
  refetchInterval: AGENTS_EVERY_MS,
});

/**
 * A session the server sent (push or answer) replaces the cached one and its row on any page that shows it; a new
 * one goes on top of the newest page (the next fetch of that page puts the cursors right).
 */
export function putSession(client: QueryClient, session: SupportSession) {
  client.setQueryData(passengerKeys.session(session.id), session);
  client.setQueriesData<SupportSessionList>({ queryKey: passengerKeys.history }, (old) =>
    old?.items.some((s) => s.id === session.id) ? { ...old, items: old.items.map((s) => (s.id === session.id ? session : s)) } : old,
  );
  client.setQueryData<SupportSessionList>(passengerKeys.history, (old) =>
    !old || old.items.some((s) => s.id === session.id) ? old : { ...old, items: [session, ...old.items], total: old.total + 1 },
  );
}

const isSession = (value: unknown): value is SupportSession => !!value && typeof value === 'object' && 'id' in value && 'status' in value;

function useSessionAction<T = void>(run: (input: T) => Promise<SupportSession>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The answer is the changed session; should it ever be bare, the screen asks again.
    onSuccess: (session) => (isSession(session) ? putSession(client, session) : void client.invalidateQueries({ queryKey: ['support'] })),
  });
}

export const useStartSession = () => useSessionAction((body: StartSupport) => api<SupportSession>('/api/support/sessions', { body }));

export const useEndSession = (id: string) => useSessionAction(() => api<SupportSession>(sessionPath(id, 'end'), { body: {} }));

export const useLeaveMessage = () => useSessionAction((id: string) => api<SupportSession>(sessionPath(id, 'leave-message'), { body: {} }));

export const useRateSession = (id: string) => useSessionAction((body: { rating: number; comment?: string }) => api<SupportSession>(sessionPath(id, 'rating'), { body }));

export const fetchComplaintDraft = (id: string) => api<SupportComplaintDraft>(sessionPath(id, 'complaint-draft'));
