import type { ComplaintStatus, ComplaintSummary } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { breakableLabel, formatShort, timeAgo } from '../../../lib/format';
import { EmergencyBadge, OverdueBadge, SeverityBadge, StatusBadge } from '../status-badge';


/** Statuses whose due time still matters. */
export const ACTIVE_STATUSES: readonly ComplaintStatus[] = ['open', 'in_progress', 'reopened'];


/** The link to a complaint remembers the dashboard's filters, so "Back" returns to the same list. */
function ReferenceLink({ complaint, from, stretched = false }: { complaint: ComplaintSummary; from: string; stretched?: boolean }) {
  return (
    <Link
      to={`/complaints/${complaint.reference}`}
      state={{ from }}
      // On a phone the whole card opens the complaint: the link's box covers the card.
      className={`${stretched ? 'after:absolute after:inset-0 after:rounded-xl ' : ''}inline-flex min-h-11 items-center font-mono font-semibold text-brand-700 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700 dark:text-amber-300 dark:decoration-amber-300/40 dark:hover:decoration-amber-300`}
    >
      {complaint.reference}
    </Link>
  );
}

/** When the complaint is due ("due in 4 hours"), or how late it is, with the Overdue marker. */
function Due({ complaint, compact = false }: { complaint: ComplaintSummary; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!ACTIVE_STATUSES.includes(complaint.status)) return compact ? null : <span className="text-slate-600 dark:text-slate-400">{t('dashboard.table.notDue')}</span>;
  const when = timeAgo(complaint.dueAt, i18n.language);
  return (
    <span className="flex flex-col items-start gap-1 text-xs">
      <time dateTime={complaint.dueAt} title={formatShort(complaint.dueAt, i18n.language)} className={complaint.overdue ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}>
        {compact ? t('complaintCommon.due', { when }) : when}
      </time>
      {complaint.overdue && <OverdueBadge />}
    </span>
  );
}

function Where({ complaint }: { complaint: ComplaintSummary }) {
  const { t } = useTranslation();
  const where = complaint.trainNumber ? t('dashboard.table.train', { train: complaint.trainNumber }) : complaint.station;
  return where ? <span className="text-xs text-slate-600 dark:text-slate-400">{where}</span> : null;
}

function Assignee({ complaint }: { complaint: ComplaintSummary }) {
  const { t } = useTranslation();
  return complaint.assignee ? <span>{complaint.assignee.name}</span> : <span className="text-slate-600 italic dark:text-slate-400">{t('dashboard.table.unassigned')}</span>;
}

const rowTone = (c: ComplaintSummary) =>
  c.emergency && ACTIVE_STATUSES.includes(c.status) ? 'bg-red-50/70 dark:bg-red-950/40' : c.overdue ? 'bg-amber-50/60 dark:bg-amber-950/20' : '';

/** The Recent Complaints table on a wide screen; a list of cards on a phone, so the page never scrolls sideways. */
export function ComplaintsTable({ items, from, caption }: { items: ComplaintSummary[]; from: string; caption: string }) {
  const { t, i18n } = useTranslation();
  const th = 'px-3 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
  // The table needs room for seven columns: it shows when its container (not the window) is wide enough.
  return (
    <div className="@container">
      <div className="hidden @4xl:block">
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            <col className="w-30" />
            <col className="w-36" />
            <col className="w-32" />
            <col className="w-22" />
            <col className="w-24" />
            <col />
            <col className="w-30" />
          </colgroup>
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="col" className={th}>
                {t('dashboard.table.id')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.type')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.status')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.severity')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.date')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.description')}
              </th>
              <th scope="col" className={th}>
                {t('dashboard.table.assignedStaff')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((c) => (
              <tr key={c.reference} className={`align-top ${rowTone(c)}`}>
                <th scope="row" className="px-3 py-1 text-start font-normal">
                  <ReferenceLink complaint={c} from={from} />
                  {c.emergency && (
                    <div className="mt-0.5">
                      <EmergencyBadge />
                    </div>
                  )}
                </th>
                <td className="px-3 py-3 break-words">
                  <span className="block">{breakableLabel(t(`complaintTypes.${c.type}`))}</span>
                  <Where complaint={c} />
                </td>
                <td className="space-y-1 px-3 py-3">
                  <StatusBadge status={c.status} />
                  <Due complaint={c} compact />
                </td>
                <td className="px-3 py-3">
                  <SeverityBadge severity={c.severity} />
                </td>
                <td className="px-3 py-3 tabular-nums">
                  <time dateTime={c.createdAt}>{formatShort(c.createdAt, i18n.language)}</time>
                </td>
                <td className="px-3 py-3">
                  <p className="line-clamp-2 break-words" title={c.description}>
                    {c.description}
                  </p>
                </td>
                <td className="px-3 py-3 break-words">
                  <Assignee complaint={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 @xl:grid-cols-2 @4xl:hidden" aria-label={caption}>
        {items.map((c) => (
          <li key={c.reference} className={`relative rounded-xl border border-slate-200 p-3 dark:border-slate-700 ${rowTone(c) || 'bg-white dark:bg-slate-900'}`}>
            <div className="flex flex-wrap items-center justify-between gap-x-2">
              <ReferenceLink complaint={c} from={from} stretched />
              <span className="flex flex-wrap gap-1">
                {c.emergency && <EmergencyBadge />}
                <StatusBadge status={c.status} />
                <SeverityBadge severity={c.severity} />
              </span>
            </div>
            <p className="mt-1 text-sm font-medium">
              {breakableLabel(t(`complaintTypes.${c.type}`))} <Where complaint={c} />
            </p>
            <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">{c.description}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{t('dashboard.table.date')}</dt>
                <dd>
                  <time dateTime={c.createdAt}>{formatShort(c.createdAt, i18n.language)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{t('dashboard.table.due')}</dt>
                <dd>
                  <Due complaint={c} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="sr-only">{t('dashboard.table.assignedStaff')}</dt>
                <dd>
                  <span className="text-slate-600 dark:text-slate-400" aria-hidden="true">
                    {t('dashboard.table.assignedStaff')}:{' '}
                  </span>
                  <Assignee complaint={c} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
