import type { SupportSession } from '@railmadad/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';

/**
 * The wait in words a passenger reads at a glance: under a minute, whole minutes up to an hour,
 * then hours. null (nothing to learn from yet) says it is still estimating, never a made-up number.
 */
export function waitText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('support.waiting.estimating');
  if (seconds < 60) return t('support.waiting.underMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('support.waiting.aboutMinutes', { count: minutes });
  return t('support.waiting.aboutHours', { count: Math.round(minutes / 60) });
}

/**
 * The session the passenger should be brought back to: one being answered, else one waiting in
 * the live queue. A message left for later is not (it may wait for hours); the bell opens it.
 */
export function ongoingSession(sessions: readonly SupportSession[]): SupportSession | null {
  const open = sessions.filter((s) => s.status === 'active' || (s.status === 'waiting' && !s.leftMessage));
  return open.sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}
const rank = (s: SupportSession) => (s.status === 'active' ? 0 : 1);

/** The screen a session shows: the live queue, a message left for later, the chat, or the end. */
export type SessionStage = 'queue' | 'leftMessage' | 'active' | 'ended';
export const stageOf = (s: Pick<SupportSession, 'status' | 'leftMessage'>): SessionStage =>
  s.status === 'ended' ? 'ended' : s.status === 'active' ? 'active' : s.leftMessage ? 'leftMessage' : 'queue';

/** A failed call in words: a code we know, the server's own sentence for a refusal, or a general line. */
export function supportErrorText(t: TFunction, exists: (key: string) => boolean, error: unknown): string {
  if (!(error instanceof ApiError)) return t('support.errors.failed');
  if (error.code === 'network') return t('errors.network');
  const fieldCode = error.fields ? Object.values(error.fields)[0] : undefined;
  for (const code of [fieldCode, error.code]) if (code && exists(`support.errors.${code}`)) return t(`support.errors.${code}`);
  if (error.status === 404) return t('support.errors.notFound');
  if ((error.status === 409 || error.status === 400 || error.status === 403) && error.message) return error.message;
  return t('support.errors.failed');
}
