import type { AssistantCommand, AssistantMessage } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newUuid } from '../../lib/online';
import { currentConversationQuery, useNewConversation } from './api';
import { failureText } from './assistant-text';
import { AssistantChatError, sendAssistantMessage } from './stream-chat';

/**
 * What the list shows: messages the server keeps (`fresh` when they arrived during this visit),
 * and the answers that never came, written as the assistant's bubble (not kept after a reload).
 */
export type ChatEntry =
  | { kind: 'message'; message: AssistantMessage; isFresh: boolean }
  | { kind: 'failure'; id: string; text: string; createdAt: string };

const localMessage = (content: string): AssistantMessage => ({
  id: `local-${newUuid()}`,
  role: 'user',
  content,
  language: 'en',
  action: null,
  sources: [],
  suggestions: [],
  createdAt: new Date().toISOString(),
});

/** The passenger's conversation with the assistant: load it, ask (streamed), start over. */
export function useAssistantChat() {
  const { t } = useTranslation();
  const query = useQuery(currentConversationQuery);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  /** The answer being written: null while waiting for its first word. */
  const [streaming, setStreaming] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  /** Set at once, so a double tap cannot ask twice before React has drawn the disabled button. */
  const isAsking = useRef(false);
  const reset = useNewConversation();

  // The stored conversation comes in once per visit; from then on the screen keeps its own list.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !query.data) return;
    seeded.current = true;
    setConversationId(query.data.id);
    setEntries(query.data.messages.map((message) => ({ kind: 'message', message, isFresh: false })));
  }, [query.data]);

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (text: string, command?: AssistantCommand): Promise<boolean> => {
      const message = text.trim();
      if (!message || isAsking.current) return false;
      isAsking.current = true;
      const controller = new AbortController();
      abort.current = controller;
      setEntries((list) => [...list, { kind: 'message', message: localMessage(message), isFresh: true }]);
      setBusy(true);
      setStreaming(null);
      let isSent = true;
      try {
        const answer = await sendAssistantMessage(
          { message, conversationId: conversationId ?? undefined, command },
          { signal: controller.signal, onDelta: (piece) => setStreaming((s) => (s ?? '') + piece) },
        );
        if (controller.signal.aborted) return false;
        setConversationId(answer.conversationId);
        setEntries((list) => [...list, { kind: 'message', message: answer.message, isFresh: true }]);
      } catch (error) {
        if (controller.signal.aborted) return false;
        const failure = error instanceof AssistantChatError ? error.failure : ({ kind: 'unexpected' } as const);
        isSent = failure.kind !== 'network';
        setEntries((list) => [...list, { kind: 'failure', id: `failure-${newUuid()}`, text: failureText(failure, t), createdAt: new Date().toISOString() }]);
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          isAsking.current = false;
          setBusy(false);
          setStreaming(null);
        }
      }
      return isSent;
    },
    [conversationId, t],
  );

  const startOver = useCallback(async () => {
    abort.current?.abort();
    abort.current = null;
    isAsking.current = false;
    setBusy(false);
    setStreaming(null);
    await reset.mutateAsync();
    setEntries([]);
    setConversationId(null);
  }, [reset]);

  return {
    entries,
    conversationId,
    starters: query.data?.starters ?? [],
    isLoading: query.isPending,
    loadError: query.isError ? query.error : null,
    reload: () => void query.refetch(),
    isBusy,
    streaming,
    send,
    startOver,
    isStartingOver: reset.isPending,
    startOverFailed: reset.isError,
  };
}
