import type { SupportSession } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../lib/socket';
import { passengerKeys, putSession } from './api';

/**
 * Keeps the passenger's sessions live: `support:session` (pushed on every queue change, on
 * acceptance, on the end) replaces the cached copy; a socket that joins again or a phone that is
 * back `online` asks for the sessions afresh, so the place in the queue is never a frozen number.
 */
export function usePassengerLive() {
  const socket = useSocket();
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: ['support', 'session'] });
      void client.invalidateQueries({ queryKey: passengerKeys.history });
    };
    const onSession = (session: SupportSession) => putSession(client, session);
    window.addEventListener('online', refresh);
    socket?.on('support:session', onSession).on('connect', refresh);
    return () => {
      window.removeEventListener('online', refresh);
      socket?.off('support:session', onSession).off('connect', refresh);
    };
  }, [socket, client]);
}
