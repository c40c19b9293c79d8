/** Dates and times are India's (IST) for everyone: the incident date a passenger gives, what screens and SMS show. */
export const TIME_ZONE = 'Asia/Kolkata';

/** YYYY-MM-DD of an instant in India (today, by default). */
export const todayInIndia = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
