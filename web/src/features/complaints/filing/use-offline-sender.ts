import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { complaintQueue } from './complaint-queue';

/** How often waiting complaints are retried while the phone says it is online. */
export const RETRY_MS = 30_000;

/**
 * Sends the complaints kept on the phone: at start, when the signal comes back, and every 30 s
 * while some wait. Mounted once in the app layout so they go out whatever page is open.
 */
export function useOfflineSender(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const flush = () => void complaintQueue.flush(userId).catch(() => undefined);
    const onVisible = () => document.visibilityState === 'visible' && flush();
    const stopSent = complaintQueue.onSent(() => {
      void client.invalidateQueries({ queryKey: ['complaints'] });
      void client.invalidateQueries({ queryKey: ['overview'] });
    });
    flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => {
      if (complaintQueue.getSnapshot().items.some((i) => i.userId === userId && i.state === 'waiting')) flush();
    }, RETRY_MS);
    return () => {
      stopSent();
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [userId, client]);
}
