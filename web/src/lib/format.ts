/** "2 minutes ago" in the reader's language, from the browser's own Intl data. */
export function timeAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** "22 Nov, 14:34"; the year only when it is not this year's (for table cells). */
export function formatShort(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const year = date.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year, hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Long type names ("Coach - Maintenance/Facilities") may wrap after the slash instead of spilling over. */
export const breakableLabel = (label: string) => label.replaceAll('/', '/\u200b');
