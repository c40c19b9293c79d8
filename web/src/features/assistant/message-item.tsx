import type { AssistantCommand, AssistantMessage } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icons';
import { formatMessageTime } from '../../lib/format';
import { ActionCard } from './action-cards';
import { suggestionsBesideAction } from './assistant-text';

const BUBBLE = 'rounded-2xl px-3.5 py-2.5 shadow-sm';
const BUBBLE_USER = 'rounded-ee-md bg-brand-700 text-white dark:bg-brand-600';
const BUBBLE_ASSISTANT = 'rounded-es-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700';
const BUBBLE_EMERGENCY = 'rounded-es-md border-2 border-red-700 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950 dark:text-red-50';
const BUBBLE_FAILURE = 'rounded-es-md bg-red-50 text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900';
const TEXT = 'text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap';


function AssistantAvatar({ isEmergency = false }: { isEmergency?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-5 grid size-8 shrink-0 place-items-center rounded-full ${isEmergency ? 'bg-red-700 text-white' : 'bg-brand-100 text-brand-700 dark:bg-slate-800 dark:text-amber-300'}`}
    >
      <Icon name={isEmergency ? 'phone' : 'sparkles'} className="size-4" />
    </span>
  );
}

/** The passenger's own words, on the right. */
export function UserMessage({ message }: { message: AssistantMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex justify-end">
      <div className="flex max-w-[80%] flex-col items-end">
        <div className={`${BUBBLE} ${BUBBLE_USER}`}>
          <span className="sr-only">{t('assistant.you')}: </span>
          <p className={TEXT}>{message.content}</p>
        </div>
        <p className="mt-0.5 px-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.language)}</time>
        </p>
      </div>
    </div>
  );
}

/** A text from the assistant with no message behind it: the greeting, an answer that never came, the one being written. */
export function AssistantNote({ text, tone = 'normal', isWriting = false }: { text: string; tone?: 'normal' | 'failure'; isWriting?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-2">
      <AssistantAvatar />
      <div className="flex max-w-[80%] min-w-0 flex-col items-start">
        <p className="mb-0.5 px-1 text-xs font-semibold text-slate-700 dark:text-slate-300">{t('assistant.name')}</p>
        <div className={`${BUBBLE} ${tone === 'failure' ? BUBBLE_FAILURE : BUBBLE_ASSISTANT}`}>
          <p className={TEXT}>
            {text}
            {isWriting && <span className="ms-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-current opacity-60" />}
          </p>
        </div>
      </div>
    </div>
  );
}

/** An answer: its words, what it lets the passenger do, where it came from, and what to ask next. */
export function AssistantAnswer({
  message,
  conversationId,
  isLatest,
  isFresh,
  isBusy,
  isOnline,
  readAloud,
  onSend,
}: {
  message: AssistantMessage;
  conversationId: string | null;
  isLatest: boolean;
  isFresh: boolean;
  isBusy: boolean;
  isOnline: boolean;
  readAloud: { isSupported: boolean; speakingId: string | null; toggle: (id: string, text: string, language: AssistantMessage['language']) => void };
  onSend: (label: string, command?: AssistantCommand) => void;
}) {
  const { t, i18n } = useTranslation();
  const action = message.action;
  const isEmergency = action?.kind === 'call' && action.emergency;
  const isSpeaking = readAloud.speakingId === message.id;
  const canAct = isLatest && isOnline;
  const suggestions = isLatest ? suggestionsBesideAction(message) : [];
  return (
    <div className="flex items-start gap-2">
      <AssistantAvatar isEmergency={isEmergency} />
      {/* The bubble keeps to 80% of the width; the cards under it may use the whole column (a phone needs the room). */}
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        <div
          // An emergency answer that arrives now interrupts whatever the screen reader says; one from before a reload does not.
          role={isEmergency && isFresh ? 'alert' : undefined}
          className="flex max-w-[80%] flex-col items-start"
        >
          <p className={`mb-0.5 px-1 text-xs font-semibold ${isEmergency ? 'text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}>
            {isEmergency ? t('assistant.emergencyLabel') : t('assistant.name')}
          </p>
          <div className={`${BUBBLE} ${isEmergency ? BUBBLE_EMERGENCY : BUBBLE_ASSISTANT}`} lang={message.language}>
            <p className={`${TEXT} ${isEmergency ? 'font-medium' : ''}`}>{message.content}</p>
          </div>
        </div>
        {action && (
          <div className="w-full max-w-xl">
            <ActionCard action={action} conversationId={conversationId} canAct={canAct} isBusy={isBusy || !isOnline} onSend={onSend} />
          </div>
        )}
        {message.sources.length > 0 && (
          <p className="px-1 text-xs text-slate-600 dark:text-slate-400">
            <span className="font-semibold">{t('assistant.sources')}:</span> {message.sources.map((s) => s.title).join(' · ')}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-1 px-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.language)}</time>
          {readAloud.isSupported && (
            <>
              <span aria-hidden="true">·</span>
              <button
                type="button"
                aria-pressed={isSpeaking}
                onClick={() => readAloud.toggle(message.id, message.content, message.language)}
                className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-50 dark:text-amber-300 dark:hover:bg-slate-800"
              >
                <SpeakerIcon isSpeaking={isSpeaking} />
                {isSpeaking ? t('assistant.stopReading') : t('assistant.readAloud')}
              </button>
            </>
          )}
        </div>
        {suggestions.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('assistant.suggestionsLabel')}>
            {suggestions.map((s) => (
              <li key={`${s.label}-${s.command ?? ''}`}>
                <button
                  type="button"
                  disabled={isBusy || !isOnline}
                  onClick={() => onSend(s.label, s.command)}
                  className="min-h-11 rounded-full border border-brand-700 bg-white px-4 py-2 text-start text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-amber-300 dark:bg-slate-900 dark:text-amber-200 dark:hover:bg-slate-800"
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const svg = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function SpeakerIcon({ isSpeaking }: { isSpeaking: boolean }) {
  return (
    <svg {...svg} aria-hidden="true" className="size-4 rtl:-scale-x-100">
      {isSpeaking ? <path d="M7 7h10v10H7z" /> : <path d="M4 9v6h4l5 4V5L8 9H4Zm12.5-.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  );
}
