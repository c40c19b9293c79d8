/** Dates and times are India's (IST) for everyone: the incident date a passenger gives, what screens and SMS show. */
export const TIME_ZONE = 'Asia/Kolkata';

/** Made once: building an Intl formatter costs far more than formatting with it, and filing asks for every complaint. */
const indiaDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** YYYY-MM-DD of an instant in India (today, by default). */
export const todayInIndia = (now = new Date()) => indiaDate.format(now);
