import type { SupportMessage, SupportSession } from '@railmadad/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslateText } from '../../../components/translate-text';
import { Modal } from '../../../components/ui/modal';
import { formatMessageTime } from '../../../lib/format';
import { type Delivery, deliveryOf, isOwn, type PendingMessage, type Viewer } from './chat-data';


const BUBBLE_OWN = 'bg-brand-700 text-white dark:bg-brand-600';
const BUBBLE_OTHER = 'bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700';
const BUBBLE_NOTE = 'border-2 border-dashed border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50';

export function MessageItem({
  message,
  viewer,
  session,
  onImageLoad,
}: {
  message: SupportMessage;
  viewer: Viewer;
  session: SupportSession;
  onImageLoad?: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (message.sender === 'system') {
    return (
      <div className="flex justify-center px-2">
        <p className="max-w-md rounded-full bg-slate-200 px-3 py-1 text-center text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-300">
          {message.event ? t(`support.system.${message.event.kind}`, { ...message.event.params, defaultValue: message.body }) : message.body}
          <span className="ms-2 text-slate-600 dark:text-slate-400">{formatMessageTime(message.createdAt, i18n.language)}</span>
        </p>
      </div>
    );
  }
  const own = isOwn(message, viewer);
  const name = message.sender === 'agent' ? (message.senderName ?? t('support.chat.agent')) : (message.senderName ?? session.passenger.name);
  const tone = message.internal ? BUBBLE_NOTE : own ? BUBBLE_OWN : BUBBLE_OTHER;
  return (
    <div className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[85%] sm:max-w-[70%] ${own ? 'items-end' : 'items-start'} flex flex-col`}>
        {message.internal && <p className="mb-1 text-xs font-semibold text-amber-800 dark:text-amber-300">{t('support.chat.internalNote')}</p>}
        {!own && <p className="mb-0.5 px-1 text-xs font-semibold text-slate-700 dark:text-slate-300">{name}</p>}
        {/* A photo alone gets a thin frame, not a thick coloured bubble. */}
        <div className={`rounded-2xl shadow-sm ${message.photoUrl && !message.body ? 'p-1' : 'px-3 py-2'} ${own ? 'rounded-ee-md' : 'rounded-es-md'} ${tone}`}>
          {own && <span className="sr-only">{t('support.chat.you')}: </span>}
          {message.photoUrl && <PhotoThumb url={message.photoUrl} onLoad={onImageLoad} />}
          {message.body && <p className="text-[0.95rem] leading-snug break-words whitespace-pre-wrap">{message.body}</p>}
        </div>
        {!own && message.body && <TranslateText text={message.body} className="px-1" auto />}
        <p className="mt-0.5 flex items-center gap-1 px-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.language)}</time>
          {own && !message.internal && <DeliveryMark state={deliveryOf(message.seq, session, viewer)} />}
        </p>
      </div>
    </div>
  );
}

/** A message typed here and not yet confirmed by the server. */
export function PendingItem({ message, onRetry, onDiscard }: { message: PendingMessage; onRetry: () => void; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  const failed = message.state === 'failed';
  return (
    <div className="flex justify-end">
      <div className="flex max-w-[85%] flex-col items-end sm:max-w-[70%]">
        {message.internal && <p className="mb-1 text-xs font-semibold text-amber-800 dark:text-amber-300">{t('support.chat.internalNote')}</p>}
        <div className={`rounded-2xl rounded-ee-md px-3 py-2 shadow-sm ${message.internal ? BUBBLE_NOTE : BUBBLE_OWN} ${failed ? 'opacity-70' : message.state === 'waiting' ? 'opacity-85' : ''}`}>
          <span className="sr-only">{t('support.chat.you')}: </span>
          <p className="text-[0.95rem] leading-snug break-words whitespace-pre-wrap">{message.body}</p>
        </div>
        <p className="mt-0.5 flex flex-wrap items-center justify-end gap-1 px-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.language)}</time>
          <DeliveryMark state={message.state} />
        </p>
        {failed && (
          <div className="mt-1 flex gap-2">
            <button type="button" onClick={onRetry} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:bg-brand-50 dark:text-amber-300 dark:hover:bg-slate-800">
              {t('support.chat.retry')}
            </button>
            <button type="button" onClick={onDiscard} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-red-700 underline underline-offset-4 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800">
              {t('support.chat.discard')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

const svg = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function DeliveryMark({ state }: { state: Delivery | PendingMessage['state'] }) {
  const { t } = useTranslation();
  const label = t(`support.chat.delivery.${state}`);
  const icon =
    state === 'sending' ? (
      <svg {...svg} aria-hidden="true" className="size-3.5 animate-pulse">
        <circle cx="12" cy="12" r="8" />
        <path d="M12 8v4l2.5 2" />
      </svg>
    ) : state === 'waiting' ? (
      <svg {...svg} aria-hidden="true" className="size-3.5 text-amber-600 dark:text-amber-400">
        <path d="M4 20v-2m5 2v-6m5 6v-4m5 4V8M3 3l18 18" />
      </svg>
    ) : state === 'failed' ? (
      <svg {...svg} aria-hidden="true" className="size-3.5 text-red-700 dark:text-red-400">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v5m0 3h.01" />
      </svg>
    ) : state === 'sent' ? (
      <svg {...svg} aria-hidden="true" className="size-3.5">
        <path d="m5 13 4 4L19 7" />
      </svg>
    ) : (
      <svg {...svg} aria-hidden="true" className={`size-4 ${state === 'read' ? 'text-sky-600 dark:text-sky-400' : ''}`}>
        <path d="m2 13 4 4L16 7m-4 10 1 0L22 7" />
      </svg>
    );
  return (
    <span className={`inline-flex items-center gap-0.5 ${state === 'failed' ? 'font-semibold text-red-700 dark:text-red-400' : state === 'waiting' ? 'font-medium text-amber-800 dark:text-amber-300' : ''}`}>
      <span aria-hidden="true">·</span>
      {icon}
      {label}
    </span>
  );
}

/** A small photo in the bubble; a tap shows it full size in a dialog (a new tab is awkward on a phone). */
function PhotoThumb({ url, onLoad }: { url: string; onLoad?: () => void }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="block overflow-hidden rounded-xl [&:not(:last-child)]:mb-1" aria-label={t('support.chat.openPhoto')}>
        <img src={url} alt="" loading="lazy" onLoad={onLoad} className="max-h-56 w-auto max-w-full bg-slate-100 object-cover dark:bg-slate-700" />
      </button>
      {isOpen && (
        <Modal title={t('support.chat.photo')} onClose={() => setOpen(false)}>
          <img src={url} alt={t('support.chat.photoAlt')} className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-lg" />
          <p className="mt-3 text-center">
            <a href={url} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300">
              {t('support.chat.openOriginal')}
            </a>
          </p>
        </Modal>
      )}
    </>
  );
}
