import type { SupportSession } from '@railmadad/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon, type IconName } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { CallControls } from '../call/call-controls';
import { ChatThread } from '../chat/chat-thread';
import { supportErrorText, useSessionAction } from './api';
import { PassengerPanel, type PanelView } from './passenger-panel';
import { Elapsed, EmergencyMark, LanguageLabel, TopicLabel, TypeLabel } from './support-bits';
import { formatClock, waitSeconds } from './support-time';

/** The console's side of a call (a variable: the prop is named `role` but is no ARIA role). */
const AGENT = 'agent' as const;

/** The panel's views as header buttons; on a narrow column the last two are reached through the panel's tabs. */
const TOOLS: { view: PanelView; icon: IconName; wideOnly?: boolean }[] = [
  { view: 'passenger', icon: 'user' },
  { view: 'solutions', icon: 'book' },
  { view: 'note', icon: 'shield', wideOnly: true },
  { view: 'transfer', icon: 'users', wideOnly: true },
];

function EndDialog({ session, onClose, onEnded }: { session: SupportSession; onClose: () => void; onEnded: () => void }) {
  const { t } = useTranslation();
  const end = useSessionAction('end', onEnded);
  return (
    <Modal
      size="sm"
      title={t('supportStaff.end.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={end.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" busy={end.isPending} onClick={() => end.mutate(session.id)}>
            {t('supportStaff.end.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('supportStaff.end.body', { name: session.passenger.name })}</p>
      {end.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {supportErrorText(t, end.error)}
        </p>
      )}
    </Modal>
  );
}

/**
 * One chat in the agent's console: who and what it is about, how long it has run, the call
 * buttons, the thread, and the Passenger panel with the library, notes and the hand-over.
 * `gone` marks a chat that is no longer this agent's (ended, or handed over elsewhere): read only.
 */
export function ChatPane({
  id,
  session,
  gone = false,
  hidden = false,
  tabbed = false,
  onClose,
  className = '',
}: {
  id?: string;
  session: SupportSession;
  gone?: boolean;
  /** Shown as the panel of a tab (phone, several chats). */
  tabbed?: boolean;
  /** Another tab is open (phone): kept mounted for its call, without its thread. */
  hidden?: boolean;
  onClose: (id: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [view, setView] = useState<PanelView | null>(null);
  const [ending, setEnding] = useState(false);
  const insertRef = useRef<((text: string) => void) | null>(null);
  const [canInsert, setCanInsert] = useState(false);
  const onInsertText = useCallback((insert: (text: string) => void) => {
    insertRef.current = insert;
    setCanInsert(true);
  }, []);
  const insert = useCallback((text: string) => {
    insertRef.current?.(text);
    // Back to the thread, where the steps now wait in the reply box for a last look before sending.
    setView(null);
  }, []);
  const ended = gone || session.status !== 'active';
  const waited = waitSeconds(session, Date.now());

  return (
    <article
      id={id}
      role={tabbed ? 'tabpanel' : undefined}
      aria-labelledby={tabbed ? `chat-tab-${session.id}` : `${panelId}-title`}
      data-testid="agent-chat"
      hidden={hidden}
      className={`@container ${hidden ? 'hidden' : 'flex'} min-h-0 min-w-0 flex-col overflow-hidden rounded-xl border bg-white shadow-sm dark:bg-slate-900 ${session.emergency ? 'border-red-400 dark:border-red-700' : 'border-slate-200 dark:border-slate-800'} ${className}`}
    >
      <header className={`space-y-1 border-b px-3 py-2 ${session.emergency ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/50' : 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50'}`}>
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={`${panelId}-title`} className="flex flex-wrap items-center gap-x-2 text-base font-bold break-words">
              {session.passenger.name}
              {session.emergency && <EmergencyMark />}
            </h3>
            <p className="text-sm font-medium break-words text-slate-800 dark:text-slate-200">
              <TopicLabel topic={session.topic} />
            </p>
          </div>
          {ended && (
            <button
              type="button"
              onClick={() => onClose(session.id)}
              aria-label={t('supportStaff.chats.closeLabel', { name: session.passenger.name })}
              className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700"
            >
              <Icon name="close" />
            </button>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
          <TypeLabel type={session.type} />
          <LanguageLabel language={session.language} />
          <span>
            {t('supportStaff.chats.duration')}{' '}
            <Elapsed since={session.acceptedAt ?? session.createdAt} until={session.endedAt} className="font-semibold text-slate-900 dark:text-slate-100" />
          </span>
          <span className="tabular-nums">{t('supportStaff.chats.waited', { time: formatClock(waited) })}</span>
        </p>
        {!ended && (
          // Calls first, the tools at the end: one row on a wide chat, two on a narrow column.
          <div className="flex flex-wrap items-center gap-1 pt-1">
            <CallControls sessionId={session.id} role={AGENT} media={session.type} />
            <div className="ms-auto flex flex-wrap gap-1" role="toolbar" aria-label={t('supportStaff.chats.tools', { name: session.passenger.name })}>
              {TOOLS.map((tool) => (
                <button
                  key={tool.view}
                  type="button"
                  aria-expanded={view === tool.view}
                  aria-controls={view ? panelId : undefined}
                  onClick={() => setView((v) => (v === tool.view ? null : tool.view))}
                  title={t(`supportStaff.panel.views.${tool.view}`)}
                  className={`${tool.wideOnly ? 'hidden @xl:inline-flex' : 'inline-flex'} min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-2 text-xs font-semibold ${view === tool.view ? 'border-brand-700 bg-brand-700 text-white dark:border-amber-300 dark:bg-amber-300 dark:text-slate-950' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'}`}
                >
                  <Icon name={tool.icon} className="size-4 max-sm:size-5" />
                  {/* On a phone the icons (like the call buttons beside them) keep the tools on one row; the words stay for screen readers. */}
                  <span className="max-sm:sr-only">{t(`supportStaff.panel.views.${tool.view}`)}</span>
                </button>
              ))}
              <button
                type="button"
                onClick={() => setEnding(true)}
                className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-red-700 px-3 text-xs font-semibold text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
              >
                {t('supportStaff.end.button')}
              </button>
            </div>
          </div>
        )}
        {ended && (
          <p role="status" className="rounded-md bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            {session.status === 'ended' ? t('supportStaff.chats.ended') : t('supportStaff.chats.handedOver')}
          </p>
        )}
      </header>
      <div className={`relative grid min-h-0 flex-1 ${view && !ended ? '@3xl:grid-cols-[minmax(0,1fr)_20rem]' : ''}`}>
        <div className="flex min-h-0 min-w-0 flex-col">
          {!hidden && <ChatThread sessionId={session.id} viewer="agent" session={session} readOnly={ended} onInsertText={onInsertText} />}
        </div>
        {view && !ended && !hidden && (
          <PassengerPanel
            id={panelId}
            session={session}
            view={view}
            onView={setView}
            onClose={() => setView(null)}
            onInsert={canInsert ? insert : null}
            onTransferred={() => onClose(session.id)}
          />
        )}
      </div>
      {ending && (
        <EndDialog
          session={session}
          onClose={() => setEnding(false)}
          onEnded={() => {
            setEnding(false);
            onClose(session.id);
          }}
        />
      )}
    </article>
  );
}
