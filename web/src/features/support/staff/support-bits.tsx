import { type AgentStatus, LANGUAGE_NAMES, type Language, type SupportSession, type SupportType } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import { breakableLabel, formatDecimal, formatNumber } from '../../../lib/format';
import { formatClock, secondsSince } from './support-time';
import { useNow } from './use-now';

/** A stopwatch from `since` (to `until` when the session is over); ticks each second while it runs. */
export function Elapsed({ since, until, className = '' }: { since: string; until?: string | null; className?: string }) {
  const now = useNow();
  const seconds = secondsSince(since, until ? Date.parse(until) : now);
  // Not a live region: a clock read aloud every second would drown everything else.
  return (
    <time dateTime={`PT${seconds}S`} className={`tabular-nums ${className}`}>
      {formatClock(seconds)}
    </time>
  );
}

function VideoIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d="M15 10l5-3v10l-5-3M4 7h9a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

/** Chat, voice or video: an icon and the word. */
export function TypeLabel({ type, className = '' }: { type: SupportType; className?: string }) {
  const { t } = useTranslation();
  const icon = 'size-4 shrink-0';
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      {type === 'video' ? <VideoIcon className={icon} /> : <Icon name={type === 'voice' ? 'phone' : 'chat'} className={icon} />}
      {t(`supportStaff.type.${type}`)}
    </span>
  );
}

export function TopicLabel({ topic }: { topic: SupportSession['topic'] }) {
  const { t } = useTranslation();
  return <>{topic ? breakableLabel(t(`complaintTypes.${topic}`)) : t('supportStaff.noTopic')}</>;
}

/** The passenger's language in its own script, so an agent who reads it recognises it at once. */
export function LanguageLabel({ language }: { language: Language }) {
  return <span lang={language}>{LANGUAGE_NAMES[language] ?? language}</span>;
}

export function EmergencyMark() {
  const { t } = useTranslation();
  return <span className="inline-flex rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white uppercase">{t('supportStaff.emergency')}</span>;
}

const DOT: Record<AgentStatus, string> = {
  available: 'bg-green-600 dark:bg-green-400',
  busy: 'bg-amber-500 dark:bg-amber-400',
  away: 'bg-slate-400 dark:bg-slate-500',
};

/** A coloured dot and the word: colour alone never carries the meaning. */
export function AgentStatusLabel({ status }: { status: AgentStatus }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${DOT[status]}`} />
      {t(`supportStaff.agentStatus.${status}`)}
    </span>
  );
}

/** "★ 4.6 (12)", or a dash before the first rating. */
export function RatingLabel({ rating, count }: { rating: number | null; count?: number }) {
  const { t, i18n } = useTranslation();
  if (rating === null) return <span className="text-slate-600 dark:text-slate-400">{t('supportStaff.noRating')}</span>;
  const value = formatDecimal(rating, i18n.language);
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <span className="sr-only">{count === undefined ? t('supportStaff.ratingOnly', { rating: value }) : t('supportStaff.ratingWithCount', { rating: value, count, formatted: formatNumber(count, i18n.language) })}</span>
      <span aria-hidden="true" className="text-amber-500 dark:text-amber-400">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold tabular-nums">
        {value}
      </span>
      {count !== undefined && (
        <span aria-hidden="true" className="text-slate-600 tabular-nums dark:text-slate-400">
          ({formatNumber(count, i18n.language)})
        </span>
      )}
    </span>
  );
}

/** A small round badge with the number of unread messages. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white tabular-nums">
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{formatNumber(count, i18n.language)}</span>
    </span>
  );
}

export const LINK = 'font-semibold text-brand-700 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700 dark:text-amber-300 dark:decoration-amber-300/40';

/** A quiet line for an empty list. */
export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{children}</p>;
}

export function ErrorLine({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      <span className="min-w-0 flex-1">{text}</span>
      {onRetry && (
        <button type="button" onClick={onRetry} className="min-h-11 rounded-lg px-3 font-semibold underline underline-offset-4">
          {t('supportStaff.retry')}
        </button>
      )}
    </div>
  );
}
