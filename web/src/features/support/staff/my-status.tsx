import { AGENT_CAPACITY_DEFAULT, AGENT_CAPACITY_MAX, AGENT_CAPACITY_MIN, AGENT_STATUSES, type AgentStatus } from '@railmadad/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { supportErrorText, useAgentState, useSetAgentState } from './api';
import { ErrorLine } from './support-bits';

const CAPACITIES = Array.from({ length: AGENT_CAPACITY_MAX - AGENT_CAPACITY_MIN + 1 }, (_, i) => AGENT_CAPACITY_MIN + i);

const CHOSEN: Record<AgentStatus, string> = {
  available: 'peer-checked:border-green-700 peer-checked:bg-green-700 peer-checked:text-white dark:peer-checked:border-green-500 dark:peer-checked:bg-green-700',
  busy: 'peer-checked:border-amber-500 peer-checked:bg-amber-400 peer-checked:text-amber-950 dark:peer-checked:border-amber-400',
  away: 'peer-checked:border-slate-600 peer-checked:bg-slate-600 peer-checked:text-white dark:peer-checked:border-slate-400 dark:peer-checked:bg-slate-500',
};

/** Available / Busy / Away and how many chats at once: the dispatcher offers chats only to Available agents with room. */
export function MyStatus() {
  const { t, i18n } = useTranslation();
  const state = useAgentState();
  const save = useSetAgentState();
  const name = useId();
  const capacityId = useId();
  const agent = state.data;
  const status = agent?.status;
  const capacity = agent?.capacity ?? AGENT_CAPACITY_DEFAULT;

  const set = (next: { status?: AgentStatus; capacity?: number }) => {
    if (!agent) return;
    save.mutate({ status: next.status ?? agent.status, capacity: next.capacity ?? capacity });
  };

  return (
    <section aria-labelledby="my-status-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <fieldset className="min-w-0 flex-1 basis-64" disabled={!agent}>
          <legend id="my-status-title" className="mb-2 text-sm font-semibold">
            {t('supportStaff.status.title')}
          </legend>
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {AGENT_STATUSES.map((s) => (
              <label key={s} className="relative">
                <input type="radio" name={name} value={s} checked={status === s} onChange={() => set({ status: s })} className="peer sr-only" />
                <span
                  className={`flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-transparent px-2 text-center text-sm font-semibold text-slate-700 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-700 ${CHOSEN[s]}`}
                >
                  {t(`supportStaff.agentStatus.${s}`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-end gap-4">
          <div>
            <label htmlFor={capacityId} className="mb-2 block text-sm font-semibold">
              {t('supportStaff.status.capacity')}
            </label>
            <select
              id={capacityId}
              value={capacity}
              disabled={!agent}
              onChange={(e) => set({ capacity: Number(e.target.value) })}
              className="block min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
            >
              {CAPACITIES.map((c) => (
                <option key={c} value={c}>
                  {formatNumber(c, i18n.language)}
                </option>
              ))}
            </select>
          </div>
          <p className="min-h-11 pb-1 text-sm" aria-live="polite">
            {agent && <span className="sr-only">{t('supportStaff.status.holdingLabel', { active: formatNumber(agent.activeChats, i18n.language), capacity: formatNumber(agent.capacity, i18n.language) })}</span>}
            <span aria-hidden="true" className="block text-2xl leading-tight font-bold tabular-nums">
              {agent ? `${formatNumber(agent.activeChats, i18n.language)}/${formatNumber(agent.capacity, i18n.language)}` : '—'}
            </span>
            <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-400">
              {t('supportStaff.status.holding')}
            </span>
          </p>
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{status ? t(`supportStaff.status.hint.${status}`) : '\u00a0'}</p>
      {state.isError && <ErrorLine text={supportErrorText(t, state.error)} onRetry={() => void state.refetch()} />}
      {save.isError && <ErrorLine text={supportErrorText(t, save.error)} />}
    </section>
  );
}
