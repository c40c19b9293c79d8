import '../../components/charts/preact-safe';
import type { ClassificationSummary } from '@railmadad/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatNumber, formatPercent } from '../../lib/format';
import { ChartCard } from '../../components/charts/chart-card';
import { COLOUR, TOOLTIP_STYLE } from '../../components/charts/chart-theme';
import { AXIS_TICK, HorizontalBars } from '../../components/charts/horizontal-bars';
import { LEVEL_COLOUR } from './chart-level-theme';
import {binLabel, confidenceLevel, typesWithCalls, weeklyPoints} from './classification-text';

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{children}</p>;
}

function DistributionChart({ summary }: { summary: ClassificationSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const table = {
    caption: t('classification.charts.distribution.caption'),
    columns: [t('classification.table.category'), t('classification.charts.complaints')],
    rows: summary.distribution.map((d) => [t(`complaintTypes.${d.type}`), formatNumber(d.count, lang)]),
  };
  const rows = typesWithCalls(summary.distribution).map((d) => ({ label: t(`complaintTypes.${d.type}`), value: d.count }));
  const unit = t('classification.charts.complaints');
  return (
    <ChartCard title={t('classification.charts.distribution.title')} table={table}>
      {rows.length ? (
        <HorizontalBars rows={rows} colour={COLOUR.count} unit={unit} format={(value) => formatNumber(value, lang)} />
      ) : (
        <Empty>{t('classification.charts.none')}</Empty>
      )}
    </ChartCard>
  );
}

function HistogramChart({ summary }: { summary: ClassificationSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // A bin is coloured by where it starts: the bins below the review threshold are the ones waiting for people.
  const rows = summary.histogram.map((b) => ({ from: b.from, label: binLabel(b.from, lang), value: b.count, level: confidenceLevel(b.from / 100, summary.threshold) }));
  const table = {
    caption: t('classification.charts.histogram.caption'),
    columns: [t('classification.table.confidence'), t('classification.charts.complaints')],
    rows: rows.map((r) => [r.label, formatNumber(r.value, lang)]),
  };
  const unit = t('classification.charts.complaints');
  return (
    <ChartCard
      title={t('classification.charts.histogram.title')}
      table={table}
      summary={<p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('classification.charts.histogram.threshold', { threshold: formatPercent(summary.threshold, lang) })}</p>}
    >
      {rows.some((r) => r.value > 0) ? (
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={rows} margin={{ top: 20, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={COLOUR.grid} />
            {/* The axis names each bin by where it starts ("60%"); the tooltip and the table give the whole span. */}
            <XAxis dataKey="from" tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(v: number) => formatPercent(v / 100, lang)} minTickGap={2} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(v: number) => formatNumber(v, lang)} />
            <Tooltip {...TOOLTIP_STYLE} labelFormatter={(v) => binLabel(Number(v), lang)} formatter={(value) => [formatNumber(Number(value), lang), unit]} />
            <Bar dataKey="value" name={unit} radius={[4, 4, 0, 0]} isAnimationActive={false}>
              {rows.map((r) => (
                <Cell key={r.label} fill={LEVEL_COLOUR[r.level]} />
              ))}
              <LabelList dataKey="value" position="top" fill={COLOUR.axis} fontSize={11} formatter={(value) => (Number(value) > 0 ? formatNumber(Number(value), lang) : '')} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Empty>{t('classification.charts.none')}</Empty>
      )}
    </ChartCard>
  );
}

function WeeklyAccuracyChart({ summary }: { summary: ClassificationSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points = weeklyPoints(summary.weekly);
  const percent = (v: number) => formatPercent(v / 100, lang, 1);
  const table = {
    caption: t('classification.charts.weekly.caption'),
    columns: [t('classification.charts.weekly.week'), t('classification.tiles.accuracy'), t('classification.charts.weekly.reviewed')],
    rows: points.map((p) => [formatDay(p.week, lang, 'long'), p.accuracy === null ? '—' : percent(p.accuracy), formatNumber(p.reviewed, lang)]),
  };
  return (
    <ChartCard title={t('classification.charts.weekly.title')} table={table}>
      {points.some((p) => p.accuracy !== null) ? (
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={points} margin={{ top: 12, right: 24, bottom: 0, left: -8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={COLOUR.grid} />
            <XAxis dataKey="week" tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={(d: string) => formatDay(d, lang, 'short')} minTickGap={8} />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={percent} />
            <Tooltip
              {...TOOLTIP_STYLE}
              cursor={{ stroke: COLOUR.grid }}
              labelFormatter={(d) => t('classification.charts.weekly.weekOf', { day: formatDay(String(d), lang, 'long') })}
              formatter={(value) => [value === null || value === undefined ? '—' : percent(Number(value)), t('classification.tiles.accuracy')]}
            />
            {/* A week without reviews has no accuracy: the line breaks there instead of dropping to zero. */}
            <Line type="monotone" dataKey="accuracy" stroke="var(--chart-accuracy)" strokeWidth={2} dot={{ r: 4, fill: 'var(--chart-accuracy)' }} connectNulls={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      ) : (
        <Empty>{t('classification.charts.weekly.none')}</Empty>
      )}
    </ChartCard>
  );
}

/** The screen's charts; loaded on their own, with Recharts, after the table has painted. */
export default function ClassificationCharts({ summary }: { summary: ClassificationSummary }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <DistributionChart summary={summary} />
      <div className="grid min-w-0 gap-4">
        <HistogramChart summary={summary} />
        <WeeklyAccuracyChart summary={summary} />
      </div>
    </div>
  );
}
