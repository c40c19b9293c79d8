import { formatPercent } from '../../lib/format';

export const formatShare = (share: number, language: string) => formatPercent(share, language, 1);

/** A horizontal bar chart tall enough for its rows. */
export const barChartHeight = (rows: number, rowHeight = 34) => Math.max(120, rows * rowHeight + 40);
