import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TableData = {
  caption: string;
  columns: string[];
  /** The first cell of each row heads it (a day, a type, a department). */
  rows: (string | number)[][];
};

export function DataTable({ data, className = '' }: { data: TableData; className?: string }) {
  return (
    <table className={`w-full text-sm ${className}`}>
      <caption className="pb-2 text-start text-xs text-slate-600 dark:text-slate-400">{data.caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          {data.columns.map((c, i) => (
            <th key={c} scope="col" className={`px-2 py-1.5 font-semibold ${i === 0 ? 'text-start' : 'text-end'}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map(([head, ...cells]) => (
          <tr key={String(head)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <th scope="row" className="px-2 py-1.5 text-start font-normal">
              {head}
            </th>
            {cells.map((cell, i) => (
              <td key={i} className="px-2 py-1.5 text-end tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One chart with its figures as a table. The table is always in the page for screen readers
 * (visually hidden while the chart shows); the button shows it to everyone instead of the chart.
 */
export function ChartCard({ title, table, summary, children, className = '' }: { title: string; table: TableData; summary?: ReactNode; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const label = asTable ? t('analytics.showChart') : t('analytics.showTable');
  return (
    <section aria-labelledby={`${id}-title`} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <button
          type="button"
          onClick={() => setAsTable((v) => !v)}
          // Every card has this button: its name says which chart it is for.
          aria-label={`${label}: ${title}`}
          aria-controls={`${id}-body`}
          className="-my-1 ms-auto min-h-9 rounded-md px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-amber-300"
        >
          {label}
        </button>
      </div>
      {summary}
      <div id={`${id}-body`}>
        {asTable ? (
          <div className="max-h-96 overflow-auto">
            <DataTable data={table} />
          </div>
        ) : (
          <>
            {/* The chart is a picture of the table below it: screen readers read the table. */}
            <div aria-hidden="true" dir="ltr">
              {children}
            </div>
            {/* A table ignores a 1 px width and would widen the page; its wrapper does not. */}
            <div className="sr-only">
              <DataTable data={table} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
