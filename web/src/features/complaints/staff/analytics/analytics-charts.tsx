import '../../../../components/charts/preact-safe';
import { type AnalyticsBreakdown, type AnalyticsDaily, COMPLAINT_STATUSES, type ComplaintStatus } from '@railmadad/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis, } from 'recharts';
import { formatDay, formatDecimal, formatNumber } from '../../../../lib/format';
import { ChartCard } from '../../../../components/charts/chart-card';
import { formatShare } from '../../../../components/charts/chart-format';
import { departmentLabel, onTimeParts, typesWithComplaints } from './chart-data';
import { COLOUR, SEVERITY_COLOUR, STATUS_COLOUR, TOOLTIP_STYLE } from '../../../../components/charts/chart-theme';
import { AXIS_TICK, HorizontalBars } from '../../../../components/charts/horizontal-bars';


function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{children}</p>;
}

function DailyChart({ daily }: { daily: AnalyticsDaily }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const range = { from: formatDay(daily.from, lang, 'long'), to: formatDay(daily.to, lang, 'long') };
  const table = {
    caption: t('analytics.daily.caption', range),
    columns: [t('analytics.daily.date'), t('analytics.daily.total'), ...COMPLAINT_STATUSES.map((s) => t(`status.${s}`))],
    rows: daily.days.map((d) => [formatDay(d.date, lang, 'long'), formatNumber(d.total, lang), ...COMPLAINT_STATUSES.map((s) => formatNumber(d[s], lang))]),
  };
  return (
    <ChartCard title={t('analytics.daily.title')} table={table} className="lg:col-span-2">
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        {COMPLAINT_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: STATUS_COLOUR[s] }} />
            {t(`status.${s}`)}
          </li>
        ))}
      </ul>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={daily.days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={COLOUR.grid} />
          <XAxis dataKey="date" tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(d: string) => formatDay(d, lang, 'short')} minTickGap={12} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(v: number) => formatNumber(v, lang)} />
          <Tooltip
            {...TOOLTIP_STYLE}
            labelFormatter={(d) => formatDay(String(d), lang, 'long')}
            formatter={(value) => formatNumber(Number(value), lang)}
            // The statuses in their lifecycle order, as in the legend, not by name.
            itemSorter={(item) => COMPLAINT_STATUSES.indexOf(item.dataKey as ComplaintStatus)}
          />
          {COMPLAINT_STATUSES.map((s) => (
            <Bar key={s} dataKey={s} name={t(`status.${s}`)} stackId="status" fill={STATUS_COLOUR[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {!daily.days.some((d) => d.total > 0) && <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">{t('analytics.daily.empty')}</p>}
    </ChartCard>
  );
}

function ByTypeChart({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const table = {
    caption: t('analytics.byType.caption', range),
    columns: [t('analytics.byType.type'), t('analytics.complaints')],
    rows: b.byType.map((r) => [t(`complaintTypes.${r.type}`), formatNumber(r.count, lang)]),
  };
  const rows = typesWithComplaints(b.byType).map((r) => ({ label: t(`complaintTypes.${r.type}`), value: r.count }));
  return (
    <ChartCard title={t('analytics.byType.title')} table={table}>
      {rows.length ? <HorizontalBars rows={rows} colour={COLOUR.count} unit={t('analytics.complaints')} format={(v) => formatNumber(v, lang)} /> : <Empty>{t('analytics.daily.empty')}</Empty>}
    </ChartCard>
  );
}

function BySeverityChart({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = b.bySeverity.map((r) => ({ severity: r.severity, label: t(`severity.${r.severity}`), value: r.count }));
  const table = {
    caption: t('analytics.bySeverity.caption', range),
    columns: [t('analytics.bySeverity.severity'), t('analytics.complaints')],
    rows: rows.map((r) => [r.label, formatNumber(r.value, lang)]),
  };
  return (
    <ChartCard title={t('analytics.bySeverity.title')} table={table}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 20, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={COLOUR.grid} />
          <XAxis dataKey="label" tick={AXIS_TICK} stroke={COLOUR.grid} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(v: number) => formatNumber(v, lang)} />
          <Tooltip {...TOOLTIP_STYLE} formatter={(value) => [formatNumber(Number(value), lang), t('analytics.complaints')]} />
          <Bar dataKey="value" name={t('analytics.complaints')} radius={[4, 4, 0, 0]} maxBarSize={64} isAnimationActive={false}>
            {rows.map((r) => (
              <Cell key={r.severity} fill={SEVERITY_COLOUR[r.severity]} />
            ))}
            <LabelList dataKey="value" position="top" fill={COLOUR.axis} fontSize={12} formatter={(value) => formatNumber(Number(value), lang)} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function OnTimeCard({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const parts = onTimeParts(b.onTime);
  const late = b.onTime.resolved - b.onTime.onTime;
  const table = {
    caption: t('analytics.onTime.caption', range),
    columns: [t('analytics.onTime.outcome'), t('analytics.complaints')],
    rows: [
      [t('analytics.onTime.onTime'), formatNumber(b.onTime.onTime, lang)],
      [t('analytics.onTime.late'), formatNumber(late, lang)],
    ],
  };
  return (
    <ChartCard
      title={t('analytics.onTime.title')}
      table={table}
      summary={
        parts &&
        b.onTime.share !== null && (
          <p className="mb-3">
            <span className="block text-4xl font-bold tabular-nums">{formatShare(b.onTime.share, lang)}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{t('analytics.onTime.share')}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">
              {t('analytics.onTime.detail', { count: b.onTime.resolved, onTime: formatNumber(b.onTime.onTime, lang), formatted: formatNumber(b.onTime.resolved, lang) })}
            </span>
          </p>
        )
      }
    >
      {parts ? (
        <div className="space-y-2">
          <div className="flex h-4 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
            <div style={{ width: `${parts.onTime}%`, background: COLOUR.onTime }} />
            <div style={{ width: `${parts.late}%`, background: COLOUR.late }} />
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
            <li className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: COLOUR.onTime }} />
              {t('analytics.onTime.onTime')}: {formatNumber(b.onTime.onTime, lang)}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: COLOUR.late }} />
              {t('analytics.onTime.late')}: {formatNumber(late, lang)}
            </li>
          </ul>
        </div>
      ) : (
        <Empty>{t('analytics.onTime.none')}</Empty>
      )}
    </ChartCard>
  );
}

function ResolutionByTypeChart({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hours = (v: number) => t('analytics.hoursValue', { hours: formatDecimal(v, lang) });
  const table = {
    caption: t('analytics.resolutionByType.caption', range),
    columns: [t('analytics.byType.type'), t('analytics.hours'), t('analytics.resolved')],
    rows: b.resolutionByType.map((r) => [t(`complaintTypes.${r.type}`), formatDecimal(r.hours, lang), formatNumber(r.resolved, lang)]),
  };
  const rows = b.resolutionByType.map((r) => ({ label: t(`complaintTypes.${r.type}`), value: r.hours }));
  return (
    <ChartCard title={t('analytics.resolutionByType.title')} table={table}>
      {rows.length ? <HorizontalBars rows={rows} colour={COLOUR.hours} unit={t('analytics.hours')} format={hours} /> : <Empty>{t('analytics.resolutionByType.none')}</Empty>}
    </ChartCard>
  );
}

function ResolutionByDepartmentChart({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hours = (v: number) => t('analytics.hoursValue', { hours: formatDecimal(v, lang) });
  const labels = { unassigned: t('analytics.resolutionByDepartment.unassigned'), noDepartment: t('analytics.resolutionByDepartment.noDepartment') };
  const table = {
    caption: t('analytics.resolutionByDepartment.caption', range),
    columns: [t('analytics.resolutionByDepartment.department'), t('analytics.hours'), t('analytics.resolved')],
    rows: b.resolutionByDepartment.map((r) => [departmentLabel(r, labels), formatDecimal(r.hours, lang), formatNumber(r.resolved, lang)]),
  };
  const rows = b.resolutionByDepartment.map((r) => ({ label: departmentLabel(r, labels), value: r.hours }));
  return (
    <ChartCard title={t('analytics.resolutionByDepartment.title')} table={table}>
      {rows.length ? <HorizontalBars rows={rows} colour={COLOUR.hours} unit={t('analytics.hours')} format={hours} /> : <Empty>{t('analytics.resolutionByDepartment.none')}</Empty>}
    </ChartCard>
  );
}

function RatingsChart({ b, range }: { b: AnalyticsBreakdown; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = b.ratings.counts.map((r) => ({ label: `${formatNumber(r.rating, lang)}★`, stars: t('analytics.ratings.stars', { count: r.rating }), value: r.count }));
  const table = {
    caption: t('analytics.ratings.caption', range),
    columns: [t('analytics.ratings.rating'), t('analytics.ratings.given')],
    rows: rows.map((r) => [r.stars, formatNumber(r.value, lang)]),
  };
  const average = b.ratings.average;
  return (
    <ChartCard
      title={t('analytics.ratings.title')}
      table={table}
      summary={
        average !== null && (
          <p className="mb-2">
            <span className="sr-only">
              {t('analytics.ratings.average')}: {t('analytics.ratings.averageValue', { average: formatDecimal(average, lang, 2) })}
            </span>
            <span aria-hidden="true" className="text-4xl font-bold tabular-nums">
              {formatDecimal(average, lang, 2)}
              <span className="text-lg font-medium text-slate-600 dark:text-slate-400"> / {formatNumber(5, lang)}</span>
            </span>{' '}
            <span className="text-sm text-slate-600 dark:text-slate-400">{t('analytics.ratings.count', { count: b.ratings.total, formatted: formatNumber(b.ratings.total, lang) })}</span>
          </p>
        )
      }
    >
      {b.ratings.total ? (
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={rows} margin={{ top: 20, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={COLOUR.grid} />
            <XAxis dataKey="label" tick={AXIS_TICK} stroke={COLOUR.grid} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(v: number) => formatNumber(v, lang)} />
            <Tooltip {...TOOLTIP_STYLE} formatter={(value) => [formatNumber(Number(value), lang), t('analytics.ratings.given')]} />
            <Bar dataKey="value" fill={COLOUR.star} radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false}>
              <LabelList dataKey="value" position="top" fill={COLOUR.axis} fontSize={12} formatter={(value) => formatNumber(Number(value), lang)} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Empty>{t('analytics.ratings.none')}</Empty>
      )}
    </ChartCard>
  );
}

/** Every chart of the dashboard's analytics; loaded on its own, with Recharts, when the section opens. */
export default function AnalyticsCharts({ daily, breakdown }: { daily: AnalyticsDaily; breakdown: AnalyticsBreakdown }) {
  const { i18n } = useTranslation();
  const range = { from: formatDay(breakdown.from, i18n.language, 'long'), to: formatDay(breakdown.to, i18n.language, 'long') };
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <DailyChart daily={daily} />
      <ByTypeChart b={breakdown} range={range} />
      <div className="grid gap-4">
        <BySeverityChart b={breakdown} range={range} />
        <OnTimeCard b={breakdown} range={range} />
      </div>
      <ResolutionByTypeChart b={breakdown} range={range} />
      <div className="grid gap-4">
        <ResolutionByDepartmentChart b={breakdown} range={range} />
        <RatingsChart b={breakdown} range={range} />
      </div>
    </div>
  );
}
