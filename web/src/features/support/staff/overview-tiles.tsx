import type { SupportOverview } from '@railmadad/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatClock } from './support-time';

function Tile({ title, value, hint, testId, accent }: { title: string; value: string; hint: string; testId: string; accent: string }) {
  const id = useId();
  // The tiles share their rows (subgrid): a title that wraps on a phone keeps the values level.
  return (
    <section aria-labelledby={id} className={`row-span-3 grid min-w-0 grid-rows-subgrid gap-y-1 rounded-xl border border-t-4 border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900 ${accent}`}>
      <h3 id={id} className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">
        {title}
      </h3>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>
    </section>
  );
}

/** Active sessions, the live queue (and messages left), agents free to take a chat, and today's average wait. */
export function OverviewTiles({ overview }: { overview: SupportOverview | undefined }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value, i18n.language));
  const o = overview;
  const waitingHot = (o?.waiting ?? 0) > 0 && o?.availableAgents === 0;
  return (
    <section aria-labelledby="support-tiles" className="space-y-2">
      <h2 id="support-tiles" className="sr-only">
        {t('supportStaff.tiles.label')}
      </h2>
      <div className="grid grid-cols-2 grid-rows-[auto_auto_auto_auto_auto_auto] gap-x-2 gap-y-3 sm:gap-x-3 lg:grid-cols-4 lg:grid-rows-[auto_auto_auto]">
        <Tile
          title={t('supportStaff.tiles.active')}
          testId="tile-active"
          accent="border-t-sky-600 dark:border-t-sky-400"
          value={n(o?.activeSessions)}
          hint={o ? t('supportStaff.tiles.today', { count: o.sessionsToday, formatted: formatNumber(o.sessionsToday, i18n.language) }) : '\u00a0'}
        />
        <Tile
          title={t('supportStaff.tiles.waiting')}
          testId="tile-waiting"
          accent={waitingHot ? 'border-t-red-600 dark:border-t-red-500' : 'border-t-amber-500 dark:border-t-amber-400'}
          value={n(o?.waiting)}
          hint={o ? t('supportStaff.tiles.leftMessages', { count: o.leftMessages, formatted: formatNumber(o.leftMessages, i18n.language) }) : '\u00a0'}
        />
        <Tile
          title={t('supportStaff.tiles.agents')}
          testId="tile-agents"
          accent={o?.availableAgents === 0 ? 'border-t-red-600 dark:border-t-red-500' : 'border-t-green-600 dark:border-t-green-500'}
          value={n(o?.availableAgents)}
          hint={o?.availableAgents === 0 ? t('supportStaff.tiles.noAgents') : t('supportStaff.tiles.agentsHint')}
        />
        <Tile
          title={t('supportStaff.tiles.averageWait')}
          testId="tile-average-wait"
          accent="border-t-brand-700 dark:border-t-amber-300"
          value={o?.averageWaitSeconds != null ? formatClock(o.averageWaitSeconds) : '—'}
          hint={o && o.averageWaitSeconds === null ? t('supportStaff.tiles.noWaitYet') : t('supportStaff.tiles.averageWaitHint')}
        />
      </div>
    </section>
  );
}
