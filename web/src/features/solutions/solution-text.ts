import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/** "45 min", "2 h 30 min", "3 d 4 h": an expected or average time, short enough for a phone. */
export function formatDuration(t: TFunction, minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return t('solutions.duration.minutes', { m: total });
  if (total < 24 * 60) {
    const h = Math.floor(total / 60);
    const m = total % 60;
    return m ? t('solutions.duration.hoursMinutes', { h, m }) : t('solutions.duration.hours', { h });
  }
  const d = Math.floor(total / (24 * 60));
  const h = Math.round((total % (24 * 60)) / 60);
  return h ? t('solutions.duration.daysHours', { d, h }) : t('solutions.duration.days', { d });
}

/** The translated words for a failed call: a form field's code, or what the status means here. */
export function solutionErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('solutions.errors.failed');
  if (error.code === 'network') return t('errors.network');
  if (error.status === 404) return t('solutions.errors.notFound');
  if (error.status === 409) return t('solutions.errors.conflict');
  if (error.status === 403) return t('solutions.errors.forbidden');
  return t('solutions.errors.failed');
}
