import type { ComplaintStatus, StaffStatus } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';

const STAFF_STATUS_STYLES: Record<StaffStatus, string> = {
  active: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  on_leave: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  inactive: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STAFF_STATUS_STYLES[status]}`}>{t(`staffPage.status.${status}`)}</span>;
}

/** The complaint badges' colours (the original prototype's: open red, in progress amber, done green). */
const COMPLAINT_STATUS_STYLES: Record<ComplaintStatus, string> = {
  open: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  resolved: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  closed: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  reopened: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COMPLAINT_STATUS_STYLES[status]}`}>{t(`status.${status}`)}</span>;
}

export function SmallBadge({ tone, children }: { tone: 'emergency' | 'overdue'; children: string }) {
  return tone === 'emergency' ? (
    <span className="inline-flex rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white uppercase">{children}</span>
  ) : (
    <span className="inline-flex rounded border border-red-700 px-2 py-0.5 text-xs font-semibold text-red-700 dark:border-red-400 dark:text-red-300">{children}</span>
  );
}
