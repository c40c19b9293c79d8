import type { ComplaintStats, ComplaintStatus } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { describeChange } from './dashboard-filters';

type Card = ComplaintStats['cards'][number];

/** The card's accent, in the badge colours: open red, in progress amber, resolved and closed green. */
const ACCENT: Partial<Record<ComplaintStatus, string>> = {
  open: 'border-t-red-600 dark:border-t-red-500',
  in_progress: 'border-t-amber-500 dark:border-t-amber-400',
  resolved: 'border-t-green-600 dark:border-t-green-500',
  closed: 'border-t-green-800 dark:border-t-green-300',
};

/** More open work is bad news, more resolved work good news; the colour says which. */
const MORE_IS_GOOD: Partial<Record<ComplaintStatus, boolean>> = { resolved: true, closed: true, open: false };

function changeTone(status: ComplaintStatus, direction: 'up' | 'down' | 'same') {
  const good = MORE_IS_GOOD[status];
  if (direction === 'same' || good === undefined) return 'text-slate-600 dark:text-slate-300';
  const isGood = direction === 'up' ? good : !good;
  return isGood ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
}

export function StatusCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation();
  const change = describeChange(card.change, i18n.language);
  return (
    <div className={`rounded-xl border border-t-4 border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${ACCENT[card.status] ?? ''}`}>
      <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{t(`dashboard.cards.${card.status}`)}</h3>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={`card-${card.status}`}>
        {formatNumber(card.count, i18n.language)}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {change ? (
          <>
            <span className={`font-semibold ${changeTone(card.status, change.direction)}`}>
              {change.direction !== 'same' && (
                <span aria-hidden="true">{change.direction === 'up' ? '▲ ' : '▼ '}</span>
              )}
              <span className="sr-only">{t(`dashboard.cards.${change.direction}`)} </span>
              {change.percent}
            </span>{' '}
            {t('dashboard.cards.vsPrevious')}
          </>
        ) : (
          t('dashboard.cards.noEarlierData')
        )}
      </p>
    </div>
  );
}

/** Status cards, then the two figures that need someone now: overdue and emergencies. */
export function StatCards({ stats, onShowOverdue, showingOverdue }: { stats: ComplaintStats; onShowOverdue: () => void; showingOverdue: boolean }) {
  const { t, i18n } = useTranslation();
  const urgent = (n: number) =>
    n > 0
      ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
      : 'border-slate-200 bg-white text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100';
  return (
    <section aria-labelledby="cards-title" className="space-y-3">
      <h2 id="cards-title" className="sr-only">
        {t('dashboard.cards.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.cards.map((card) => (
          <StatusCard key={card.status} card={card} />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className={`flex items-center justify-between gap-3 rounded-xl border p-4 ${urgent(stats.overdue)}`}>
          <div>
            <h3 className="text-sm font-medium">{t('dashboard.cards.overdue')}</h3>
            <p className="text-2xl font-bold tabular-nums" data-testid="card-overdue">
              {formatNumber(stats.overdue, i18n.language)}
            </p>
          </div>
          {stats.overdue > 0 && (
            <Button variant="secondary" onClick={onShowOverdue} aria-pressed={showingOverdue}>
              {showingOverdue ? t('dashboard.cards.showAll') : t('dashboard.cards.showOverdue')}
            </Button>
          )}
        </div>
        <div className={`rounded-xl border p-4 ${urgent(stats.emergencies)}`}>
          <h3 className="text-sm font-medium">{t('dashboard.cards.emergencies')}</h3>
          <p className="text-2xl font-bold tabular-nums" data-testid="card-emergencies">
            {formatNumber(stats.emergencies, i18n.language)}
          </p>
          <p className="text-xs">{stats.emergencies > 0 ? t('dashboard.cards.emergenciesFirst') : t('dashboard.cards.noEmergencies')}</p>
        </div>
      </div>
    </section>
  );
}
