import type { SupportMessage, SupportSession } from '@railmadad/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/card';
import { useSocket } from '../../../lib/socket';
import { supportErrorText } from './api';
import { ChatPane } from './chat-pane';
import { CountBadge, Empty, ErrorLine } from './support-bits';
import { unreadCount } from './support-time';
import { useMediaQuery } from '../../../lib/media-query';

/** Wide enough for chats side by side (the original prototype's desktop). */
export const DESKTOP_QUERY = '(min-width: 1280px)';

type Shown = { session: SupportSession; gone: boolean };

/**
 * The chats this agent holds: side by side on a desktop (three to a row), as tabs with unread
 * counts on a phone. A chat that stops being theirs (the passenger ended it, it went idle) stays
 * on screen, read only, until they close it: nothing disappears under their hands.
 */
export function MyChats({ mine, isPending, error, onRetry, focusId, onFocused }: { mine: SupportSession[] | undefined; isPending: boolean; error: unknown; onRetry: () => void; focusId: string | null; onFocused: () => void }) {
  const { t } = useTranslation();
  const socket = useSocket();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [selected, setSelected] = useState<string | null>(null);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const known = useRef(new Map<string, SupportSession>());
  const [latest, setLatest] = useState<Record<string, number>>({});
  const [shown, setShown] = useState<Record<string, number>>({});
  const section = useRef<HTMLElement>(null);
  const tabs = useRef<HTMLDivElement>(null);

  const active = useMemo(() => (mine ?? []).filter((s) => s.status === 'active'), [mine]);

  // Remember every chat seen; one no longer in the list is kept as "gone" until closed here.
  const chats: Shown[] = useMemo(() => {
    const now = new Set(active.map((s) => s.id));
    // Only chats once held are remembered (not offers); a pushed update (ended) replaces the copy.
    for (const s of mine ?? []) if (s.status === 'active' || known.current.has(s.id)) known.current.set(s.id, s);
    const gone = [...known.current.values()].filter((s) => !now.has(s.id) && !closed.has(s.id));
    return [...active.map((session) => ({ session, gone: false })), ...gone.map((session) => ({ session, gone: true }))];
  }, [mine, active, closed]);

  const close = (id: string) => {
    known.current.delete(id);
    setClosed((old) => new Set(old).add(id));
  };

  const current = chats.find((c) => c.session.id === selected) ?? chats[0];
  const currentId = current?.session.id ?? null;

  // A chat just taken from the queue or an offer comes to the front.
  useEffect(() => {
    if (!focusId || !chats.some((c) => c.session.id === focusId)) return;
    setSelected(focusId);
    // On a phone the tabs and the chat fill the screen; on a desktop the section title leads.
    (tabs.current ?? section.current)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    onFocused();
  }, [focusId, chats, onFocused]);

  // Passenger messages counted for the tabs the agent is not looking at.
  useEffect(() => {
    if (!socket) return;
    const onMessage = (m: SupportMessage) => {
      if (m.sender !== 'passenger') return;
      setLatest((old) => (old[m.sessionId] !== undefined && old[m.sessionId] >= m.seq ? old : { ...old, [m.sessionId]: m.seq }));
    };
    socket.on('support:message', onMessage);
    return () => {
      socket.off('support:message', onMessage);
    };
  }, [socket]);

  // Whatever the agent can see counts as seen: every chat on a desktop, the open tab on a phone.
  // A chat first seen starts from the server's read mark (a reload does not clear its badge).
  useEffect(() => {
    const visible = new Set(isDesktop ? chats.map((c) => c.session.id) : currentId ? [currentId] : []);
    setShown((old) => {
      let next = old;
      for (const { session: s } of chats) {
        const top = visible.has(s.id) ? Math.max(s.lastSeq, latest[s.id] ?? 0) : (old[s.id] ?? s.read.agent);
        if (old[s.id] === undefined || old[s.id] < top) next = { ...next, [s.id]: top };
      }
      return next;
    });
  }, [isDesktop, chats, currentId, latest]);

  const count = chats.filter((c) => !c.gone).length;

  return (
    <section ref={section} aria-labelledby="my-chats-title" className="scroll-mt-16 space-y-3">
      <h2 id="my-chats-title" className="text-lg font-semibold">
        {t('supportStaff.chats.title', { count })}
      </h2>
      {isPending && !mine && <Spinner label={t('common.loading')} />}
      {error != null && !mine && <ErrorLine text={supportErrorText(t, error)} onRetry={onRetry} />}
      {mine && chats.length === 0 && <Empty>{t('supportStaff.chats.empty')}</Empty>}

      {chats.length > 1 && !isDesktop && (
        <div role="tablist" aria-label={t('supportStaff.chats.tabs')} className="flex scroll-mt-16 flex-wrap gap-1" ref={tabs}>
          {chats.map((c) => {
            const isCurrent = c.session.id === currentId;
            const unread = isCurrent ? 0 : unreadCount(c.session.lastSeq, latest[c.session.id] ?? 0, shown[c.session.id] ?? c.session.read.agent);
            return (
              <button
                key={c.session.id}
                type="button"
                role="tab"
                id={`chat-tab-${c.session.id}`}
                aria-selected={isCurrent}
                aria-controls={`chat-pane-${c.session.id}`}
                onClick={() => setSelected(c.session.id)}
                className={`inline-flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-lg border px-3 text-sm font-semibold ${isCurrent ? 'border-brand-700 bg-brand-700 text-white dark:border-amber-300 dark:bg-amber-300 dark:text-slate-950' : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'} ${c.gone ? 'opacity-70' : ''}`}
              >
                {c.session.emergency && <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-red-600 ring-2 ring-white dark:ring-slate-900" />}
                <span className="truncate">{c.session.passenger.name}</span>
                <CountBadge count={unread} label={t('supportStaff.chats.unread', { count: unread })} />
              </button>
            );
          })}
        </div>
      )}

      {/* One list of chats for both layouts, so turning a tablet never drops a call. On a phone every
          chat stays mounted (a call in one carries on while the agent answers another) and only the
          open one shows its thread: a hidden thread would mark messages read that nobody saw. The
          chat fits the screen under the top bar, so the reply box is always in reach. */}
      {chats.length > 0 && (
        <div className={isDesktop ? `grid gap-3 ${chats.length === 1 ? '' : chats.length === 2 ? 'grid-cols-2' : 'grid-cols-3'}` : ''}>
          {chats.map((c) => (
            <ChatPane
              key={c.session.id}
              id={`chat-pane-${c.session.id}`}
              session={c.session}
              gone={c.gone}
              hidden={!isDesktop && c.session.id !== currentId}
              tabbed={!isDesktop && chats.length > 1}
              onClose={close}
              // On a phone the chat (and the tabs above it) fit the screen under the top bar, so the reply box stays in reach.
              className={isDesktop ? 'h-[min(44rem,calc(100dvh-5rem))]' : chats.length > 1 ? 'h-[calc(100dvh-8.5rem)] min-h-[24rem]' : 'h-[calc(100dvh-5rem)] min-h-[24rem]'}
            />
          ))}
        </div>
      )}
    </section>
  );
}
