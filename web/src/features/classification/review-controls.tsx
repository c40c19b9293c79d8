import type { Classification, ComplaintType } from '@railmadad/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintTypeOptions } from '../../components/complaint-type-options';
import { Icon } from '../../components/ui/icons';
import { timeAgo } from '../../lib/format';
import { useReview } from './api';
import { classificationErrorText, passengerDisagrees } from './classification-text';

const CONTROL =
  'rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
// On a wide screen the controls sit in a table cell: 36 px high, above the 24 px a pointer needs. A phone's are 44 px.
const HEIGHT = { table: 'min-h-9', cards: 'min-h-11' } as const;

function ReviewButton({ label, title, isBusy, disabled, onClick, children, className = '' }: { label: string; title: string; isBusy: boolean; disabled: boolean; onClick: () => void; children: ReactNode; className?: string }) {
  return (
    <button type="button" aria-label={label} title={title} disabled={disabled} aria-busy={isBusy || undefined} onClick={onClick} className={`inline-flex items-center justify-center gap-1.5 px-3 py-1.5 ${CONTROL} ${className}`}>
      {isBusy && <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * One click settles a call: confirm the model, keep the passenger's choice, or pick another type
 * (choosing it sends it). Each control's name carries the reference, so a screen reader moving
 * through the buttons alone, or a test, knows which complaint it is for.
 */
export function ReviewControls({ item, layout = 'table' }: { item: Classification; layout?: 'table' | 'cards' }) {
  const { t, i18n } = useTranslation();
  const review = useReview();
  const [justReviewed, setJustReviewed] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const reference = item.reference;

  // The buttons are gone once the call is settled: focus moves to what replaced them, not to the page's top.
  useEffect(() => {
    if (justReviewed && item.status === 'reviewed') doneRef.current?.focus();
  }, [justReviewed, item.status]);

  const height = HEIGHT[layout];
  // A false alarm costs the queue its order and the passenger nothing, but it should not stay:
  // the reviewer clears it in one click, whether or not the type is settled yet.
  const clearEmergency = item.emergency && item.reviewedEmergency === null && (
    <ReviewButton
      label={t('classification.review.notEmergencyLabel', { reference })}
      title={t('classification.review.notEmergencyTitle')}
      disabled={review.isPending}
      isBusy={review.isPending && review.variables?.emergency === false}
      onClick={() => review.mutate({ reference, emergency: false })}
      className={`${height} w-full`}
    >
      {t('classification.review.notEmergency')}
    </ReviewButton>
  );

  if (item.status === 'reviewed') {
    return (
      <div className="space-y-2">
      <p ref={doneRef} tabIndex={-1} className="rounded-sm text-xs text-slate-600 dark:text-slate-400">
        {justReviewed && <span className="sr-only">{t('classification.review.done', { reference, type: t(`complaintTypes.${item.reviewedType ?? item.predictedType}`) })} </span>}
        {item.reviewedBy ? t('classification.review.by', { name: item.reviewedBy }) : t('classification.status.reviewed')}
        {item.reviewedAt && (
          <>
            {' · '}
            <time dateTime={item.reviewedAt}>{timeAgo(item.reviewedAt, i18n.language)}</time>
          </>
        )}
      </p>
      {clearEmergency}
      </div>
    );
  }

  const send = (type: ComplaintType) => review.mutate({ reference, type }, { onSuccess: () => setJustReviewed(true) });
  const isBusy = review.isPending;
  const sending = review.variables?.type;
  const disagrees = passengerDisagrees(item);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-1.5">
        <ReviewButton
          label={t('classification.review.confirmLabel', { reference })}
          title={t('classification.review.confirmTitle', { type: t(`complaintTypes.${item.predictedType}`) })}
          disabled={isBusy}
          isBusy={isBusy && sending === item.predictedType}
          onClick={() => send(item.predictedType)}
          className={`${height} ${layout === 'cards' ? 'flex-1' : ''}`}
        >
          {layout === 'cards' && <Icon name="check" className="size-4 shrink-0" />}
          {t('classification.review.confirm')}
        </ReviewButton>
        <select
          aria-label={t('classification.review.correctLabel', { reference })}
          className={`${height} min-w-0 flex-1 basis-20 px-2 py-1.5 dark:[color-scheme:dark] ${CONTROL}`}
          value=""
          disabled={isBusy}
          onChange={(e) => {
            if (e.target.value) send(e.target.value as ComplaintType);
          }}
        >
          <option value="">{t('classification.review.correct')}</option>
          <ComplaintTypeOptions />
        </select>
        {disagrees && (
          <ReviewButton
            label={t('classification.review.keepLabel', { reference })}
            title={t('classification.review.keepTitle', { type: t(`complaintTypes.${item.chosenType}`) })}
            disabled={isBusy}
            isBusy={isBusy && sending === item.chosenType}
            onClick={() => send(item.chosenType)}
            className={`${height} w-full`}
          >
            {t('classification.review.keep')}
          </ReviewButton>
        )}
        {clearEmergency}
      </div>
      {review.isError && (
        <p role="alert" className="rounded-md border-s-4 border-red-700 bg-red-50 px-2 py-1 text-xs text-red-900 dark:bg-red-950 dark:text-red-100">
          {classificationErrorText(t, review.error)}
        </p>
      )}
    </div>
  );
}
