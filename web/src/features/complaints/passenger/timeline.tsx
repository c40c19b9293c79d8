import type { ComplaintEvent } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** A complaint's story, oldest first: filed, moves, assignment, notes, rating. */
export function Timeline({ events }: { events: ComplaintEvent[] }) {
  const { t, i18n } = useTranslation();
  const describe = (e: ComplaintEvent) => {
    if (e.kind === 'created') return t('complaintView.events.created');
    if (e.kind === 'status' && e.toStatus) return t('complaintView.events.status', { status: t(`status.${e.toStatus}`) });
    if (e.kind === 'assigned') return e.note ? t('complaintView.events.assigned') : t('complaintView.events.unassigned');
    if (e.kind === 'feedback') return t('complaintView.events.feedback');
    return t('complaintView.events.note');
  };
  return (
    <ol className="relative space-y-4 border-s-2 border-slate-200 ps-5 dark:border-slate-700">
      {events.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -start-[1.72rem] top-1 size-3 rounded-full ring-4 ring-white dark:ring-slate-900 ${e.toStatus === 'resolved' || e.toStatus === 'closed' ? 'bg-green-600' : e.kind === 'created' ? 'bg-brand-700' : 'bg-slate-400'}`}
          />
          <p className="font-medium">
            {describe(e)}
            {e.internal && <span className="ms-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs dark:bg-slate-700">{t('complaintView.internal')}</span>}
          </p>
          {e.note && e.kind !== 'assigned' && <p className="mt-0.5 whitespace-pre-wrap text-sm text-slate-700 dark:text-slate-300">{e.note}</p>}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {formatDateTime(e.createdAt, i18n.language)}
            {e.actor && ` · ${e.actor.name}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
