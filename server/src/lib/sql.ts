import { OPEN_COMPLAINT_STATUSES, TIME_ZONE } from '@railmadad/contract';
import { sql } from 'drizzle-orm';

/** India's time zone in SQL: days, weeks and "today" are counted as a passenger in India counts them. */
export const ZONE = sql.raw(`'${TIME_ZONE}'`);

/** Statuses whose complaints are still work (open, in progress, reopened), as an SQL list for `in`. */
export const OPEN_STATUSES_SQL = sql.raw(`(${OPEN_COMPLAINT_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** Words typed into a search box, made safe for LIKE. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
