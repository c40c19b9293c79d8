import type { ClassificationStatus } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import {barWidth, type ConfidenceLevel, confidenceLevel} from './classification-text';
import { formatPercent } from '../../lib/format';

const STATUS_STYLES: Record<ClassificationStatus, string> = {
  classified: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  pending_review: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  reviewed: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
};

export function ClassificationStatusBadge({ status }: { status: ClassificationStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[status]}`}>{t(`classification.status.${status}`)}</span>;
}

const BAR: Record<ConfidenceLevel, string> = {
  high: 'bg-green-600 dark:bg-green-500',
  medium: 'bg-amber-500 dark:bg-amber-400',
  low: 'bg-red-600 dark:bg-red-400',
};

const TEXT: Record<ConfidenceLevel, string> = {
  high: 'text-green-800 dark:text-green-300',
  medium: 'text-amber-900 dark:text-amber-300',
  low: 'text-red-700 dark:text-red-300',
};

/** A bar and the percent beside it, green, amber or red by level; the words carry the level for screen readers. */
export function ConfidenceBar({ confidence, threshold }: { confidence: number; threshold: number }) {
  const { t, i18n } = useTranslation();
  const level = confidenceLevel(confidence, threshold);
  return (
    <span className="flex min-w-0 items-center gap-2" data-level={level}>
      <span aria-hidden="true" className="h-2 min-w-10 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className={`block h-full rounded-full ${BAR[level]}`} style={{ width: `${barWidth(confidence)}%` }} />
      </span>
      <span className={`text-sm font-semibold tabular-nums ${TEXT[level]}`}>
        {formatPercent(confidence, i18n.language)}
        <span className="sr-only"> ({t(`classification.level.${level}`)})</span>
      </span>
    </span>
  );
}
