import type { ClientToServerEvents, ServerToClientEvents } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { addLiveNotification, notificationsQuery } from './api';

/** One socket per signed-in tab; the server puts it in the user's room from the session cookie. */
export function useLiveNotifications(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: '/socket.io', withCredentials: true });
    socket.on('notification:new', (notification) => {
      client.setQueryData(notificationsQuery.queryKey, (old) => addLiveNotification(old, notification));
    });
    // A complaint was filed or changed: lists, cards, the home overview and the classification
    // queue (every complaint is classified on filing) fetch again.
    socket.on('complaint:changed', () => {
      client.invalidateQueries({ queryKey: ['complaints'] });
      client.invalidateQueries({ queryKey: ['overview'] });
      client.invalidateQueries({ queryKey: ['classifications'] });
    });
    // An admin's retraining moved on (staff only receive it): the Smart Classification screen shows it.
    socket.on('classifier:training', (status) => client.setQueryData(['classifier', 'training'], status));
    // Each time the socket joins (first connect, or after the train left a tunnel), catch up on
    // whatever happened while it was not listening: the bell and the complaint lists.
    socket.on('connect', () => {
      client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      client.invalidateQueries({ queryKey: ['complaints'] });
      client.invalidateQueries({ queryKey: ['classifications'] });
      client.invalidateQueries({ queryKey: ['classifier', 'training'] });
    });
    return () => {
      socket.disconnect();
    };
  }, [userId, client]);
}
