import type { AssistantCommand } from '@railmadad/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
import { useIsOnline } from '../../lib/online';
import { isNearBottom } from './assistant-text';
import { useVoiceInput } from '../voice/use-voice-input';
import { VoiceInputButton, VoiceInputStatus } from '../voice/voice-input-button';
import { Composer } from './composer';
import { AssistantAnswer, AssistantNote, UserMessage } from './message-item';
import { useAssistantChat } from './use-assistant-chat';
import { useReadAloud } from './use-read-aloud';

/**
 * On a phone the conversation fills the screen below the top bar (3.5 rem) so the input stays in
 * view; from a tablet up the history is the original prototype's 500 px box.
 */
const FRAME = 'flex min-h-0 flex-col max-sm:h-[calc(100dvh-3.5rem)] max-sm:-mx-4 max-sm:-my-6';

/** /ai-assistance: the passenger asks, the assistant answers from Rail Madad's own records and help pages. */
export default function AssistantPage() {
  const { t, i18n } = useTranslation();
  const chat = useAssistantChat();
  const readAloud = useReadAloud();
  const isOnline = useIsOnline();
  const [draft, setDraft] = useState('');
  // What is said goes into the box, after anything already typed; the passenger reads it and sends.
  const voice = useVoiceInput({ language: i18n.language, onText: (text) => setDraft((d) => (d.trim() ? `${d.trim()} ${text}` : text)) });
  const listRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const refocus = useRef(false);

  const ask = async (text: string, command?: AssistantCommand) => {
    if (!text.trim() || chat.isBusy || !isOnline) return;
    stickToBottom.current = true;
    refocus.current = document.activeElement === textareaRef.current;
    const isSent = await chat.send(text, command);
    // Nothing reached the server: the words go back in the box (unless something new was typed), ready to send again.
    if (!isSent && !command) setDraft((d) => (d.trim() ? d : text));
  };
  const sendDraft = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    void ask(text);
  };
  const sendChoice = (label: string, command?: AssistantCommand) => {
    refocus.current = false;
    void ask(label, command);
  };

  // The input is disabled while the answer comes; whoever was typing gets it back when it has come.
  useEffect(() => {
    if (!chat.isBusy && refocus.current) {
      refocus.current = false;
      textareaRef.current?.focus();
    }
  }, [chat.isBusy]);

  // Follow the newest words unless the reader scrolled up to read older ones.
  const count = chat.entries.length;
  const streamLength = chat.streaming?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when something is added or written, not on every render
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [count, streamLength, chat.isBusy, chat.isLoading]);
  const onScroll = () => {
    if (listRef.current) stickToBottom.current = isNearBottom(listRef.current);
  };

  const startOver = async () => {
    if (readAloud.speakingId) window.speechSynthesis.cancel();
    try {
      await chat.startOver();
      setDraft('');
      textareaRef.current?.focus();
    } catch {
      // said below the header
    }
  };

  const lastAnswerIndex = chat.entries.findLastIndex((e) => e.kind === 'message' && e.message.role === 'assistant');
  const showStarters = !chat.isLoading && count === 0 && !chat.isBusy && chat.starters.length > 0;

  return (
    <div className={FRAME}>
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:mb-4 sm:px-0 sm:py-0">
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight sm:text-3xl">{t('assistant.title')}</h1>
          <p className="mt-1 hidden text-slate-600 sm:block dark:text-slate-400">{t('assistant.subtitle')}</p>
        </div>
        <Button variant="secondary" onClick={() => void startOver()} busy={chat.isStartingOver} disabled={count === 0 && !chat.isBusy} className="shrink-0 px-3 disabled:opacity-50 sm:px-4">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {t('assistant.newConversation')}
        </Button>
      </header>
      {chat.startOverFailed && (
        <p role="alert" className="mx-4 mb-2 text-sm text-red-700 sm:mx-0 dark:text-red-400">
          {t('assistant.newConversationFailed')}
        </p>
      )}

      <section
        aria-label={t('assistant.conversationLabel')}
        className="flex min-h-0 flex-1 flex-col overflow-hidden border-y border-slate-200 bg-slate-50 sm:flex-none sm:rounded-xl sm:border sm:shadow-sm dark:border-slate-800 dark:bg-slate-950"
      >
        <div
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={t('assistant.logLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
          tabIndex={0}
          onScroll={onScroll}
          className="min-h-0 flex-1 space-y-4 overflow-y-auto overscroll-contain px-3 py-4 sm:h-[500px] sm:flex-none sm:px-4"
        >
          <AssistantNote text={t('assistant.greeting')} />
          {chat.isLoading && <p className="text-center text-sm text-slate-600 dark:text-slate-400">{t('assistant.loading')}</p>}
          {chat.loadError && (
            <p className="text-center text-sm text-red-700 dark:text-red-400">
              {t('assistant.loadFailed')}{' '}
              <button type="button" onClick={chat.reload} className="min-h-11 font-semibold underline underline-offset-4">
                {t('assistant.reload')}
              </button>
            </p>
          )}
          {showStarters && (
            <div className="ps-10">
              <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('assistant.startersTitle')}</p>
              <ul className="flex flex-wrap gap-2">
                {chat.starters.map((s) => (
                  <li key={s}>
                    <button
                      type="button"
                      disabled={!isOnline}
                      onClick={() => sendChoice(s)}
                      className="min-h-11 rounded-full border border-slate-300 bg-white px-4 py-2 text-start text-sm font-medium text-slate-800 shadow-sm hover:border-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-amber-300 dark:hover:bg-slate-800"
                    >
                      {s}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {chat.entries.map((entry, index) => {
            if (entry.kind === 'failure') return <AssistantNote key={entry.id} text={entry.text} tone="failure" />;
            const m = entry.message;
            if (m.role === 'user') return <UserMessage key={m.id} message={m} />;
            return (
              <AssistantAnswer
                key={m.id}
                message={m}
                conversationId={chat.conversationId}
                isLatest={index === lastAnswerIndex && index === count - 1}
                isFresh={entry.isFresh}
                isBusy={chat.isBusy}
                isOnline={isOnline}
                readAloud={readAloud}
                onSend={sendChoice}
              />
            );
          })}
          {chat.streaming !== null && (
            // Screen readers hear the whole answer once it is complete, not every word as it is written.
            <div aria-hidden="true">
              <AssistantNote text={chat.streaming} isWriting />
            </div>
          )}
        </div>

        <div role="status" className="min-h-7 px-4 py-1 text-sm text-slate-600 italic dark:text-slate-400">
          {chat.isBusy && chat.streaming === null && (
            <span className="inline-flex items-center gap-2">
              <span className="flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-current" />
              </span>
              {t('assistant.thinking')}
            </span>
          )}
        </div>
        {!isOnline && (
          <p role="status" className="flex items-start gap-2 border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
              <path d="M4 20v-2m5 2v-6m5 6v-4m5 4V8M3 3l18 18" />
            </svg>
            {t('assistant.offline')}
          </p>
        )}
        <Composer
          draft={draft}
          onDraft={setDraft}
          onSend={sendDraft}
          isBusy={chat.isBusy}
          isOnline={isOnline}
          textareaRef={textareaRef}
          voice={voice.isAvailable ? <VoiceInputButton voice={voice} className="shrink-0" compact /> : null}
          footer={
            <>
              <VoiceInputStatus voice={voice} />
              {!voice.isAvailable && <VoiceInputButton voice={voice} />}
            </>
          }
        />
      </section>

      <p className="hidden items-start gap-2 pt-3 text-xs text-slate-600 sm:flex dark:text-slate-400">
        <Icon name="shield" className="size-4 shrink-0" />
        {t('assistant.footnote')}
      </p>
    </div>
  );
}
