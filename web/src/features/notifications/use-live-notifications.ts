import type { Notification, TrainingStatus } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closeSocket, openSocket, useSocket } from '../../lib/socket';
import { addLiveNotification, notificationsQuery } from './api';

/** Opens the tab's socket (lib/socket.ts); the server puts it in the user's room from the session cookie. */
export function useLiveNotifications(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    openSocket(userId);
    return () => closeSocket(userId);
  }, [userId]);
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const onNotification = (notification: Notification) => {
      client.setQueryData(notificationsQuery.queryKey, (old) => addLiveNotification(old, notification));
    };
    // A complaint was filed or changed: lists, cards, the home overview and the classification
    // queue (every complaint is classified on filing) fetch again.
    const onComplaint = () => {
      client.invalidateQueries({ queryKey: ['complaints'] });
      client.invalidateQueries({ queryKey: ['overview'] });
      client.invalidateQueries({ queryKey: ['classifications'] });
    };
    // An admin's retraining moved on (staff only receive it): the Smart Classification screen shows it.
    const onTraining = (status: TrainingStatus) => client.setQueryData(['classifier', 'training'], status);
    // Each time the socket joins (first connect, or after the train left a tunnel), catch up on
    // whatever happened while it was not listening: the bell and the complaint lists.
    const onConnect = () => {
      client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      client.invalidateQueries({ queryKey: ['complaints'] });
      client.invalidateQueries({ queryKey: ['classifications'] });
      client.invalidateQueries({ queryKey: ['classifier', 'training'] });
    };
    socket.on('notification:new', onNotification).on('complaint:changed', onComplaint).on('classifier:training', onTraining).on('connect', onConnect);
    return () => {
      socket.off('notification:new', onNotification).off('complaint:changed', onComplaint).off('classifier:training', onTraining).off('connect', onConnect);
    };
  }, [socket, client]);
}
