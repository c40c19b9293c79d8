import { todayInIndia } from '@railmadad/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNearViewport } from '../../../../lib/use-near-viewport';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useMe } from '../../../../lib/session';
import { useAnalyticsBreakdown, useAnalyticsDaily } from './api';
import { type RangeChoice, rangeOf } from './chart-data';
import { CHART_THEME } from '../../../../components/charts/chart-theme';
import { RangePicker } from './range-picker';
import { formatDay } from '../../../../lib/format';

// Recharts is big: its code loads only when the charts are shown, after the dashboard has painted.
const loadCharts = () => import('./analytics-charts');
const AnalyticsCharts = lazy(loadCharts);

const OPEN_KEY = 'dashboard.analytics';

/** Whether the charts are shown: the person's last choice, else open for admins and closed for staff, whose queue comes first. */
function useOpenPreference(byDefault: boolean): [boolean, (open: boolean) => void] {
  const [stored, setStored] = useState<boolean | null>(() => {
    try {
      const value = localStorage.getItem(OPEN_KEY);
      return value === null ? null : value === 'open';
    } catch {
      return null;
    }
  });
  const set = (open: boolean) => {
    setStored(open);
    try {
      localStorage.setItem(OPEN_KEY, open ? 'open' : 'closed');
    } catch {
      // not fatal: the choice lasts for this visit
    }
  };
  return [stored ?? byDefault, set];
}

function ChartsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 lg:grid-cols-2">
      <div className="h-80 animate-pulse rounded-xl bg-slate-200 lg:col-span-2 dark:bg-slate-800" />
      <div className="h-64 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
      <div className="h-64 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** The dashboard's charts: a period to choose, then the figures of the complaints filed in it. */
export function AnalyticsSection() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [isOpen, setOpen] = useOpenPreference(me?.role === 'admin');
  // Below the queue: the figures and the chart library load when the reader scrolls near them.
  const [isNear, sectionRef] = useNearViewport<HTMLElement>();
  const isShown = isOpen && isNear;
  const [choice, setChoice] = useState<RangeChoice>({ preset: 30 });
  const range = rangeOf(choice, todayInIndia());
  const daily = useAnalyticsDaily(range, isShown);
  const breakdown = useAnalyticsBreakdown(range, isShown);
  const isFailed = daily.isError || breakdown.isError;
  // The code and the figures load side by side.
  useEffect(() => {
    if (isShown) void loadCharts();
  }, [isShown]);
  const isUpdating = (daily.isPlaceholderData || breakdown.isPlaceholderData) && (daily.isFetching || breakdown.isFetching);

  return (
    <section ref={sectionRef} aria-labelledby="analytics-title" className={`space-y-4 ${CHART_THEME}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="analytics-title" className="text-lg font-semibold">
            {t('analytics.title')}
          </h2>
          {isOpen && <p className="text-sm text-slate-600 dark:text-slate-400">{t('analytics.subtitle')}</p>}
        </div>
        <Button variant="secondary" aria-expanded={isOpen} aria-controls="analytics-body" onClick={() => setOpen(!isOpen)}>
          {isOpen ? t('analytics.hide') : t('analytics.show')}
        </Button>
      </div>

      {isOpen && (
        <div id="analytics-body" className="space-y-4">
          <RangePicker choice={choice} range={range} onChange={setChoice} />
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('analytics.range.showing', { from: formatDay(range.from, i18n.language, 'long'), to: formatDay(range.to, i18n.language, 'long') })}
          </p>
          {isFailed && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              {t('analytics.loadFailed')}
              <Button
                variant="secondary"
                onClick={() => {
                  void daily.refetch();
                  void breakdown.refetch();
                }}
              >
                {t('analytics.retry')}
              </Button>
            </div>
          )}
          {!isFailed && (!daily.data || !breakdown.data) && <ChartsSkeleton label={t('analytics.loading')} />}
          {daily.data && breakdown.data && (
            <Suspense fallback={<ChartsSkeleton label={t('analytics.loading')} />}>
              <div className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={isUpdating}>
                <AnalyticsCharts daily={daily.data} breakdown={breakdown.data} />
              </div>
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
