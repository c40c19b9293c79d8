import type { ComplaintEvent } from '@railmadad/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TranslateText } from '../../../components/translate-text';
import { formatDateTime, timeAgo } from '../../../lib/format';

function headline(event: ComplaintEvent, t: TFunction): string {
  switch (event.kind) {
    case 'created':
      return t('dashboard.timeline.created');
    case 'status':
      return event.fromStatus && event.toStatus
        ? t('dashboard.timeline.statusFromTo', { from: t(`status.${event.fromStatus}`), to: t(`status.${event.toStatus}`) })
        : t('dashboard.timeline.status', { to: t(`status.${event.toStatus ?? 'open'}`) });
    case 'assigned':
      return event.note ? t('dashboard.timeline.assigned', { name: event.note }) : t('dashboard.timeline.unassigned');
    case 'feedback':
      return t('dashboard.timeline.feedback');
    default:
      return event.internal ? t('dashboard.timeline.internalNote') : t('dashboard.timeline.note');
  }
}

const DOT: Record<ComplaintEvent['kind'], string> = {
  created: 'bg-slate-500 dark:bg-slate-400',
  status: 'bg-brand-700 dark:bg-amber-400',
  assigned: 'bg-blue-600 dark:bg-blue-400',
  note: 'bg-slate-400 dark:bg-slate-500',
  feedback: 'bg-green-600 dark:bg-green-400',
};

/** Every event on the complaint, oldest first: who, when, what changed, the note. Internal notes are marked. */
export function ComplaintTimeline({ events }: { events: ComplaintEvent[] }) {
  const { t, i18n } = useTranslation();
  // The assignee's name travels in `note` on an assignment; it is not a note to show again.
  const noteOf = (e: ComplaintEvent) => (e.kind === 'assigned' ? null : e.note);
  return (
    <ol className="relative space-y-4 border-s-2 border-slate-200 ps-5 dark:border-slate-700">
      {events.map((event) => {
        const note = noteOf(event);
        return (
          <li key={event.id} className="relative">
            <span aria-hidden="true" className={`absolute -start-[27px] top-1.5 size-3 rounded-full ring-4 ring-white dark:ring-slate-900 ${DOT[event.kind]}`} />
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
              {headline(event, t)}
              {event.internal && (
                <span className="rounded border border-amber-600 bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-200">
                  {t('dashboard.timeline.internal')}
                </span>
              )}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {event.actor ? t('dashboard.timeline.by', { name: event.actor.name, role: t(`roles.${event.actor.role}`, { defaultValue: event.actor.role }) }) : t('dashboard.timeline.bySystem')}
              {' · '}
              <time dateTime={event.createdAt} title={formatDateTime(event.createdAt, i18n.language)}>
                {formatDateTime(event.createdAt, i18n.language)} ({timeAgo(event.createdAt, i18n.language)})
              </time>
            </p>
            {note && (
              <p
                className={`mt-1.5 rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words ${
                  event.internal ? 'border border-dashed border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'
                }`}
              >
                {note}
              </p>
            )}
            {/* The passenger's own words (a feedback, a reason to reopen), readable in the staff member's language. */}
            {note && event.actor?.role === 'passenger' && <TranslateText text={note} />}
          </li>
        );
      })}
    </ol>
  );
}
