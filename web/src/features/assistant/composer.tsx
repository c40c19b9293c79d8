import { ASSISTANT_MESSAGE_MAX } from '@railmadad/contract';
import { type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sendHandlers } from '../../lib/send-keys';

/** The counter shows only near the limit (less noise on a phone). */
const COUNTER_FROM = ASSISTANT_MESSAGE_MAX - 150;

/**
 * The input row: the question, the microphone toggle, Send. Enter sends, Shift+Enter starts a new
 * line. While an answer is on its way, or with no signal, nothing can be sent; the typed text stays.
 */
export function Composer({
  draft,
  onDraft,
  onSend,
  isBusy,
  isOnline,
  textareaRef,
  voice,
  footer,
}: {
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  isBusy: boolean;
  isOnline: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  voice?: ReactNode;
  /** Under the row: what voice input is doing, or why it is not offered. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const canSend = draft.trim().length > 0 && !isBusy && isOnline;

  const { onSubmit: submit, onKeyDown } = sendHandlers(canSend, onSend);

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-2 sm:p-3 dark:border-slate-700 dark:bg-slate-900">
      <label htmlFor={id} className="sr-only">
        {t('assistant.input.label')}
      </label>
      {draft.length >= COUNTER_FROM && (
        <p className="mb-1 text-end text-xs text-slate-600 tabular-nums dark:text-slate-400">{t('assistant.input.counter', { count: draft.length, max: ASSISTANT_MESSAGE_MAX })}</p>
      )}
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={textareaRef}
          rows={1}
          value={draft}
          maxLength={ASSISTANT_MESSAGE_MAX}
          disabled={isBusy}
          placeholder={t('assistant.input.placeholder')}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className="field-sizing-content block max-h-36 min-h-11 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-600 focus:border-brand-600 disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 dark:disabled:text-slate-400"
        />
        {voice}
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-700/50 sm:px-4"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5 rtl:-scale-x-100">
            <path d="M5 12h14m-6-6 6 6-6 6" />
          </svg>
          <span className="max-sm:sr-only">{t('assistant.input.send')}</span>
        </button>
      </div>
      {footer && <div className="mt-1 flex flex-col gap-1 px-1">{footer}</div>}
    </form>
  );
}
