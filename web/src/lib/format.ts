import { TIME_ZONE, todayInIndia } from '@railmadad/contract';
/** "2 minutes ago" in the reader's language, from the browser's own Intl data. */
export function timeAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
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

/**
 * The locale `Intl` is asked for: English as India writes it ("23 Nov 2026", "1,00,000"), every other language as
 * itself (Bengali, Marathi and Sindhi then count in their own digits; references, PNRs and train numbers never pass
 * through here, so they stay in the digits a phone line reads back).
 */
export const intlLocale = (language: string) => (language === 'en' ? 'en-IN' : language);

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(intlLocale(language)).format(value);

/** A large round figure in words, as the language says it ("1.2 million", "12 लाख"): for an estimate, not a count. */
export const formatCompact = (value: number, language: string) =>
  new Intl.NumberFormat(intlLocale(language), { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 }).format(value);

export const formatDecimal = (value: number, language: string, digits = 1) =>
  new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: digits }).format(value);

/** A 0–1 share as a percent ("87%"). */
export const formatPercent = (share: number, language: string, digits = 0) =>
  new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: digits }).format(share);

/** "4.5 hr", "2 MB": the browser's own short unit names. */
export const formatUnit = (value: number, unit: string, language: string) =>
  new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);

/** A calendar day (YYYY-MM-DD, no time zone of its own): "5 Mar", "5 Mar 2026" or "5 March 2026". */
export function formatDay(date: string, language: string, style: 'short' | 'medium' | 'long' = 'medium'): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short' } : style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric' } : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(day);
}

// Times are shown in India's time zone wherever the reader is: a passenger abroad, a staff laptop set to UTC and the
// SMS all say the same 14:05 a railway timetable would.

/**
 * Urdu's clock runs to 24 hours: the browsers' Urdu data writes the day's half in Latin letters ("11:00 AM"), a
 * left-to-right word that the right-to-left line then places out of order.
 */
const clockOf = (language: string): Intl.DateTimeFormatOptions => (language === 'ur' ? { hourCycle: 'h23' } : {});

export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE, ...clockOf(language) }).format(new Date(iso));

/** "22 Nov, 14:34"; the year only when it is not this year's (for table cells). */
export function formatShort(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const year = todayInIndia(date).slice(0, 4) === todayInIndia(now).slice(0, 4) ? undefined : 'numeric';
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', year, hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE, ...clockOf(language) }).format(date);
}

/** "14:05" today, "22 Nov, 14:05" on another day (chat bubbles). */
export function formatMessageTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  return todayInIndia(date) === todayInIndia(now)
    ? new Intl.DateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE, ...clockOf(language) }).format(date)
    : formatShort(iso, language, now);
}

/** Long type names ("Coach - Maintenance/Facilities") may wrap after the slash instead of spilling over. */
export const breakableLabel = (label: string) => label.replaceAll('/', '/\u200b');
