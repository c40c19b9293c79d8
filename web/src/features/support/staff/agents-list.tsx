import { LANGUAGE_NAMES } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Card, Spinner } from '../../../components/ui/card';
import { breakableLabel, formatNumber } from '../../../lib/format';
import { useMe } from '../../../lib/session';
import { supportErrorText, useAgents } from './api';
import { AgentStatusLabel, Empty, ErrorLine, RatingLabel } from './support-bits';

const STATUS_ORDER = { available: 0, busy: 1, away: 2 } as const;

/** Every agent: who can take a chat now, how full they are, what they know, and how passengers rate them. */
export function AgentsList() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const agents = useAgents();
  const items = [...(agents.data ?? [])].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name, i18n.language));
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Card title={t('supportStaff.agents.title')} className="min-w-0">
      {agents.isPending && <Spinner label={t('common.loading')} />}
      {agents.isError && !agents.data && <ErrorLine text={supportErrorText(t, agents.error)} onRetry={() => void agents.refetch()} />}
      {agents.data && items.length === 0 && <Empty>{t('supportStaff.agents.empty')}</Empty>}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((a) => {
            const full = a.activeChats >= a.capacity;
            return (
              <li key={a.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-semibold break-words">
                    {a.name}
                    {a.id === me?.id && <span className="ms-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t('supportStaff.agents.you')}</span>}
                  </p>
                  <RatingLabel rating={a.rating} count={a.ratings} />
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <AgentStatusLabel status={a.status} />
                  <span className={`tabular-nums ${full ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>{t('supportStaff.agents.load', { active: n(a.activeChats), capacity: n(a.capacity) })}</span>
                  {/* The load as a bar, for a glance down the list. */}
                  <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                    <span className={`block h-full rounded-full ${full ? 'bg-red-600' : 'bg-green-600 dark:bg-green-500'}`} style={{ width: `${Math.min(100, (a.activeChats / Math.max(1, a.capacity)) * 100)}%` }} />
                  </span>
                </div>
                {(a.expertise.length > 0 || a.languages.length > 0) && (
                  <p className="mt-1 flex flex-wrap gap-1 text-xs">
                    {a.expertise.map((e) => (
                      <span key={e} className="rounded bg-sky-50 px-1.5 py-0.5 text-sky-900 dark:bg-sky-950 dark:text-sky-100">
                        {breakableLabel(t(`complaintTypes.${e}`))}
                      </span>
                    ))}
                    {a.languages.map((l) => (
                      <span key={l} lang={l} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                        {LANGUAGE_NAMES[l] ?? l}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
