import { formatUnit } from '../../lib/format';
/** "25 min", "4.5 hr" or "2 days", in the reader's language, from the browser's own unit names. */
export function formatDuration(hours: number, language: string): string {
  const [value, unit] = hours >= 48 ? [hours / 24, 'day'] : hours >= 1 ? [hours, 'hour'] : [Math.max(1, Math.round(hours * 60)), 'minute'];
  return formatUnit(value, unit, language);
}
