import type { SupportSession, SupportSessionList } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocket } from '../../../lib/socket';
import { supportKeys, useSessionUpdater } from './api';

/** Several changes in a burst (a passenger joins, is offered, is taken) make one refetch. */
const COALESCE_MS = 400;

/**
 * Keeps the console live from the shared socket: the staff room's `support:changed` and every
 * reconnect refetch the figures and lists; `support:session` changes a session in place;
 * `support:offer` is kept until answered or expired. Returns the offers pushed to this agent.
 */
export function useSupportLive(): SupportSession[] {
  const socket = useSocket();
  const client = useQueryClient();
  const update = useSessionUpdater();
  const [offers, setOffers] = useState<SupportSession[]>([]);

  useEffect(() => {
    if (!socket) return;
    let timer: number | undefined;
    const refetchSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void client.invalidateQueries({ queryKey: supportKeys.all }), COALESCE_MS);
    };
    const onOffer = (session: SupportSession) => setOffers((old) => [...old.filter((s) => s.id !== session.id), session]);
    const onSession = (session: SupportSession) => {
      const mine = client.getQueryData<SupportSessionList>(supportKeys.list('mine'));
      const known = mine?.items.find((s) => s.id === session.id);
      update(session);
      // A new chat, one that ended or one handed on changes which chats are open: fetch the lists again.
      if (!known || known.status !== session.status || known.agent?.id !== session.agent?.id) refetchSoon();
      // An offer taken, withdrawn or handed to someone else leaves the screen.
      setOffers((old) => old.map((s) => (s.id === session.id ? session : s)));
    };
    socket.on('support:changed', refetchSoon).on('connect', refetchSoon).on('support:offer', onOffer).on('support:session', onSession);
    return () => {
      window.clearTimeout(timer);
      socket.off('support:changed', refetchSoon).off('connect', refetchSoon).off('support:offer', onOffer).off('support:session', onSession);
    };
  }, [socket, client, update]);

  return offers;
}
