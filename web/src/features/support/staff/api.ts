import type {
  AgentState,
  ComplaintSupportSessions,
  SolutionList,
  SupportAgent,
  SupportMessage,
  SupportOverview,
  SupportSession,
  SupportSessionDetail,
  SupportSessionList,
} from '@railmadad/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { ApiError, api } from '../../../lib/api';

export type StaffScope = 'mine' | 'queue' | 'messages' | 'active' | 'history';

/** Everything under ['support'] refetches together when the staff room hears `support:changed`. */
export const supportKeys = {
  all: ['support'] as const,
  overview: ['support', 'overview'] as const,
  agent: ['support', 'agent'] as const,
  agents: ['support', 'agents'] as const,
  lists: ['support', 'sessions'] as const,
  /** A page of `history` has its cursor in the key; the first page (and every live set) has none. */
  list: (scope: StaffScope, cursor?: string) => (cursor ? (['support', 'sessions', scope, cursor] as const) : (['support', 'sessions', scope] as const)),
  detail: (id: string) => ['support', 'session', id] as const,
  forComplaint: (reference: string) => ['support', 'complaint', reference] as const,
};

/** A safety net only: the socket says when something changed; this catches a push lost in a tunnel. */
const SAFETY_NET_MS = 30_000;

const sessionPath = (id: string, action = '') => `/api/support/sessions/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const overviewQuery = queryOptions({
  queryKey: supportKeys.overview,
  queryFn: () => api<SupportOverview>('/api/support/overview'),
  refetchInterval: SAFETY_NET_MS,
});

export const useOverview = () => useQuery(overviewQuery);

/** This agent's own presence, capacity and load. */
export type AgentView = Pick<SupportAgent, 'status' | 'capacity' | 'activeChats'>;

export const useAgentState = () => useQuery({ queryKey: supportKeys.agent, queryFn: () => api<AgentView>('/api/support/agent'), refetchInterval: SAFETY_NET_MS });

export const useAgents = () =>
  useQuery({
    queryKey: supportKeys.agents,
    queryFn: () => api<SupportAgent[] | { items: SupportAgent[] }>('/api/support/agents'),
    // The route answers a bare list; `{ items }` is accepted too, like the other lists.
    select: (data) => (Array.isArray(data) ? data : data.items),
    refetchInterval: SAFETY_NET_MS,
  });

/** Rows per page of the history (the server pages it by cursor; the live sets come whole). */
export const HISTORY_PAGE_SIZE = 20;

const sessionsPath = (scope: StaffScope, cursor?: string) => {
  const params = new URLSearchParams({ scope });
  if (scope === 'history') params.set('pageSize', String(HISTORY_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/support/sessions?${params.toString()}`;
};

/** `cursor`: for `history` only, the `next` or `prev` of the page shown; none is the newest page. */
export const sessionsQuery = (scope: StaffScope, cursor?: string) =>
  queryOptions({
    queryKey: supportKeys.list(scope, cursor),
    queryFn: () => api<SupportSessionList>(sessionsPath(scope, cursor)),
    placeholderData: keepPreviousData,
    // History changes only when a chat ends, which the socket reports; no timer needed.
    refetchInterval: scope === 'history' ? false : SAFETY_NET_MS,
  });

export const useSessions = (scope: StaffScope, enabled = true, cursor?: string) => useQuery({ ...sessionsQuery(scope, cursor), enabled });

export const useSessionDetail = (id: string, enabled = true) =>
  useQuery({ queryKey: supportKeys.detail(id), queryFn: () => api<SupportSessionDetail>(sessionPath(id)), enabled, staleTime: 30_000 });

export const useComplaintSessions = (reference: string) =>
  useQuery({
    queryKey: supportKeys.forComplaint(reference),
    queryFn: () => api<SupportSession[] | ComplaintSupportSessions>(`/api/complaints/${encodeURIComponent(reference)}/support-sessions`),
    // The route answers a list; accept either a bare array or `{ items }` so a change of shape does not blank the section.
    select: (data) => (Array.isArray(data) ? data : data.items),
  });

/** Puts a session the server sent back into every list that holds it, so the screen changes before the refetch. */
export function useSessionUpdater() {
  const client = useQueryClient();
  return useCallback(
    (session: SupportSession) => {
      // Only the rows change: a page keeps its cursors and total.
      client.setQueriesData<SupportSessionList>({ queryKey: supportKeys.lists }, (old) =>
        old ? { ...old, items: old.items.map((s) => (s.id === session.id ? session : s)) } : old,
      );
      client.setQueryData<SupportSessionDetail>(supportKeys.detail(session.id), (old) => (old ? { ...old, ...session } : old));
    },
    [client],
  );
}

/** After any change an agent makes: the figures, the lists and the agents' load all move. */
function useRefetchSupport() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: supportKeys.all });
}

export function useSetAgentState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentState) => api<AgentView>('/api/support/agent', { method: 'PUT', body }),
    onMutate: async (body) => {
      // The segmented control answers at once; a failure puts the old state back.
      await client.cancelQueries({ queryKey: supportKeys.agent });
      const before = client.getQueryData<AgentView>(supportKeys.agent);
      if (before) client.setQueryData<AgentView>(supportKeys.agent, { ...before, ...body, capacity: body.capacity ?? before.capacity });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) client.setQueryData(supportKeys.agent, context.before);
    },
    onSuccess: (agent) => {
      if (agent && typeof agent === 'object' && 'status' in agent) client.setQueryData(supportKeys.agent, agent);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: supportKeys.overview });
      void client.invalidateQueries({ queryKey: supportKeys.agents });
    },
  });
}

type SessionAction = 'accept' | 'decline' | 'end';

/**
 * Accept, decline or end. `onDone` is the hook's own callback, not mutate's: the live push that
 * the session changed can unmount the button before the answer arrives, and it must still run.
 */
export function useSessionAction(action: SessionAction, onDone?: (id: string) => void) {
  const refetch = useRefetchSupport();
  const update = useSessionUpdater();
  return useMutation({
    mutationFn: (id: string) => api<SupportSession | undefined>(sessionPath(id, action), { method: 'POST', body: {} }),
    onSuccess: (session, id) => {
      if (session && typeof session === 'object' && 'id' in session) update(session);
      onDone?.(id);
    },
    onSettled: refetch,
  });
}

export function useTransfer(onDone?: (id: string) => void) {
  const refetch = useRefetchSupport();
  return useMutation({
    mutationFn: ({ id, agentId }: { id: string; agentId?: string }) => api<SupportSession>(sessionPath(id, 'transfer'), { method: 'POST', body: agentId ? { agentId } : {} }),
    onSuccess: (_session, { id }) => onDone?.(id),
    onSettled: refetch,
  });
}

/** An internal note: a message only staff see, sent over HTTP so the side panel knows when it landed. */
export function useSendNote() {
  return useMutation({
    mutationFn: ({ id, body, clientId }: { id: string; body: string; clientId: string }) =>
      api<SupportMessage>(sessionPath(id, 'messages'), { body: { body, clientId, internal: true } }),
  });
}

/** The quick-resolution library, searched from beside a chat. */
export const useSolutionSearch = (q: string, type: string) =>
  useQuery({
    queryKey: ['solutions', 'list', { q, type, state: 'active', pageSize: 10 }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ state: 'active', pageSize: '10' });
      if (q) params.set('q', q);
      if (type) params.set('type', type);
      return api<SolutionList>(`/api/solutions?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/**
 * The words for a failed call: a code this screen knows is translated; a conflict or refusal
 * shows the server's own sentence (it says what happened: taken, expired, full); else a general line.
 */
export function supportErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('supportStaff.errors.failed');
  if (error.code === 'network') return t('errors.network');
  const [field, fieldCode] = error.fields ? (Object.entries(error.fields)[0] ?? []) : [];
  for (const code of [field && `${field}_${fieldCode}`, fieldCode, error.code]) {
    if (!code) continue;
    const key = `supportStaff.errors.codes.${code}`;
    const text = t(key);
    if (text !== key) return text;
  }
  if (error.status === 404) return t('supportStaff.errors.notFound');
  if ([400, 403, 409, 429].includes(error.status) && error.message) return error.message;
  return t('supportStaff.errors.failed');
}
