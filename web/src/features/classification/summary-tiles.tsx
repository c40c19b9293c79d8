import type { ClassificationSummary } from '@railmadad/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../lib/format';


function Tile({ title, value, hint, testId, accent, isHintOnPhone = false }: { title: string; value: string; hint: string; testId: string; accent: string; isHintOnPhone?: boolean }) {
  const id = useId();
  // The three tiles share their rows (subgrid): a title that wraps on a phone keeps the values level.
  return (
    <section
      aria-labelledby={id}
      className={`row-span-3 grid min-w-0 grid-rows-subgrid rounded-xl border border-t-4 border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900 ${accent}`}
    >
      <h3 id={id} className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">
        {title}
      </h3>
      <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </p>
      <p className={`mt-1 text-xs text-slate-600 dark:text-slate-400 ${isHintOnPhone ? '' : 'hidden sm:block'}`}>{hint}</p>
    </section>
  );
}

/** Accuracy, processed today and pending review; then the model in force and the review threshold. */
export function SummaryTiles({ summary }: { summary: ClassificationSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dash = '—';
  const s = summary;
  const model = s?.model;
  return (
    <section aria-labelledby="classification-tiles" className="space-y-2">
      <h2 id="classification-tiles" className="sr-only">
        {t('classification.tiles.label')}
      </h2>
      <div className="grid grid-cols-3 grid-rows-[auto_auto_auto] gap-x-2 sm:gap-x-3">
        <Tile
          title={t('classification.tiles.accuracy')}
          testId="tile-accuracy"
          isHintOnPhone
          accent="border-t-green-600 dark:border-t-green-500"
          value={s?.accuracy != null ? formatPercent(s.accuracy, lang) : dash}
          hint={!s ? '\u00a0' : s.accuracy === null ? t('classification.tiles.noReviews') : t('classification.tiles.reviewed', { count: s.reviewed, formatted: formatNumber(s.reviewed, lang) })}
        />
        <Tile
          title={t('classification.tiles.today')}
          testId="tile-today"
          accent="border-t-sky-600 dark:border-t-sky-400"
          value={s ? formatNumber(s.processedToday, lang) : dash}
          hint={t('classification.tiles.todayHint')}
        />
        <Tile
          title={t('classification.tiles.pending')}
          testId="tile-pending"
          accent="border-t-amber-500 dark:border-t-amber-400"
          value={s ? formatNumber(s.pendingReview, lang) : dash}
          hint={s ? t('classification.tiles.pendingHint', { threshold: formatPercent(s.threshold, lang) }) : '\u00a0'}
        />
      </div>
      {s && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="model-line">
          {model
            ? t('classification.model.line', {
                version: formatNumber(model.version, lang),
                accuracy: formatPercent(model.accuracy, lang, 1),
                examples: formatNumber(model.examples, lang),
                corrections: formatNumber(model.corrections, lang),
              })
            : t('classification.model.none')}{' '}
          · {t('classification.model.threshold', { threshold: formatPercent(s.threshold, lang) })}
        </p>
      )}
    </section>
  );
}
