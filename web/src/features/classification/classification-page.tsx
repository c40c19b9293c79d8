import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, PageHeader, Spinner } from '../../components/ui/card';
import { CursorPagination } from '../../components/ui/pagination';
import { formatNumber } from '../../lib/format';
import { useMe } from '../../lib/session';
import { CHART_THEME } from '../../components/charts/chart-theme';
import { useClassificationSummary, useClassifications } from './api';
import { LEVEL_THEME } from './chart-level-theme';
import { changeFilters, type ClassificationFilters, hasNarrowing, readFilters, toListQuery, writeFilters } from './classification-filters';
import { ClassificationFiltersBar } from './classification-filters-bar';
import { ClassificationTable } from './classification-table';
import { classificationErrorText } from './classification-text';
import { ModelPanel } from './model-panel';
import { SummaryTiles } from './summary-tiles';
import { useDropMalformedCursor } from '../../lib/cursor';

// Recharts is big: its code loads only after the table has painted.
const loadCharts = () => import('./classification-charts');
const ClassificationCharts = lazy(loadCharts);

function ChartsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 lg:grid-cols-2">
      <div className="h-96 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
      <div className="grid gap-4">
        <div className="h-64 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        <div className="h-64 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}

/** Smart Classification: the model's call on every complaint, reviewed in one click; admins retrain it. */
export default function ClassificationPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const isAdmin = me?.role === 'admin';
  const [params, setParams] = useSearchParams();
  useDropMalformedCursor();
  const filters = useMemo(() => readFilters(params), [params]);
  const summary = useClassificationSummary();
  const list = useClassifications(toListQuery(filters));

  const show = (next: ClassificationFilters) => setParams(writeFilters(next), { replace: true });
  const update = (patch: Partial<ClassificationFilters>) => show(changeFilters(filters, patch));
  const goToPage = (cursor: string) => {
    setParams(writeFilters({ ...filters, cursor }));
    document.getElementById('calls-title')?.scrollIntoView({ block: 'start' });
  };

  const data = list.data;
  // The code and the figures load side by side.
  useEffect(() => {
    void loadCharts();
  }, []);

  const from = params.size > 0 ? `?${params.toString()}` : '';
  const caption = t('classification.table.title');
  // The bars' colours follow the server's review threshold; its default until the summary arrives.
  const threshold = summary.data?.threshold ?? 0.6;

  return (
    <div className="space-y-6">
      <PageHeader title={t('classification.title')} subtitle={t('classification.subtitle')} />

      {summary.isError && !summary.data && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {classificationErrorText(t, summary.error)}
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            {t('classification.retry')}
          </Button>
        </div>
      )}
      <SummaryTiles summary={summary.data} />

      <Card title={<span id="calls-title">{caption}</span>}>
        <div className="space-y-4">
          <ClassificationFiltersBar filters={filters} onChange={update} canClear={hasNarrowing(filters)} onClear={() => show({ q: '' })} />

          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {data
              ? data.exact
                ? t('classification.table.total', { count: data.total, formatted: formatNumber(data.total, i18n.language) })
                : t('common.countAbout', { formatted: formatNumber(data.total, i18n.language) })
              : '\u00a0'}
          </p>
          {list.isPending && !data && <Spinner label={t('common.loading')} />}
          {list.isError && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              {classificationErrorText(t, list.error)}
              <Button variant="secondary" onClick={() => void list.refetch()}>
                {t('classification.retry')}
              </Button>
            </div>
          )}
          {data && data.items.length === 0 && (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              {hasNarrowing(filters) ? t('classification.table.noMatches') : t('classification.table.empty')}
            </p>
          )}
          {data && data.items.length > 0 && (
            <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={list.isFetching}>
              <ClassificationTable items={data.items} threshold={threshold} from={from} caption={caption} />
            </div>
          )}

          {data && <CursorPagination list={data} onCursor={goToPage} className="border-t border-slate-200 pt-4 dark:border-slate-800" />}
        </div>
      </Card>

      <section aria-labelledby="charts-title" className={`space-y-4 ${CHART_THEME} ${LEVEL_THEME}`}>
        <h2 id="charts-title" className="text-lg font-semibold">
          {t('classification.charts.title')}
        </h2>
        {summary.data ? (
          <Suspense fallback={<ChartsSkeleton label={t('classification.charts.loading')} />}>
            <ClassificationCharts summary={summary.data} />
          </Suspense>
        ) : (
          !summary.isError && <ChartsSkeleton label={t('classification.charts.loading')} />
        )}
      </section>

      {isAdmin && <ModelPanel />}
    </div>
  );
}
