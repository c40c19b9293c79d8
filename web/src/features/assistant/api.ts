import type { AssistantConversation, AssistantMessage } from '@railmadad/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const assistantKeys = {
  current: ['assistant', 'current'] as const,
  forStaff: (filter: StaffConversationFilter) => ['assistant', 'staff', filter] as const,
};

/**
 * The passenger's open conversation. The screen takes it once when it opens and keeps the
 * rest itself, so it is never refetched behind the passenger's back (and read fresh on each visit).
 */
export const currentConversationQuery = queryOptions({
  queryKey: assistantKeys.current,
  queryFn: () => api<AssistantConversation>('/api/assistant/conversations/current'),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/** "New conversation": the server forgets the open one. */
export const useNewConversation = () =>
  useMutation({ mutationFn: () => api<{ ok: true }>('/api/assistant/conversations/current', { method: 'DELETE' }) });

/** An assistant conversation a passenger turned into a complaint or a live chat, as staff read it. */
export type StaffAssistantConversation = {
  id: string;
  passenger: { id: string; name: string };
  createdAt: string;
  messages: AssistantMessage[];
};

export type StaffConversationFilter = { complaint: string } | { supportSession: string };

export const staffConversationsQuery = (filter: StaffConversationFilter) =>
  queryOptions({
    queryKey: assistantKeys.forStaff(filter),
    queryFn: () => {
      const search = 'complaint' in filter ? `complaint=${encodeURIComponent(filter.complaint)}` : `supportSession=${encodeURIComponent(filter.supportSession)}`;
      return api<{ items: StaffAssistantConversation[] }>(`/api/assistant/conversations?${search}`);
    },
    select: (data) => data.items,
    staleTime: 60_000,
  });
