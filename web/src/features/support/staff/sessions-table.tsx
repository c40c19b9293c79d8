import type { SupportSession } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Card, Spinner } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import { supportErrorText, useSessions } from './api';
import { Elapsed, EmergencyMark, Empty, ErrorLine, TopicLabel, TypeLabel } from './support-bits';

const STATUS_STYLE: Record<SupportSession['status'], string> = {
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  active: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  ended: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function SessionStatus({ status }: { status: SupportSession['status'] }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}>{t(`supportStaff.sessionStatus.${status}`)}</span>;
}

function Agent({ session }: { session: SupportSession }) {
  const { t } = useTranslation();
  return session.agent ? <span className="break-words">{session.agent.name}</span> : <span className="text-slate-600 italic dark:text-slate-400">{t('supportStaff.table.noAgent')}</span>;
}

/** The sessions going on now (an admin sees everyone's, an agent their own): a table on a wide screen, cards on a phone. */
export function SessionsTable({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useSessions('active');
  const items = list.data?.items ?? [];
  const caption = isAdmin ? t('supportStaff.table.titleAll') : t('supportStaff.table.titleMine');
  const th = 'px-3 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
  return (
    <Card
      title={caption}
      actions={
        list.data && (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold tabular-nums dark:bg-slate-800">
            <span className="sr-only">{t('supportStaff.table.count', { count: items.length })}</span>
            <span aria-hidden="true">{formatNumber(items.length, i18n.language)}</span>
          </span>
        )
      }
    >
      {list.isPending && <Spinner label={t('common.loading')} />}
      {list.isError && !list.data && <ErrorLine text={supportErrorText(t, list.error)} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && <Empty>{t('supportStaff.table.empty')}</Empty>}
      {items.length > 0 && (
        <div className="@container">
          <div className="hidden @3xl:block">
            <table className="w-full table-fixed border-collapse text-sm">
              <caption className="sr-only">{caption}</caption>
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  <th scope="col" className={th}>
                    {t('supportStaff.table.user')}
                  </th>
                  <th scope="col" className={th}>
                    {t('supportStaff.table.agent')}
                  </th>
                  <th scope="col" className={`${th} w-28`}>
                    {t('supportStaff.table.status')}
                  </th>
                  <th scope="col" className={`${th} w-24`}>
                    {t('supportStaff.table.duration')}
                  </th>
                  <th scope="col" className={`${th} w-24`}>
                    {t('supportStaff.table.type')}
                  </th>
                  <th scope="col" className={th}>
                    {t('supportStaff.table.issue')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {items.map((s) => (
                  <tr key={s.id} className={`align-top ${s.emergency ? 'bg-red-50/70 dark:bg-red-950/40' : ''}`}>
                    <th scope="row" className="px-3 py-3 text-start font-semibold break-words">
                      {s.passenger.name}
                      {s.emergency && (
                        <div className="mt-1">
                          <EmergencyMark />
                        </div>
                      )}
                    </th>
                    <td className="px-3 py-3">
                      <Agent session={s} />
                    </td>
                    <td className="px-3 py-3">
                      <SessionStatus status={s.status} />
                    </td>
                    <td className="px-3 py-3">
                      <Elapsed since={s.acceptedAt ?? s.createdAt} until={s.endedAt} />
                    </td>
                    <td className="px-3 py-3">
                      <TypeLabel type={s.type} />
                    </td>
                    <td className="px-3 py-3 break-words">
                      <TopicLabel topic={s.topic} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 @xl:grid-cols-2 @3xl:hidden" aria-label={caption}>
            {items.map((s) => (
              <li key={s.id} className={`min-w-0 rounded-xl border p-3 ${s.emergency ? 'border-red-300 bg-red-50/70 dark:border-red-800 dark:bg-red-950/40' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold break-words">{s.passenger.name}</span>
                  <span className="flex flex-wrap gap-1">
                    {s.emergency && <EmergencyMark />}
                    <SessionStatus status={s.status} />
                  </span>
                </div>
                <p className="mt-1 text-sm font-medium break-words">
                  <TopicLabel topic={s.topic} />
                </p>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.agent')}</dt>
                    <dd>
                      <Agent session={s} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.duration')}</dt>
                    <dd>
                      <Elapsed since={s.acceptedAt ?? s.createdAt} until={s.endedAt} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.type')}</dt>
                    <dd>
                      <TypeLabel type={s.type} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
