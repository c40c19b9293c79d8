import { useTranslation } from 'react-i18next';
import type { DashboardFilters } from '../dashboard-filters';
import { exportCsvUrl } from './chart-data';

const LOOK =
  'inline-flex min-h-11 shrink-0 items-center whitespace-nowrap justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * Downloads the complaints the table shows (its filters and order, every page) as CSV. A plain
 * link: the browser downloads with the session cookie and shows its own progress.
 * `assignee` is the one in force; undefined while a staff member's default queue is not yet known.
 */
export function ExportCsvLink({ filters, assignee }: { filters: DashboardFilters; assignee: string | undefined }) {
  const { t } = useTranslation();
  if (assignee === undefined) {
    return (
      <span aria-disabled="true" className={`${LOOK} cursor-not-allowed opacity-60`}>
        {t('analytics.export')}
      </span>
    );
  }
  return (
    <a href={exportCsvUrl(filters, assignee)} download className={LOOK} title={t('analytics.exportTitle')}>
      {t('analytics.export')}
    </a>
  );
}
