import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';

/**
 * The words for a failed change: a field code the app knows is translated, a 409 or 403 shows
 * the server's own sentence (it names the statuses involved), anything else a general line.
 */
export function actionErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('dashboard.actions.failed');
  if (error.code === 'network') return t('errors.network');
  const fieldCode = error.fields ? Object.values(error.fields)[0] : undefined;
  if (fieldCode) {
    const key = `complaintErrors.${fieldCode}`;
    const text = t(key);
    if (text !== key) return text;
  }
  if ((error.status === 409 || error.status === 403 || error.status === 400) && error.message) return error.message;
  return t('dashboard.actions.failed');
}
