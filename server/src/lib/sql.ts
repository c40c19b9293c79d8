import { TIME_ZONE } from '@railmadad/contract';
import { sql } from 'drizzle-orm';

/** India's time zone in SQL: days, weeks and "today" are counted as a passenger in India counts them. */
export const ZONE = sql.raw(`'${TIME_ZONE}'`);

/** Words typed into a search box, made safe for LIKE. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
