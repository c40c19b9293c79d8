import type { Solution } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatNumber, formatPercent } from '../../lib/format';
import { wordingOf } from './api';
import { formatDuration } from './solution-text';

/** Numbered steps, the numbers drawn as badges (the list keeps its semantics for screen readers). */
export function StepList({ steps, className = '' }: { steps: string[]; className?: string }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: list-style none drops list semantics in Safari; the role puts them back
    <ol role="list" className={`space-y-2 ${className}`}>
      {steps.map((step, i) => (
        <li key={i} className="flex gap-3 text-sm">
          <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white dark:bg-amber-400 dark:text-slate-950">
            {i + 1}
          </span>
          <span className="min-w-0 pt-0.5 break-words">{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** A 0..1 rate as a percentage with a thin bar; "not applied yet" when there is nothing to measure. */
export function SuccessRate({ rate }: { rate: number | null }) {
  const { t, i18n } = useTranslation();
  if (rate === null) return <span className="text-xs text-slate-600 sm:text-sm dark:text-slate-400">{t('solutions.card.notYet')}</span>;
  const tone = rate >= 0.75 ? 'bg-green-600 dark:bg-green-500' : rate >= 0.5 ? 'bg-amber-500 dark:bg-amber-400' : 'bg-red-600 dark:bg-red-500';
  return (
    <span className="block">
      <span className="text-base font-bold tabular-nums sm:text-lg">{formatPercent(rate, i18n.language)}</span>
      <span aria-hidden="true" className="mx-auto mt-1 block h-1.5 w-full max-w-24 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className={`block h-full rounded-full ${tone}`} style={{ width: `${Math.round(rate * 100)}%` }} />
      </span>
    </span>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

export function SolutionCard({
  solution,
  canManage,
  onApply,
  onEdit,
  onToggleRetired,
  isBusy,
}: {
  solution: Solution;
  canManage: boolean;
  onApply: () => void;
  onEdit: () => void;
  onToggleRetired: () => void;
  isBusy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const s = solution;
  const shown = wordingOf(s);
  return (
    <article
      aria-labelledby={`solution-${s.id}`}
      className={`flex min-w-0 flex-col rounded-xl border bg-white p-4 shadow-sm dark:bg-slate-900 ${s.retired ? 'border-dashed border-slate-400 dark:border-slate-600' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-amber-300">{t(`complaintTypes.${s.type}`)}</span>
        {s.retired && <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">{t('solutions.card.retired')}</span>}
      </div>
      <h3 id={`solution-${s.id}`} className="mt-2 text-base font-semibold break-words">
        {shown.problem}
      </h3>
      <dl className="mt-3 grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-2 text-center dark:bg-slate-800/60">
        <Figure label={t('solutions.card.successRate')}>
          <SuccessRate rate={s.successRate} />
        </Figure>
        <Figure label={t('solutions.card.expected')}>
          <span className="text-base font-bold tabular-nums sm:text-lg">{formatDuration(t, s.expectedMinutes)}</span>
        </Figure>
        <Figure label={t('solutions.card.applied')}>
          <span className="text-base font-bold tabular-nums sm:text-lg">{formatNumber(s.timesApplied, i18n.language)}</span>
        </Figure>
      </dl>
      {s.avgResolutionMinutes !== null && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('solutions.card.avgResolution', { time: formatDuration(t, s.avgResolutionMinutes) })}</p>
      )}
      <h4 className="sr-only">{t('solutions.card.steps')}</h4>
      <StepList steps={shown.steps} className="mt-4" />
      {s.translation && (
        <details className="mt-3 text-sm">
          <summary className="min-h-6 cursor-pointer font-medium text-brand-700 dark:text-amber-300">{t('solutions.card.original')}</summary>
          <div lang="en" dir="ltr" className="mt-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <p className="font-semibold break-words">{s.problem}</p>
            <StepList steps={s.steps} className="mt-2" />
          </div>
        </details>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {!s.retired && (
          <Button onClick={onApply} aria-describedby={`solution-${s.id}`}>
            {t('solutions.actions.apply')}
          </Button>
        )}
        {canManage && (
          <>
            <Button variant="secondary" className="px-3" onClick={onEdit} aria-describedby={`solution-${s.id}`}>
              {t('solutions.actions.edit')}
            </Button>
            <Button variant="ghost" className="px-3" busy={isBusy} onClick={onToggleRetired} aria-describedby={`solution-${s.id}`}>
              {s.retired ? t('solutions.actions.restore') : t('solutions.actions.retire')}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
