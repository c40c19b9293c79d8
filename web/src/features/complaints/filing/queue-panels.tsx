import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import type { QueuedComplaint } from './offline-queue';
import { formatDay } from '../../../lib/format';


/**
 * The spec's green success message with the complaint number large enough to read out on the
 * phone to the helpline, a copy button, and the way to follow it.
 */
export function SubmittedPanel({ title, reference, onClose, ref }: { title: string; reference: string; onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3000);
    } catch {
      // No clipboard (an old browser, or http): the number stays selectable.
    }
  };
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="complaint-submitted"
      className="rounded-xl border border-green-700 border-s-4 bg-green-50 p-4 text-green-950 shadow-sm sm:p-5 dark:border-green-500 dark:bg-green-950 dark:text-green-50"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-green-700 text-white dark:bg-green-500 dark:text-green-950" aria-hidden="true">
          <Icon name="check" className="size-5" />
        </span>
        <p className="min-w-0 flex-1 pt-0.5 text-lg font-semibold">{title}</p>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('fileComplaint.close')}
          className="-me-2 -mt-2 grid size-11 shrink-0 place-items-center rounded-lg text-green-900 hover:bg-green-100 dark:text-green-100 dark:hover:bg-green-900"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="mt-2 sm:ps-11">
        <p className="text-sm text-green-900 dark:text-green-200">{t('fileComplaint.referenceLabel')}</p>
        <p className="select-all font-mono text-3xl font-bold tracking-wider sm:text-4xl" data-testid="complaint-reference">
          {reference}
        </p>
        <p className="mt-1 text-sm text-green-900 dark:text-green-200">{t('fileComplaint.referenceHint')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={`/complaints/${reference}`}
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-green-800 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-green-900 sm:flex-none dark:bg-green-400 dark:text-green-950 dark:hover:bg-green-300"
          >
            {t('fileComplaint.follow')}
          </Link>
          <Button variant="secondary" className="flex-1 whitespace-nowrap sm:flex-none" onClick={copy}>
            {isCopied ? t('fileComplaint.copied') : t('fileComplaint.copy')}
          </Button>
          <span className="sr-only" aria-live="polite">
            {isCopied ? t('fileComplaint.copied') : ''}
          </span>
        </div>
      </div>
    </div>
  );
}

/** Complaints kept on this phone, each with what a passenger recognises it by. */
export function WaitingList({
  items,
  isSending,
  isOnline,
  onSendNow,
  onRemove,
  ref,
}: {
  ref?: Ref<HTMLElement>;
  items: QueuedComplaint[];
  isSending: boolean;
  isOnline: boolean;
  onSendNow: () => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="waiting-title"
      aria-describedby="waiting-text"
      data-testid="waiting-list"
      className="rounded-xl border border-blue-700 border-s-4 bg-blue-50 p-4 text-blue-950 sm:p-5 dark:border-blue-500 dark:bg-blue-950 dark:text-blue-50"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="waiting-title" className="text-lg font-semibold">
            {t('fileComplaint.waitingTitle', { count: items.length })}
          </h2>
          <p id="waiting-text" className="mt-1 text-sm">
            {t('fileComplaint.saved')}
          </p>
        </div>
        {isOnline && (
          <Button variant="secondary" busy={isSending} onClick={onSendNow}>
            {t('fileComplaint.sendNow')}
          </Button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-blue-200 rounded-lg border border-blue-200 bg-white dark:divide-blue-900 dark:border-blue-900 dark:bg-slate-900">
        {items.map((item) => (
          <li key={item.key} className="flex items-center gap-3 px-3 py-2">
            <span className="size-2.5 shrink-0 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
            <div className="min-w-0 flex-1 text-slate-900 dark:text-slate-100">
              <p className="truncate font-medium">{t(`complaintTypes.${item.fields.type}`)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {formatDay(item.fields.incidentDate, i18n.language)} · {t('fileComplaint.photoCount', { count: item.photos.length })}
              </p>
            </div>
            <button
              type="button"
              onClick={() => onRemove(item.key)}
              className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              {t('fileComplaint.removeQueued')}
              <span className="sr-only">: {t(`complaintTypes.${item.fields.type}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
