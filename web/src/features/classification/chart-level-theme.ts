import type { ConfidenceLevel } from './classification-text';

/** The confidence levels' colours, as in the table's bars, and the accuracy line's; set on the charts' section beside the shared chart theme. */
export const LEVEL_THEME = [
  '[--chart-level-high:var(--color-green-600)] dark:[--chart-level-high:var(--color-green-500)]',
  '[--chart-level-medium:var(--color-amber-500)] dark:[--chart-level-medium:var(--color-amber-400)]',
  '[--chart-level-low:var(--color-red-600)] dark:[--chart-level-low:var(--color-red-400)]',
  '[--chart-accuracy:var(--color-indigo-600)] dark:[--chart-accuracy:var(--color-indigo-300)]',
].join(' ');

export const LEVEL_COLOUR: Record<ConfidenceLevel, string> = { high: 'var(--chart-level-high)', medium: 'var(--chart-level-medium)', low: 'var(--chart-level-low)' };
