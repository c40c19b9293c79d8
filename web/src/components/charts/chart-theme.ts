import type { ComplaintStatus, Severity } from '@railmadad/contract';

/**
 * The charts' colours, from Tailwind's palette, as CSS variables set on the analytics section.
 * The `dark` class on <html> switches them, so a chart follows the theme without re-rendering.
 */
export const CHART_THEME = [
  '[--chart-axis:var(--color-slate-600)] dark:[--chart-axis:var(--color-slate-400)]',
  '[--chart-grid:var(--color-slate-200)] dark:[--chart-grid:var(--color-slate-700)]',
  '[--chart-cursor:var(--color-slate-100)] dark:[--chart-cursor:var(--color-slate-800)]',
  '[--chart-tooltip-bg:var(--color-white)] dark:[--chart-tooltip-bg:var(--color-slate-900)]',
  '[--chart-tooltip-fg:var(--color-slate-900)] dark:[--chart-tooltip-fg:var(--color-slate-100)]',
  '[--chart-tooltip-border:var(--color-slate-300)] dark:[--chart-tooltip-border:var(--color-slate-600)]',
  '[--chart-open:var(--color-red-600)] dark:[--chart-open:var(--color-red-400)]',
  '[--chart-in-progress:var(--color-amber-500)] dark:[--chart-in-progress:var(--color-amber-300)]',
  '[--chart-resolved:var(--color-green-600)] dark:[--chart-resolved:var(--color-green-500)]',
  '[--chart-closed:var(--color-green-900)] dark:[--chart-closed:var(--color-green-200)]',
  '[--chart-reopened:var(--color-violet-600)] dark:[--chart-reopened:var(--color-violet-400)]',
  '[--chart-low:var(--color-slate-400)] dark:[--chart-low:var(--color-slate-500)]',
  '[--chart-medium:var(--color-amber-500)] dark:[--chart-medium:var(--color-amber-400)]',
  '[--chart-high:var(--color-red-700)] dark:[--chart-high:var(--color-red-400)]',
  '[--chart-count:var(--color-sky-700)] dark:[--chart-count:var(--color-sky-400)]',
  '[--chart-hours:var(--color-indigo-600)] dark:[--chart-hours:var(--color-indigo-300)]',
  '[--chart-star:var(--color-amber-500)] dark:[--chart-star:var(--color-amber-400)]',
  '[--chart-on-time:var(--color-green-600)] dark:[--chart-on-time:var(--color-green-500)]',
  '[--chart-late:var(--color-red-600)] dark:[--chart-late:var(--color-red-400)]',
].join(' ');

/** The status colours follow the badges and the cards: open red, in progress amber, resolved and closed green, reopened violet. */
export const STATUS_COLOUR: Record<ComplaintStatus, string> = {
  open: 'var(--chart-open)',
  in_progress: 'var(--chart-in-progress)',
  resolved: 'var(--chart-resolved)',
  closed: 'var(--chart-closed)',
  reopened: 'var(--chart-reopened)',
};

export const SEVERITY_COLOUR: Record<Severity, string> = { low: 'var(--chart-low)', medium: 'var(--chart-medium)', high: 'var(--chart-high)' };

export const COLOUR = {
  axis: 'var(--chart-axis)',
  grid: 'var(--chart-grid)',
  cursor: 'var(--chart-cursor)',
  count: 'var(--chart-count)',
  hours: 'var(--chart-hours)',
  star: 'var(--chart-star)',
  onTime: 'var(--chart-on-time)',
  late: 'var(--chart-late)',
} as const;

export const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--chart-tooltip-bg)', color: 'var(--chart-tooltip-fg)', border: '1px solid var(--chart-tooltip-border)', borderRadius: 8, fontSize: 13 },
  labelStyle: { color: 'var(--chart-tooltip-fg)', fontWeight: 600 },
  itemStyle: { color: 'var(--chart-tooltip-fg)' },
  cursor: { fill: 'var(--chart-cursor)' },
} as const;
