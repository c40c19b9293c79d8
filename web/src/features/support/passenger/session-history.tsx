import type { SupportSession } from '@railmadad/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CursorPage, CursorPagination } from '../../../components/ui/pagination';
import { formatShort } from '../../../lib/format';
import { StagePill, Stars, TypeIcon } from './parts';

/**
 * The passenger's past chats, newest first; each opens its transcript. `page` (the server's cursors and count) adds
 * Previous / Next when there is more than one page.
 */
export function SessionHistory({
  id,
  sessions,
  page,
  onPage,
  isLoading,
  isError,
}: {
  id?: string;
  sessions: SupportSession[];
  page?: CursorPage;
  onPage?: (cursor: string) => void;
  isLoading: boolean;
  isError: boolean;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('support.history.title')}
      </h2>
      {isLoading && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
      {isError && <p className="mt-2 text-sm text-red-700 dark:text-red-400">{t('support.history.loadFailed')}</p>}
      {!isLoading && !isError && sessions.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('support.history.empty')}</p>}
      {sessions.length > 0 && (
        <ul className="mt-3 space-y-2">
          {[...sessions]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((s) => (
              <li key={s.id}>
                <Link
                  to={`/real-time-support?session=${encodeURIComponent(s.id)}`}
                  className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 transition hover:border-brand-600 dark:border-slate-700 dark:hover:border-amber-400"
                >
                  <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    <TypeIcon type={s.type} className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-semibold">{s.agent?.name ?? t('support.history.noAgent')}</span>
                      <StagePill session={s} />
                    </span>
                    <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                      <time dateTime={s.createdAt}>{formatShort(s.createdAt, i18n.language)}</time> · {t(`support.types.${s.type}`)}
                      {s.topic && ` · ${t(`complaintTypes.${s.topic}`)}`}
                    </span>
                    {s.rating !== null && <Stars value={s.rating} className="mt-0.5 block text-sm" />}
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      )}
      {page && onPage && <CursorPagination list={page} onCursor={onPage} />}
    </section>
  );
}
