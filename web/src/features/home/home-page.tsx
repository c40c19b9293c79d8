import type { Overview } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';

type Tile = { to: string; key: string; icon: IconName };

const PASSENGER_TILES: Tile[] = [
  { to: '/file-complaint', key: 'fileComplaint', icon: 'file' },
  { to: '/track-status', key: 'trackStatus', icon: 'search' },
  { to: '/ai-assistance', key: 'aiAssistance', icon: 'sparkles' },
  { to: '/help', key: 'help', icon: 'help' },
  { to: '/real-time-support', key: 'realTimeSupport', icon: 'chat' },
  { to: '/multi-lingual', key: 'multiLingual', icon: 'globe' },
];

const ADMIN_TILES: Tile[] = [
  { to: '/dashboard', key: 'dashboard', icon: 'chart' },
  { to: '/smart-classification', key: 'smartClassification', icon: 'tag' },
  { to: '/quick-resolution', key: 'quickResolution', icon: 'bolt' },
  { to: '/staff', key: 'staff', icon: 'users' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me) return null;
  const isPassenger = me.role === 'passenger';
  const tiles = isPassenger ? PASSENGER_TILES : ADMIN_TILES.filter((tile) => me.role === 'admin' || tile.to !== '/staff');

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{isPassenger ? t('home.welcome', { name: me.name }) : t('home.adminTitle')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{isPassenger ? t('home.passengerIntro') : t('home.adminIntro')}</p>
      </header>

      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-amber-400"
            >
              <span className="grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-amber-300">
                <Icon name={tile.icon} className="size-6" />
              </span>
              <span className="font-semibold">{t(`nav.${tile.key}`)}</span>
              <span className="hidden text-sm text-slate-600 sm:block dark:text-slate-400">{t(`home.tiles.${tile.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>

      <OverviewCards />
    </div>
  );
}

/**
 * The figures, with a query of their own: when they arrive (and each minute after), only this part draws again, not
 * the heading and the tiles with their links, which on a slow phone was a long task of its own.
 */
function OverviewCards() {
  const { t, i18n } = useTranslation();
  const overview = useQuery({ queryKey: ['overview'], queryFn: () => api<Overview>('/api/overview'), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="mb-3 text-lg font-semibold">
        {t('home.overview')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {overview.isPending &&
          [0, 1, 2].map((i) => <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" aria-hidden="true" />)}
        {overview.isError && <p className="text-sm text-red-700 dark:text-red-400">{t('home.overviewFailed')}</p>}
        {overview.data?.cards.map((card) => (
          <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t(`home.cards.${card.key}`)}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={`overview-${card.key}`}>
              {formatNumber(card.value, i18n.language)}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
