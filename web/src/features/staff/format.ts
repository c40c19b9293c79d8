/** "25 min", "4.5 hr" or "2 days", in the reader's language, from the browser's own unit names. */
export function formatDuration(hours: number, language: string): string {
  const [value, unit] = hours >= 48 ? [hours / 24, 'day'] : hours >= 1 ? [hours, 'hour'] : [Math.max(1, Math.round(hours * 60)), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export const formatDecimal = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
