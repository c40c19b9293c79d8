import type { SupportSession } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, Spinner } from '../../../components/ui/card';
import { formatNumber, formatShort } from '../../../lib/format';
import { supportErrorText, useSessionAction, useSessions } from './api';
import { Elapsed, EmergencyMark, Empty, ErrorLine, LanguageLabel, TopicLabel, TypeLabel } from './support-bits';
import { orderQueue } from './support-time';

function QueueRow({ session, place, kind, onTaken }: { session: SupportSession; place: number | null; kind: 'queue' | 'messages'; onTaken: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const accept = useSessionAction('accept', onTaken);
  const error = accept.error ? supportErrorText(t, accept.error) : null;
  const offeredElsewhere = session.offer !== null;
  return (
    <li className={`rounded-xl border p-3 ${session.emergency ? 'border-red-300 bg-red-50/70 dark:border-red-800 dark:bg-red-950/40' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}>
      <div className="flex items-start gap-3">
        {place !== null && (
          <span
            className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-base font-bold tabular-nums dark:bg-slate-800"
            title={t('supportStaff.queue.place', { place })}
          >
            <span className="sr-only">{t('supportStaff.queue.place', { place })}</span>
            <span aria-hidden="true">{formatNumber(place, i18n.language)}</span>
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold break-words">{session.passenger.name}</span>
            {session.emergency && <EmergencyMark />}
          </p>
          <p className="mt-0.5 text-sm font-medium break-words text-slate-800 dark:text-slate-200">
            <TopicLabel topic={session.topic} />
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <TypeLabel type={session.type} />
            <LanguageLabel language={session.language} />
            {kind === 'queue' ? (
              <span>
                {t('supportStaff.queue.waiting')} <Elapsed since={session.createdAt} className="font-semibold text-slate-900 dark:text-slate-100" />
              </span>
            ) : (
              <span>{t('supportStaff.queue.leftAt', { when: formatShort(session.createdAt, i18n.language) })}</span>
            )}
            {offeredElsewhere && <span className="font-medium text-amber-800 dark:text-amber-300">{t('supportStaff.queue.offered')}</span>}
          </p>
        </div>
        <Button
          className="shrink-0"
          variant={session.emergency ? 'danger' : 'primary'}
          busy={accept.isPending}
          aria-label={t('supportStaff.queue.acceptLabel', { name: session.passenger.name })}
          onClick={() => accept.mutate(session.id)}
        >
          {t('supportStaff.queue.accept')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

/** The live queue in the order passengers are served, or the messages left for an agent to answer later. */
export function QueueList({ kind, onTaken }: { kind: 'queue' | 'messages'; onTaken: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const list = useSessions(kind);
  const items = orderQueue(list.data?.items ?? []);
  const titleId = `support-${kind}-title`;
  return (
    <Card
      className="min-w-0"
      title={<span id={titleId}>{t(`supportStaff.${kind}.title`)}</span>}
      actions={
        list.data && (
          <span aria-live="polite" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold tabular-nums dark:bg-slate-800">
            <span className="sr-only">{t(`supportStaff.${kind}.count`, { count: items.length })}</span>
            <span aria-hidden="true">{formatNumber(items.length, i18n.language)}</span>
          </span>
        )
      }
    >
      {list.isPending && <Spinner label={t('common.loading')} />}
      {list.isError && !list.data && <ErrorLine text={supportErrorText(t, list.error)} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && <Empty>{t(`supportStaff.${kind}.empty`)}</Empty>}
      {items.length > 0 && (
        <ol aria-labelledby={titleId} className="space-y-2">
          {items.map((s, i) => (
            <QueueRow key={s.id} session={s} kind={kind} place={kind === 'queue' ? (s.queuePosition ?? i + 1) : null} onTaken={onTaken} />
          ))}
        </ol>
      )}
      {kind === 'messages' && items.length > 0 && <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.messages.hint')}</p>}
    </Card>
  );
}
