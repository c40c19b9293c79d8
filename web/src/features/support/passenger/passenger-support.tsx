import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, Spinner } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api';
import { readCursor, useDropMalformedCursor } from '../../../lib/cursor';
import { historyPageQuery, historyQuery } from './api';
import { StagePill, TypeIcon } from './parts';
import { SessionHistory } from './session-history';
import { SessionView } from './session-view';
import { StartPanel } from './start-panel';
import { ongoingSession } from './support-text';
import { usePassengerLive } from './use-passenger-live';

/**
 * /real-time-support for a passenger. `?session=<id>` shows one session (the bell's link opens
 * it); without it, the start panel and the past chats (`?cursor=` an older page of them). A reload or a dropped
 * signal brings the passenger straight back into a chat that is still waiting or going on.
 */
export function PassengerSupport() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session');
  const cursor = readCursor(params.get('cursor'));
  useDropMalformedCursor();
  // The newest page always: a chat going on is among the newest. An older page only while one is shown.
  const history = useQuery(historyQuery);
  const older = useQuery({ ...historyPageQuery(cursor ?? ''), enabled: !!cursor });
  const shown = cursor ? older : history;
  usePassengerLive();

  const items = history.data?.items ?? [];
  const ongoing = ongoingSession(items);
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || (!history.data && !history.isError)) return;
    checked.current = true;
    if (!sessionId && ongoing) setParams({ session: ongoing.id }, { replace: true });
  }, [history.data, history.isError, sessionId, ongoing, setParams]);

  const open = (id: string) => setParams({ session: id });
  const backToStart = () => setParams({});
  const goToPage = useCallback(
    (to: string) => {
      setParams({ cursor: to });
      document.getElementById('support-history')?.scrollIntoView({ block: 'start' });
    },
    [setParams],
  );
  // A page that came back empty (nothing left past its cursor) goes back to the newest; so does a cursor the server
  // refuses (an old or cut-short link), which no retry would bring back.
  const emptied = !!cursor && !!older.data && !older.isPlaceholderData && older.data.items.length === 0;
  const refused = !!cursor && older.error instanceof ApiError && older.error.status === 400;
  useEffect(() => {
    if (emptied || refused) setParams({}, { replace: true });
  }, [emptied, refused, setParams]);

  if (sessionId) return <SessionView key={sessionId} id={sessionId} onNewChat={backToStart} />;
  // Until we know whether a chat is going on, no start panel that would vanish a moment later.
  if (!checked.current && (history.isPending || ongoing)) return <Spinner label={t('common.loading')} />;

  return (
    <>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {ongoing ? (
          <section className="rounded-xl border-2 border-green-600 bg-white p-4 shadow-sm sm:p-6 dark:border-green-500 dark:bg-slate-900">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <TypeIcon type={ongoing.type} />
              {t('support.continue.title')}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
              {ongoing.agent ? t('support.continue.withAgent', { name: ongoing.agent.name }) : t('support.continue.waiting')}
              <StagePill session={ongoing} />
            </p>
            <Link
              to={`/real-time-support?session=${encodeURIComponent(ongoing.id)}`}
              className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 sm:w-auto"
            >
              {t('support.continue.open')}
            </Link>
          </section>
        ) : (
          <StartPanel onStarted={open} />
        )}
        <SessionHistory id="support-history" sessions={shown.data?.items ?? []} page={shown.data} onPage={goToPage} isLoading={shown.isPending} isError={shown.isError} />
      </div>
    </>
  );
}

export default PassengerSupport;
