import { SUPPORT_MESSAGE_MAX } from '@railmadad/contract';
import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sendHandlers } from '../../../lib/send-keys';

/** The counter shows once the text is this close to the limit, not before (less noise on a phone). */
const COUNTER_FROM = SUPPORT_MESSAGE_MAX - 200;

/** On a touch screen Enter makes a new line (the keyboard has its own Send key: ours); with a mouse it sends. */
const enterSends = () => typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;

export function Composer({
  draft,
  onDraft,
  onSend,
  onPhoto,
  isUploading,
  extras,
  textareaRef,
  placeholder,
}: {
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  onPhoto: (file: File) => void;
  isUploading: boolean;
  extras?: ReactNode;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const canSend = draft.trim().length > 0;

  const { onSubmit: submit, onKeyDown } = sendHandlers(canSend, onSend, enterSends);

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
      <label htmlFor={id} className="sr-only">
        {t('support.chat.message')}
      </label>
      {draft.length >= COUNTER_FROM && (
        <p className="mb-1 text-end text-xs text-slate-600 tabular-nums dark:text-slate-400">{t('support.chat.counter', { count: draft.length, max: SUPPORT_MESSAGE_MAX })}</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onPhoto(file);
          }}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={isUploading}
          aria-busy={isUploading || undefined}
          aria-label={isUploading ? t('support.chat.uploading') : t('support.chat.attachPhoto')}
          title={t('support.chat.attachPhoto')}
          className="grid size-11 shrink-0 place-items-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {isUploading ? (
            <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
          ) : (
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
              <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Zm8 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z" />
            </svg>
          )}
        </button>
        <textarea
          id={id}
          ref={textareaRef}
          rows={1}
          value={draft}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder={placeholder ?? t('support.chat.placeholder')}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint={enterSends() ? 'send' : 'enter'}
          className="field-sizing-content block max-h-32 min-h-11 min-w-0 flex-1 basis-32 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-600 focus:border-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        {extras && <div className="flex flex-wrap items-center gap-2 max-sm:order-last max-sm:basis-full">{extras}</div>}
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-700/50 sm:px-4"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5 rtl:-scale-x-100">
            <path d="M5 12h14m-6-6 6 6-6 6" />
          </svg>
          <span className="max-sm:sr-only">{t('support.chat.send')}</span>
        </button>
      </div>
    </form>
  );
}
