/** Dates and times are India's (IST) for everyone: the incident date a passenger gives, what screens and SMS show. */
export const TIME_ZONE = 'Asia/Kolkata';

/**
 * Made once, on first use: building an Intl formatter costs far more than formatting with it, and filing asks for
 * every complaint. Not at load: the browser loads this module with the first screen, which may never need it.
 */
let indiaDate: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD of an instant in India (today, by default). */
export function todayInIndia(now = new Date()): string {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
  return indiaDate.format(now);
}
