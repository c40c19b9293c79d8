import { type Classification, isLanguage, LANGUAGE_NAMES } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { breakableLabel, formatShort } from '../../lib/format';
import { ClassificationStatusBadge, ConfidenceBar } from './classification-badges';
import { isEmergency, settledType } from './classification-text';
import { ReviewControls } from './review-controls';

function ReferenceLink({ reference, from }: { reference: string; from: string }) {
  return (
    <Link
      to={`/complaints/${reference}`}
      state={{ from }}
      className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-700 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700 dark:text-amber-300 dark:decoration-amber-300/40 dark:hover:decoration-amber-300"
    >
      {reference}
    </Link>
  );
}

function EmergencyMark() {
  const { t } = useTranslation();
  return <span className="inline-flex rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white uppercase">{t('classification.table.emergency')}</span>;
}

/** The call: the model's type (or the settled one), and where the passenger or the reviewer saw it otherwise. */
function Category({ item }: { item: Classification }) {
  const { t } = useTranslation();
  const type = settledType(item);
  const name = (k: string) => breakableLabel(t(`complaintTypes.${k}`));
  return (
    <span className="block space-y-0.5 break-words">
      <span className="block font-medium">{name(type)}</span>
      {item.status === 'reviewed' && item.reviewedType && item.reviewedType !== item.predictedType && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{t('classification.table.modelSaid', { type: name(item.predictedType) })}</span>
      )}
      {item.chosenType !== type && <span className="block text-xs text-amber-900 dark:text-amber-300">{t('classification.table.passengerChose', { type: name(item.chosenType) })}</span>}
      {item.llm && item.llm.category !== type && item.status !== 'reviewed' && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{t('classification.table.secondOpinion', { type: name(item.llm.category) })}</span>
      )}
    </span>
  );
}

function Text({ item }: { item: Classification }) {
  const language = isLanguage(item.language) && item.language !== 'en' ? item.language : null;
  return (
    <>
      <p className="line-clamp-2 break-words" title={item.text} lang={language ?? undefined}>
        {item.text}
      </p>
      {language && <span className="mt-1 inline-flex rounded bg-slate-100 px-1.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{LANGUAGE_NAMES[language]}</span>}
    </>
  );
}

/** The review table on a wide screen; a list of cards on a phone, so the page never scrolls sideways. */
export function ClassificationTable({ items, threshold, from, caption }: { items: Classification[]; threshold: number; from: string; caption: string }) {
  const { t, i18n } = useTranslation();
  const th = 'px-3 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
  // The table needs room for its columns: it shows when its container (not the window) is wide enough.
  return (
    <div className="@container">
      <div className="hidden @4xl:block">
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            <col className="w-28" />
            <col />
            <col className="w-40" />
            <col className="w-28" />
            <col className="w-24" />
            <col className="w-60" />
          </colgroup>
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="col" className={th}>
                {t('classification.table.id')}
              </th>
              <th scope="col" className={th}>
                {t('classification.table.text')}
              </th>
              <th scope="col" className={th}>
                {t('classification.table.category')}
              </th>
              <th scope="col" className={th}>
                {t('classification.table.confidence')}
              </th>
              <th scope="col" className={th}>
                {t('classification.table.timestamp')}
              </th>
              <th scope="col" className={th}>
                {t('classification.table.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((c) => (
              <tr key={c.reference} className={`align-top ${c.status === 'pending_review' ? 'bg-amber-50/50 dark:bg-amber-950/20' : ''}`}>
                <th scope="row" className="px-3 py-1 text-start font-normal">
                  <ReferenceLink reference={c.reference} from={from} />
                  {isEmergency(c) && (
                    <div className="mt-0.5">
                      <EmergencyMark />
                    </div>
                  )}
                </th>
                <td className="px-3 py-3">
                  <Text item={c} />
                </td>
                <td className="px-3 py-3">
                  <Category item={c} />
                </td>
                <td className="px-3 py-3">
                  <ConfidenceBar confidence={c.confidence} threshold={threshold} />
                </td>
                <td className="px-3 py-3 tabular-nums">
                  <time dateTime={c.createdAt}>{formatShort(c.createdAt, i18n.language)}</time>
                </td>
                <td className="space-y-2 px-3 py-3">
                  <ClassificationStatusBadge status={c.status} />
                  <ReviewControls item={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 @xl:grid-cols-2 @4xl:hidden" aria-label={caption}>
        {items.map((c) => (
          <li
            key={c.reference}
            className={`min-w-0 rounded-xl border p-3 ${c.status === 'pending_review' ? 'border-amber-300 bg-amber-50/60 dark:border-amber-800 dark:bg-amber-950/30' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-x-2">
              <ReferenceLink reference={c.reference} from={from} />
              <span className="flex flex-wrap gap-1">
                {isEmergency(c) && <EmergencyMark />}
                <ClassificationStatusBadge status={c.status} />
              </span>
            </div>
            <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              <Text item={c} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div className="col-span-2">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t('classification.table.category')}</dt>
                <dd>
                  <Category item={c} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t('classification.table.confidence')}</dt>
                <dd>
                  <ConfidenceBar confidence={c.confidence} threshold={threshold} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t('classification.table.timestamp')}</dt>
                <dd className="tabular-nums">
                  <time dateTime={c.createdAt}>{formatShort(c.createdAt, i18n.language)}</time>
                </dd>
              </div>
            </dl>
            <div className="mt-3">
              <ReviewControls item={c} layout="cards" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
