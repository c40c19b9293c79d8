import type { ComplaintList, Me } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PrevNextPagination } from '../../../components/ui/pagination';
import { Card, PageHeader, Spinner } from '../../../components/ui/card';
import { api } from '../../../lib/api';
import { formatCompact, formatNumber } from '../../../lib/format';
import { useMe } from '../../../lib/session';
import { complaintListQuery, useComplaintStats } from '../api';
import { useMediaQuery } from '../../../lib/media-query';
import { AnalyticsSection } from './analytics/analytics-section';
import { ExportCsvLink } from './analytics/export-csv-link';
import { ComplaintsTable } from './complaints-table';
import { changeFilters, type DashboardFilters, hasNarrowing, readFilters, toListQuery, writeFilters } from './dashboard-filters';
import { FiltersBar } from './filters-bar';
import { StatCards } from './stat-cards';

/**
 * Staff see their own queue first when they have one; admins, and staff with nothing assigned,
 * see everything. Decided once per visit (not on every live update), so the list never jumps
 * from "all" to "mine" under someone's eyes. Undefined while the answer is on its way.
 */
/** Wide enough for the charts beside each other (Tailwind's `lg`). */
const WIDE = '(min-width: 1024px)';

function useDefaultAssignee(me: Me | null, isNeeded: boolean): string | undefined {
  const isStaff = me?.role === 'staff';
  const mine = useQuery({
    queryKey: ['dashboard', 'has-assigned', me?.id],
    queryFn: () => api<ComplaintList>('/api/complaints?assignee=me&pageSize=1'),
    enabled: isNeeded && isStaff,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
  if (!isStaff) return 'all';
  if (mine.isError) return 'all';
  return mine.data ? (mine.data.total > 0 ? 'me' : 'all') : undefined;
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const stats = useComplaintStats();
  const defaultAssignee = useDefaultAssignee(me, filters.assignee === undefined);
  const assignee = filters.assignee ?? defaultAssignee;
  const list = useQuery({ ...complaintListQuery(toListQuery(filters, assignee ?? 'all')), enabled: assignee !== undefined });

  const show = (next: DashboardFilters) => setParams(writeFilters(next), { replace: true });
  const update = (patch: Partial<DashboardFilters>) => show(changeFilters(filters, patch));
  const goTo = (cursor: string) => {
    setParams(writeFilters({ ...filters, page: 1, cursor }));
    document.getElementById('recent-title')?.scrollIntoView({ block: 'start' });
  };

  const data = list.data;
  // A cursor the server no longer takes (a link from before a change of order, say) or a page
  // emptied by changes under it: start again from the first page rather than show nothing.
  const stale = Boolean(filters.cursor) && (list.isError || (data !== undefined && !list.isPlaceholderData && data.items.length === 0));
  useEffect(() => {
    if (stale) setParams(writeFilters({ ...filters, page: 1, cursor: undefined }), { replace: true });
  }, [stale, filters, setParams]);

  const from = params.size > 0 ? `?${params.toString()}` : '';
  const caption = t('dashboard.table.title');
  const wide = useMediaQuery(WIDE);

  return (
    <div className="space-y-6">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />

      {stats.isPending && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
          ))}
        </div>
      )}
      {stats.isError && <p className="text-red-700 dark:text-red-400">{t('dashboard.cards.loadFailed')}</p>}
      {stats.data && <StatCards stats={stats.data} showingOverdue={filters.overdue} onShowOverdue={() => update({ overdue: !filters.overdue })} />}

      {/* On a phone the queue comes before the charts (they are a long scroll); on a wide screen the charts come first.
          The order is that of the page itself, so reading and Tab follow what is seen. */}
      {wide && <AnalyticsSection />}

      <Card title={<span id="recent-title">{caption}</span>} actions={<ExportCsvLink filters={filters} assignee={assignee} />}>
        <div className="space-y-4">
          <FiltersBar
            filters={filters}
            assignee={assignee ?? 'all'}
            onChange={update}
            canClear={hasNarrowing(filters)}
            onClear={() => show({ q: '', overdue: false, sort: 'newest', page: 1 })}
          />

          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {data
              ? data.exact
                ? t('dashboard.table.total', { count: data.total, formatted: formatNumber(data.total, i18n.language) })
                : t('dashboard.table.totalAbout', { formatted: formatCompact(data.total, i18n.language) })
              : '\u00a0'}
          </p>
          {(list.isPending || assignee === undefined) && !data && <Spinner label={t('common.loading')} />}
          {list.isError && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              {t('dashboard.table.loadFailed')}
              <Button variant="secondary" onClick={() => list.refetch()}>
                {t('dashboard.table.retry')}
              </Button>
            </div>
          )}
          {data && data.items.length === 0 && (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('complaintCommon.noComplaints')}</p>
          )}
          {data && data.items.length > 0 && (
            <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={list.isFetching}>
              <ComplaintsTable items={data.items} from={from} caption={caption} />
            </div>
          )}

          {data && <PrevNextPagination prev={data.prev} next={data.next} onGo={goTo} className="border-t border-slate-200 pt-4 dark:border-slate-800" />}
        </div>
      </Card>

      {!wide && <AnalyticsSection />}
    </div>
  );
}
