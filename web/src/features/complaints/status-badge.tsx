import type { ComplaintStatus, Severity } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';

/** The spec's badge colours: open red, in progress amber, resolved and closed green; reopened violet. */
const STATUS_STYLES: Record<ComplaintStatus, string> = {
  open: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  resolved: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  closed: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  reopened: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
};

const SEVERITY_STYLES: Record<Severity, string> = {
  high: 'bg-red-700 text-white',
  medium: 'bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50',
  low: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function StatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[status]}`}>{t(`status.${status}`)}</span>;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded px-2 py-0.5 text-xs font-semibold ${SEVERITY_STYLES[severity]}`}>{t(`severity.${severity}`)}</span>;
}

export function EmergencyBadge() {
  const { t } = useTranslation();
  return <span className="inline-flex rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white uppercase">{t('complaintCommon.emergency')}</span>;
}

export function OverdueBadge() {
  const { t } = useTranslation();
  return <span className="inline-flex rounded border border-red-700 px-2 py-0.5 text-xs font-semibold text-red-700 dark:border-red-400 dark:text-red-300">{t('complaintCommon.overdue')}</span>;
}
