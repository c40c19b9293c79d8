import type { Notification, NotificationList } from '@railmadad/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api<NotificationList>('/api/notifications'),
  staleTime: 30_000,
});

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => api('/api/notifications/read', { body: id ? { id } : {} }),
    onMutate: (id) => {
      client.setQueryData(notificationsQuery.queryKey, (old) => {
        if (!old) return old;
        const now = new Date().toISOString();
        const items = old.items.map((n) => (!id || n.id === id ? { ...n, readAt: n.readAt ?? now } : n));
        return { items, unread: items.filter((n) => !n.readAt).length };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

/** Puts a notification pushed over the socket at the top of the bell without a refetch. */
export function addLiveNotification(old: NotificationList | undefined, incoming: Notification): NotificationList {
  const items = [incoming, ...(old?.items ?? []).filter((n) => n.id !== incoming.id)].slice(0, 30);
  return { items, unread: items.filter((n) => !n.readAt).length };
}
