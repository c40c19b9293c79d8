import type { SupportSession } from '@railmadad/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, Spinner } from '../../../components/ui/card';
import { CursorPagination } from '../../../components/ui/pagination';
import { ApiError } from '../../../lib/api';
import { readCursor, useDropMalformedCursor } from '../../../lib/cursor';
import { formatShort } from '../../../lib/format';
import { supportErrorText, useSessions } from './api';
import { Empty, ErrorLine, RatingLabel, TopicLabel, TypeLabel } from './support-bits';
import { formatClock, sessionSeconds } from './support-time';

// The thread's code loads when a transcript is first opened (the complaint view needs it rarely).
const TranscriptDialog = lazy(async () => ({ default: (await import('./transcript-dialog')).TranscriptDialog }));

/** A list of sessions, each opening its transcript read-only: the console's history, or the ones on a complaint. */
export function SessionLinks({ sessions, showAgent = true }: { sessions: SupportSession[]; showAgent?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<SupportSession | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {sessions.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => setOpen(s)}
              className="block min-h-11 w-full rounded-lg px-2 py-2 text-start hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <span className="flex flex-wrap items-center justify-between gap-x-3">
                <span className="min-w-0 font-semibold break-words">{s.passenger.name}</span>
                <RatingLabel rating={s.rating} />
              </span>
              <span className="block text-sm break-words">
                <TopicLabel topic={s.topic} />
              </span>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                <TypeLabel type={s.type} />
                {showAgent && s.agent && <span className="break-words">{s.agent.name}</span>}
                <time dateTime={s.endedAt ?? s.createdAt}>{formatShort(s.endedAt ?? s.createdAt, i18n.language)}</time>
                {s.acceptedAt && <span className="tabular-nums">{formatClock(sessionSeconds(s, Date.now()))}</span>}
                {s.status !== 'ended' && <span className="font-semibold text-green-800 dark:text-green-300">{t(`supportStaff.sessionStatus.${s.status}`)}</span>}
                <span className="font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300">{t('supportStaff.history.open')}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <TranscriptDialog session={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The history's page in the address, so a reload, a shared link or Back keeps it. Its own name: the passenger's
 * screen on the same path reads `cursor`, and whatever else the console's address holds stays as it is.
 */
const HISTORY_CURSOR_PARAM = 'historyCursor';
const CARD_ID = 'support-history';

/** The server refused the page's cursor (forged, cut short, or from another list): no retry brings that page back. */
const cursorRefused = (error: unknown) => error instanceof ApiError && error.status === 400 && !!error.fields?.cursor;

/**
 * Ended sessions, newest ended first, with the passenger's rating; an admin sees everyone's. Paged by the server's
 * cursors (Previous / Next and how many in all), as the other long lists are.
 */
export function HistoryList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Where the page starts: none is the newest; Next and Previous hand over the server's cursors.
  const cursor = readCursor(params.get(HISTORY_CURSOR_PARAM));
  useDropMalformedCursor(HISTORY_CURSOR_PARAM);
  const list = useSessions('history', true, cursor);
  const items = list.data?.items ?? [];
  // Why the newest page is shown instead of the one asked for, until the staff member pages on.
  const [refusal, setRefusal] = useState<unknown>(null);

  const showPage = useCallback(
    (to: string | undefined, replace: boolean) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          if (to) next.set(HISTORY_CURSOR_PARAM, to);
          else next.delete(HISTORY_CURSOR_PARAM);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  // Each page its own entry, so Back returns to the one before.
  const goToPage = (to: string) => {
    setRefusal(null);
    showPage(to, false);
    document.getElementById(CARD_ID)?.scrollIntoView({ block: 'start' });
  };

  // A page that came back empty (its chats deleted with their accounts) goes back to the newest; so does a cursor
  // the server will not take, with the error line saying why. Both replace the entry: Back should not return to them.
  const emptied = !!cursor && !!list.data && !list.isPlaceholderData && items.length === 0;
  const refused = !!cursor && list.isError && cursorRefused(list.error);
  useEffect(() => {
    if (emptied) showPage(undefined, true);
  }, [emptied, showPage]);
  useEffect(() => {
    if (!refused) return;
    setRefusal(list.error);
    showPage(undefined, true);
  }, [refused, list.error, showPage]);

  return (
    <Card id={CARD_ID} title={t('supportStaff.history.title')} className="min-w-0 scroll-mt-16">
      {list.isPending && <Spinner label={t('common.loading')} />}
      {refusal !== null && !cursor && (
        <div className="mb-3">
          <ErrorLine text={supportErrorText(t, refusal)} />
        </div>
      )}
      {list.isError && !list.data && !refused && <ErrorLine text={supportErrorText(t, list.error)} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && !cursor && <Empty>{t('supportStaff.history.empty')}</Empty>}
      {items.length > 0 && <SessionLinks sessions={items} />}
      {list.data && <CursorPagination list={list.data} onCursor={goToPage} />}
    </Card>
  );
}
