import { SUPPORT_COMMENT_MAX, type SupportSession } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, Spinner } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { StarRating } from '../../complaints/passenger/star-rating';
import { CallControls } from '../call/call-controls';
import { ChatThread } from '../chat/chat-thread';
import { sessionQuery, useEndSession, useLeaveMessage, useRateSession } from './api';
import { Call139, ConfirmDialog, FileAsComplaintButton, StagePill, Stars, TypeIcon } from './parts';
import { stageOf, supportErrorText, waitText } from './support-text';

const PASSENGER = 'passenger' as const;

/** The chat fills the phone's height below the top bar (3.5 rem), so the composer stays in view. */
const FULL_HEIGHT = 'h-[calc(100dvh-3.5rem-1rem)] min-h-[30rem] max-sm:-my-4 sm:h-[calc(100dvh-3.5rem-3rem)]';

/** One session, whatever its stage: in the queue, a message left, the live chat, or ended. */
export function SessionView({ id, onNewChat }: { id: string; onNewChat: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(sessionQuery(id));
  const session = query.data;

  if (!session) {
    if (query.isError) {
      const notFound = query.error instanceof ApiError && query.error.status === 404;
      return (
        <Card>
          <p role="alert">{notFound ? t('support.session.notFound') : t('support.session.loadFailed')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {!notFound && (
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {t('support.retry')}
              </Button>
            )}
            <Button onClick={onNewChat}>{t('support.backToSupport')}</Button>
          </div>
        </Card>
      );
    }
    return <Spinner label={t('common.loading')} />;
  }
  return <SessionStageView session={session} onNewChat={onNewChat} />;
}

function SessionStageView({ session, onNewChat }: { session: SupportSession; onNewChat: () => void }) {
  const { t, i18n } = useTranslation();
  const stage = stageOf(session);
  const [isEnding, setEnding] = useState(false);
  const end = useEndSession(session.id);
  const exists = (k: string) => i18n.exists(k);

  // Said once to a screen reader when the stage changes: an agent joined, the chat ended.
  const [announcement, setAnnouncement] = useState('');
  const previousStage = useRef(stage);
  useEffect(() => {
    if (previousStage.current === stage) return;
    previousStage.current = stage;
    if (stage === 'active') setAnnouncement(t('support.active.joined', { name: session.agent?.name ?? t('support.chat.agent') }));
    if (stage === 'ended') setAnnouncement(t('support.ended.title'));
  }, [stage, session.agent?.name, t]);

  const endDialog = isEnding && (
    <ConfirmDialog
      title={stage === 'active' ? t('support.active.endTitle') : t('support.waiting.cancelTitle')}
      text={stage === 'active' ? t('support.active.endText') : t('support.waiting.cancelText')}
      confirm={stage === 'active' ? t('support.active.end') : t('support.waiting.cancel')}
      cancel={stage === 'active' ? t('support.active.keepChatting') : t('support.waiting.keepWaiting')}
      busy={end.isPending}
      error={end.isError ? supportErrorText(t, exists, end.error) : null}
      onConfirm={() => end.mutate(undefined, { onSuccess: () => setEnding(false) })}
      onClose={() => {
        setEnding(false);
        end.reset();
      }}
    />
  );
  const live = (
    <p aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );

  if (stage === 'ended') {
    return (
      <div className="space-y-4">
        {live}
        <SessionHeader session={session} />
        <EndedCard session={session} onNewChat={onNewChat} />
        <div className="h-[60dvh] min-h-80 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
          <ChatThread sessionId={session.id} viewer="passenger" session={session} readOnly />
        </div>
      </div>
    );
  }

  return (
    <div className={`flex flex-col gap-3 ${FULL_HEIGHT}`}>
      {live}
      <SessionHeader
        session={session}
        call={stage === 'active' && <CallControls sessionId={session.id} role={PASSENGER} media={session.type} />}
        file={stage === 'active' && <FileAsComplaintButton sessionId={session.id} />}
        end={
          stage === 'active' && (
            <Button variant="danger" onClick={() => setEnding(true)} className="px-3 sm:px-4">
              {t('support.active.end')}
            </Button>
          )
        }
      />
      {stage === 'queue' && <QueueCard session={session} onCancel={() => setEnding(true)} />}
      {stage === 'leftMessage' && <LeftMessageCard session={session} onCancel={() => setEnding(true)} />}
      <div className="min-h-48 flex-1 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
        <ChatThread sessionId={session.id} viewer="passenger" session={session} />
      </div>
      {endDialog}
    </div>
  );
}

/** Phone: back, who and End chat on one line, the call and "File as complaint" below; desktop: one line. */
function SessionHeader({ session, call, file, end }: { session: SupportSession; call?: ReactNode; file?: ReactNode; end?: ReactNode }) {
  const { t } = useTranslation();
  const stage = stageOf(session);
  const title =
    stage === 'active' && session.agent
      ? session.agent.name
      : stage === 'queue'
        ? t('support.waiting.title')
        : stage === 'leftMessage'
          ? t('support.leftMessage.title')
          : t('support.ended.title');
  const topic = session.complaintReference ?? (session.topic ? t(`complaintTypes.${session.topic}`) : null);
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Link
        to="/real-time-support"
        aria-label={t('support.backToSupport')}
        title={t('support.backToSupport')}
        className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5 rtl:-scale-x-100">
          <path d="M19 12H5m6-6-6 6 6 6" />
        </svg>
      </Link>
      {stage === 'active' && (
        <span className="hidden size-10 shrink-0 place-items-center rounded-full bg-brand-700 sm:grid text-base font-bold text-white dark:bg-amber-400 dark:text-slate-950" aria-hidden="true">
          {(session.agent?.name ?? '?').trim().charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg leading-tight font-bold">{title}</h1>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <TypeIcon type={session.type} className="size-4" />
            {t(`support.types.${session.type}`)}
          </span>
          {topic && <span className="truncate max-sm:hidden">· {topic}</span>}
          <StagePill session={session} />
        </p>
      </div>
      {end && <div className="shrink-0 sm:order-last">{end}</div>}
      {(call || file) && (
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          {call}
          {file && <div className="ms-auto sm:ms-0">{file}</div>}
        </div>
      )}
    </header>
  );
}

/** The calm waiting card: the place and the wait, both spoken when they change. */
function QueueCard({ session, onCancel }: { session: SupportSession; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const leave = useLeaveMessage();
  const titleId = useId();
  const position = session.queuePosition;
  const noAgent = session.availableAgents === 0;
  return (
    <section aria-labelledby={titleId} className="shrink-0 overflow-hidden rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={titleId} className="sr-only">
        {t('support.waiting.title')}
      </h2>
      <div aria-live="polite" aria-atomic="true" className="flex items-center justify-center gap-4">
        <span className="relative grid size-16 shrink-0 place-items-center sm:size-20" aria-hidden="true">
          <span className="absolute inset-0 animate-ping rounded-full bg-brand-600/15 [animation-duration:2.5s] dark:bg-amber-400/15" />
          <span className="relative grid size-full place-items-center rounded-full bg-brand-50 text-3xl font-bold text-brand-700 tabular-nums sm:text-4xl dark:bg-slate-800 dark:text-amber-300">
            {position ?? '…'}
          </span>
        </span>
        <div className="text-start">
          <p className="text-lg font-semibold sm:text-xl">
            {position === null ? t('support.waiting.connecting') : position === 1 ? t('support.waiting.next') : t('support.waiting.place', { position })}
          </p>
          <p className="text-slate-700 dark:text-slate-300">{waitText(t, session.estimatedWaitSeconds)}</p>
        </div>
      </div>
      {session.emergency && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">{t('support.waiting.emergency')}</p>
      )}
      {noAgent ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-start dark:border-amber-700 dark:bg-amber-950">
          <p className="font-semibold text-amber-950 dark:text-amber-100">{t('support.noAgent.title')}</p>
          <p className="mt-0.5 text-sm text-amber-950 dark:text-amber-100">{t('support.noAgent.waitingText')}</p>
          <div className="mt-2 flex flex-wrap gap-2 [&>*]:max-sm:flex-1">
            <Button busy={leave.isPending} onClick={() => leave.mutate(session.id)}>
              {t('support.noAgent.leaveMessage')}
            </Button>
            <Call139 />
          </div>
          {leave.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {supportErrorText(t, (k) => i18n.exists(k), leave.error)}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('support.waiting.meanwhile')}</p>
      )}
      <Button variant="ghost" onClick={onCancel} className="mt-2">
        {t('support.waiting.cancel')}
      </Button>
    </section>
  );
}

function LeftMessageCard({ session, onCancel }: { session: SupportSession; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="shrink-0 rounded-2xl border border-sky-200 bg-sky-50 p-4 dark:border-sky-900 dark:bg-sky-950">
      <p role="status" className="font-semibold text-sky-950 dark:text-sky-100">
        {t('support.leftMessage.text')}
      </p>
      <p className="mt-1 text-sm text-sky-950 dark:text-sky-100">{session.lastSeq === 0 ? t('support.leftMessage.writeBelow') : t('support.leftMessage.addMore')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Call139 />
        <Button variant="ghost" onClick={onCancel}>
          {t('support.waiting.cancel')}
        </Button>
      </div>
    </section>
  );
}

function EndedCard({ session, onNewChat }: { session: SupportSession; onNewChat: () => void }) {
  const { t } = useTranslation();
  const answered = session.acceptedAt !== null;
  const reason =
    session.endReason === 'idle'
      ? t('support.ended.idle')
      : session.endReason === 'abandoned'
        ? t('support.ended.abandoned')
        : session.endReason === 'agent'
          ? t('support.ended.byAgent', { name: session.agent?.name ?? t('support.chat.agent') })
          : answered
            ? t('support.ended.byYou')
            : t('support.ended.leftQueue');
  return (
    <Card>
      <p className="text-slate-700 dark:text-slate-300">{reason}</p>
      {answered && session.rating === null && <RatingForm session={session} />}
      {session.rating !== null && (
        <div className="mt-4 rounded-lg bg-green-50 p-3 dark:bg-green-950">
          <p role="status" className="font-semibold text-green-900 dark:text-green-100">
            {t('support.rating.thanks')}
          </p>
          <p className="mt-1 flex items-center gap-2 text-sm text-green-900 dark:text-green-100">
            {t('support.rating.yours')} <Stars value={session.rating} className="text-lg" />
          </p>
          {session.ratingComment && <p className="mt-1 text-sm text-green-900 italic dark:text-green-100">“{session.ratingComment}”</p>}
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2 [&>*]:max-sm:w-full">
        {/* Rating first when there is one to give; otherwise a new chat is the obvious next step. */}
        <Button variant={answered && session.rating === null ? 'secondary' : 'primary'} onClick={onNewChat}>
          {t('support.ended.newChat')}
        </Button>
        {(answered || session.leftMessage) && <FileAsComplaintButton sessionId={session.id} />}
      </div>
    </Card>
  );
}

function RatingForm({ session }: { session: SupportSession }) {
  const { t, i18n } = useTranslation();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const rate = useRateSession(session.id);
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setProblem(t('support.rating.pick'));
    setProblem(null);
    rate.mutate(
      { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      { onError: (e) => setProblem(supportErrorText(t, (k) => i18n.exists(k), e)) },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('support.rating.title', { name: session.agent?.name ?? t('support.chat.agent') })}
      </h2>
      <StarRating label={t('support.rating.label')} value={rating} onChange={setRating} />
      <TextAreaField label={t('support.rating.comment')} rows={2} maxLength={SUPPORT_COMMENT_MAX} value={comment} onChange={(e) => setComment(e.target.value)} />
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" busy={rate.isPending}>
        {t('support.rating.submit')}
      </Button>
    </form>
  );
}
