import type { SupportMessage, SupportMessageList } from '@railmadad/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError, api } from '../../../lib/api';
import { newUuid } from '../../../lib/online';
import { type AppSocket, useSocket } from '../../../lib/socket';
import { type ChatData, emptyChat, highestSeq, loadOutbox, mergeMessages, type PendingMessage, saveOutbox } from './chat-data';

export const supportMessagesKey = (sessionId: string) => ['support', 'messages', sessionId] as const;

const sessionPath = (sessionId: string, rest: string) => `/api/support/sessions/${encodeURIComponent(sessionId)}/${rest}`;

/** A socket that says nothing back in this time is not trusted with the message: it goes by HTTP. */
const ACK_TIMEOUT_MS = 8000;

/** Changes the cached chat and keeps the unsent messages in localStorage in step with it. */
function updateChat(client: QueryClient, sessionId: string, change: (held: ChatData) => ChatData): ChatData {
  const key = supportMessagesKey(sessionId);
  const before = client.getQueryData<ChatData>(key) ?? emptyChat(loadOutbox(sessionId));
  const next = change(before);
  if (next !== before) client.setQueryData<ChatData>(key, next);
  if (next.pending !== before.pending) saveOutbox(sessionId, next.pending);
  return next;
}

/** Adds messages from the server (socket, ack, HTTP answer or catch-up) to the session's chat. */
export function addSupportMessages(client: QueryClient, sessionId: string, messages: readonly SupportMessage[]) {
  updateChat(client, sessionId, (held) => mergeMessages(held, messages));
}

const setPending = (client: QueryClient, sessionId: string, clientId: string, patch: Partial<PendingMessage>) =>
  updateChat(client, sessionId, (held) => ({ ...held, pending: held.pending.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)) }));

const dropPending = (client: QueryClient, sessionId: string, clientId: string) =>
  updateChat(client, sessionId, (held) => ({ ...held, pending: held.pending.filter((p) => p.clientId !== clientId) }));

/** Everything after what was last fetched in full, page after page until the server's last one. */
async function fetchChat(client: QueryClient, sessionId: string): Promise<ChatData> {
  const key = supportMessagesKey(sessionId);
  let held = client.getQueryData<ChatData>(key) ?? emptyChat(loadOutbox(sessionId));
  for (let page = 0; page < 50; page++) {
    const list = await api<SupportMessageList>(sessionPath(sessionId, `messages?after=${held.synced}`));
    // Re-read the cache: the socket may have added messages while the request was out.
    const merged = mergeMessages(client.getQueryData<ChatData>(key) ?? held, list.items);
    const full = list.items.length === 0 || highestSeq(list.items) >= list.lastSeq;
    // Up to the server's last seq when the page held everything, else up to this page's last.
    held = { ...merged, synced: Math.max(merged.synced, full ? list.lastSeq : highestSeq(list.items)) };
    if (full) break;
  }
  // Once more against the cache, so a message the socket brought during the last request stays.
  const latest = client.getQueryData<ChatData>(key);
  return latest ? { ...mergeMessages(latest, held.messages), synced: Math.max(latest.synced ?? 0, held.synced) } : held;
}

type Outcome = 'sent' | 'waiting' | 'failed';

/** Whether an error means "no signal" (try again later) rather than "the server said no". */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

async function deliver(client: QueryClient, socket: AppSocket | null, sessionId: string, message: PendingMessage): Promise<Outcome> {
  const payload = { sessionId, body: message.body, clientId: message.clientId, ...(message.internal ? { internal: true } : {}) };
  const confirm = (saved: SupportMessage) => {
    addSupportMessages(client, sessionId, [saved]);
    // Confirmed even if the server's copy lacks our clientId.
    dropPending(client, sessionId, message.clientId);
    return 'sent' as const;
  };
  if (socket?.connected) {
    try {
      const ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('support:send', payload);
      if (ack.ok) return confirm(ack.message);
      setPending(client, sessionId, message.clientId, { state: 'failed', error: ack.code });
      return 'failed';
    } catch {
      // No answer in time: the HTTP route below; the clientId makes a double store impossible.
    }
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    setPending(client, sessionId, message.clientId, { state: 'waiting' });
    return 'waiting';
  }
  try {
    const { sessionId: _, ...body } = payload;
    return confirm(await api<SupportMessage>(sessionPath(sessionId, 'messages'), { body }));
  } catch (error) {
    if (isTransient(error)) {
      setPending(client, sessionId, message.clientId, { state: 'waiting' });
      return 'waiting';
    }
    setPending(client, sessionId, message.clientId, { state: 'failed', error: error instanceof ApiError ? error.code : 'failed' });
    return 'failed';
  }
}

/** One sender per session (however many screens hold the hook), so messages leave in the order typed. */
const running = new Map<string, Promise<void>>();
const rerun = new Set<string>();

function flush(client: QueryClient, getSocket: () => AppSocket | null, sessionId: string): Promise<void> {
  const current = running.get(sessionId);
  if (current) {
    rerun.add(sessionId);
    return current;
  }
  const run = (async () => {
    do {
      rerun.delete(sessionId);
      for (;;) {
        const held = client.getQueryData<ChatData>(supportMessagesKey(sessionId));
        const next = held?.pending.find((p) => p.state !== 'failed');
        if (!next) break;
        setPending(client, sessionId, next.clientId, { state: 'sending' });
        const outcome = await deliver(client, getSocket(), sessionId, next);
        if (outcome === 'waiting') {
          // No signal: the rest wait too, in order, for the next connect or `online`.
          updateChat(client, sessionId, (h) => ({ ...h, pending: h.pending.map((p) => (p.state === 'sending' ? { ...p, state: 'waiting' } : p)) }));
          return;
        }
      }
    } while (rerun.has(sessionId));
  })().finally(() => running.delete(sessionId));
  running.set(sessionId, run);
  return run;
}

export type SupportMessages = {
  messages: SupportMessage[];
  pending: PendingMessage[];
  isLoading: boolean;
  isError: boolean;
  /** The highest seq held: what the screen has received. */
  lastSeq: number;
  send: (body: string, options?: { internal?: boolean }) => void;
  /** Sends a refused or stuck message again. */
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  /** Uploads one (already shrunk) photo; resolves when the server has stored it. */
  sendPhoto: (photo: Blob, name: string) => Promise<void>;
  refetch: () => void;
};

/**
 * The messages of one session, kept in the query cache by seq so nothing is lost or shown twice:
 * live ones come by `support:message`; every socket (re)connect and every `online` asks for
 * everything after the highest seq held; messages typed without a signal wait in localStorage
 * and go, in order, when it returns.
 */
export function useSupportMessages(sessionId: string): SupportMessages {
  const client = useQueryClient();
  const socket = useSocket();
  const socketRef = useRef(socket);
  socketRef.current = socket;
  const getSocket = useCallback(() => socketRef.current, []);

  const query = useQuery({
    queryKey: supportMessagesKey(sessionId),
    queryFn: async () => {
      const data = await fetchChat(client, sessionId);
      // Messages kept from an earlier visit go once they are in the cache (after this returns).
      if (data.pending.some((p) => p.state === 'waiting')) window.setTimeout(() => void flush(client, getSocket, sessionId));
      return data;
    },
    placeholderData: () => emptyChat(loadOutbox(sessionId)),
  });
  const fallback = useMemo(() => emptyChat(loadOutbox(sessionId)), [sessionId]);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: SupportMessage) => {
      if (message.sessionId === sessionId) addSupportMessages(client, sessionId, [message]);
    };
    // Back from a tunnel: catch up on what was missed, then send what waited.
    const onConnect = () => {
      void client.invalidateQueries({ queryKey: supportMessagesKey(sessionId) });
      void flush(client, getSocket, sessionId);
    };
    socket.on('support:message', onMessage).on('connect', onConnect);
    if (socket.connected) void flush(client, getSocket, sessionId);
    return () => {
      socket.off('support:message', onMessage).off('connect', onConnect);
    };
  }, [socket, sessionId, client, getSocket]);

  useEffect(() => {
    const onOnline = () => {
      void client.invalidateQueries({ queryKey: supportMessagesKey(sessionId) });
      void flush(client, getSocket, sessionId);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [sessionId, client, getSocket]);

  const send = useCallback(
    (body: string, options: { internal?: boolean } = {}) => {
      const message: PendingMessage = {
        clientId: newUuid(),
        body,
        internal: Boolean(options.internal),
        createdAt: new Date().toISOString(),
        state: navigator.onLine ? 'sending' : 'waiting',
      };
      updateChat(client, sessionId, (held) => ({ ...held, pending: [...held.pending, message] }));
      if (navigator.onLine) void flush(client, getSocket, sessionId);
    },
    [client, sessionId, getSocket],
  );

  const retry = useCallback(
    (clientId: string) => {
      setPending(client, sessionId, clientId, { state: 'waiting', error: undefined });
      void flush(client, getSocket, sessionId);
    },
    [client, sessionId, getSocket],
  );

  const discard = useCallback((clientId: string) => void dropPending(client, sessionId, clientId), [client, sessionId]);

  const sendPhoto = useCallback(
    async (photo: Blob, name: string) => {
      const form = new FormData();
      form.append('photo', photo, name);
      const saved = await api<SupportMessage>(sessionPath(sessionId, 'photos'), { body: form });
      addSupportMessages(client, sessionId, [saved]);
    },
    [client, sessionId],
  );

  const data = query.data ?? fallback;
  return {
    messages: data.messages,
    pending: data.pending,
    isLoading: query.isPlaceholderData && query.isFetching,
    isError: query.isError,
    lastSeq: highestSeq(data.messages),
    send,
    retry,
    discard,
    sendPhoto,
    refetch: () => void query.refetch(),
  };
}
