// Numbers and days as charts show them, in the reader's language.

/** A YYYY-MM-DD day in the reader's language: "5 Mar" (short) or "5 March 2025" (long). */
export function formatDay(date: string, language: string, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions = style === 'short' ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export const formatDecimal = (value: number, language: string, digits = 1) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);

export const formatShare = (share: number, language: string) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** A horizontal bar chart tall enough for its rows. */
export const barChartHeight = (rows: number, rowHeight = 34) => Math.max(120, rows * rowHeight + 40);
