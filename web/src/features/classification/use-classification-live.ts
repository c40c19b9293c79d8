import type { ClientToServerEvents, ServerToClientEvents } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { classificationKeys } from './api';

/**
 * While the screen is open: a complaint filed or changed (each is classified on filing) refreshes
 * the table and the tiles, and an admin's retraining reports its progress to every staff member.
 */
export function useClassificationLive() {
  const client = useQueryClient();
  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: '/socket.io', withCredentials: true });
    const refresh = () => void client.invalidateQueries({ queryKey: classificationKeys.all });
    socket.on('complaint:changed', refresh);
    socket.on('classifier:training', (status) => client.setQueryData(classificationKeys.training, status));
    // Back after a lost connection: catch up on what happened meanwhile.
    socket.io.on('reconnect', () => {
      refresh();
      void client.invalidateQueries({ queryKey: classificationKeys.training });
    });
    return () => {
      socket.disconnect();
    };
  }, [client]);
}
