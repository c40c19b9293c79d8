import type { SupportSession } from '@railmadad/contract';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useIsOnline } from '../../../lib/online';
import { useSocket } from '../../../lib/socket';
import { isImageFile, isPhotoTooLarge, randomPhotoName, shrinkPhoto } from '../../complaints/filing/photos';
import { isNearBottom, isOwn, keepDraft, readDraft } from './chat-data';
import { Composer } from './composer';
import { MessageItem, PendingItem } from './message-item';
import { useSupportMessages } from './use-support-messages';

/** How long "is typing…" stays after the other side's last keystroke event. */
const TYPING_SHOWN_MS = 4000;
/** We tell the other side at most this often that we are typing. */
const TYPING_EVERY_MS = 2000;


type PhotoProblem = 'invalid_image' | 'photo_too_large' | 'offline' | 'failed';

/**
 * One session's conversation, for the passenger and for the agent console: messages by seq with
 * their delivery marks, typing, photos, and a composer that keeps working without a signal.
 */
export function ChatThread({
  sessionId,
  viewer,
  session,
  readOnly = false,
  onInsertText,
  composerExtras,
}: {
  sessionId: string;
  viewer: 'passenger' | 'agent';
  session: SupportSession;
  readOnly?: boolean;
  onInsertText?: (insert: (text: string) => void) => void;
  composerExtras?: ReactNode;
}) {
  const { t } = useTranslation();
  const socket = useSocket();
  const chat = useSupportMessages(sessionId);
  const isOnline = useIsOnline();
  const [draft, setDraft] = useState(() => readDraft(sessionId));
  useEffect(() => keepDraft(sessionId, draft), [sessionId, draft]);
  const [isUploading, setUploading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<PhotoProblem | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [hasUnseen, setHasUnseen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const lastTypingSent = useRef(0);
  const isEnded = session.status === 'ended';
  const canWrite = !readOnly && !isEnded;
  const messages = viewer === 'passenger' ? chat.messages.filter((m) => !m.internal) : chat.messages;

  // The parent (the agent console) gets a way to put a solution's steps into the composer; asked once per session.
  const insertRef = useRef(onInsertText);
  insertRef.current = onInsertText;
  // biome-ignore lint/correctness/useExhaustiveDependencies: handed over again only when the session changes
  useEffect(() => {
    insertRef.current?.((text: string) => {
      setDraft((d) => (d.trim() ? `${d.trimEnd()}\n${text}` : text));
      textareaRef.current?.focus();
    });
  }, [sessionId]);

  // --- Scrolling: follow the newest message unless the reader scrolled up to read older ones.
  const scrollToBottom = useCallback((smooth = false) => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    stickToBottom.current = true;
    setHasUnseen(false);
  }, []);
  const count = messages.length + chat.pending.length;
  const newest = messages.at(-1);
  const newestSeq = newest?.seq ?? 0;
  const pendingCount = chat.pending.length;
  const previous = useRef({ count: 0, seq: 0, pending: 0 });
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { count, seq: newestSeq, pending: pendingCount };
    if (count === before.count) return;
    // What the reader just sent always comes into view.
    const ownNew = pendingCount > before.pending || (newest && newestSeq > before.seq && isOwn(newest, viewer));
    if (stickToBottom.current || before.count === 0 || ownNew) scrollToBottom();
    else if (newestSeq > before.seq) setHasUnseen(true);
  });
  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    stickToBottom.current = isNearBottom(el);
    if (stickToBottom.current) setHasUnseen(false);
  };
  const onImageLoad = () => {
    if (stickToBottom.current) scrollToBottom();
  };

  // --- Delivered and read marks: what this screen has received, and whether its reader can see it.
  const lastSeq = chat.lastSeq;
  const reported = useRef({ seq: 0, read: false });
  useEffect(() => {
    if (!socket || readOnly || isEnded) return;
    const report = () => {
      const read = document.visibilityState === 'visible';
      const last = reported.current;
      if (lastSeq === 0 || (lastSeq <= last.seq && (!read || last.read))) return;
      socket.emit('support:seen', { sessionId, seq: lastSeq, read });
      reported.current = { seq: lastSeq, read };
    };
    report();
    document.addEventListener('visibilitychange', report);
    socket.on('connect', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
      socket.off('connect', report);
    };
  }, [socket, sessionId, lastSeq, readOnly, isEnded]);

  // --- Typing, both ways.
  useEffect(() => {
    if (!socket) return;
    const onTyping = (typing: { sessionId: string; sender: 'passenger' | 'agent' }) => {
      if (typing.sessionId === sessionId && typing.sender !== viewer) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    };
    socket.on('support:typing', onTyping);
    return () => {
      socket.off('support:typing', onTyping);
    };
  }, [socket, sessionId, viewer]);
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = window.setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [typingUntil]);
  // A message from the other side ends their typing.
  const newestSender = newest?.sender;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new message arrives
  useEffect(() => {
    if (newestSender && newestSender !== viewer) setTypingUntil(0);
  }, [newestSeq]);

  const onDraft = (text: string) => {
    setDraft(text);
    const now = Date.now();
    if (text.trim() && socket?.connected && now - lastTypingSent.current >= TYPING_EVERY_MS) {
      lastTypingSent.current = now;
      socket.emit('support:typing', { sessionId });
    }
  };

  const send = () => {
    const body = draft.trim();
    if (!body) return;
    chat.send(body);
    setDraft('');
    lastTypingSent.current = 0;
    textareaRef.current?.focus();
  };

  const onPhoto = async (file: File) => {
    setPhotoProblem(null);
    if (!isImageFile(file)) return setPhotoProblem('invalid_image');
    if (!navigator.onLine) return setPhotoProblem('offline');
    setUploading(true);
    try {
      const photo = await shrinkPhoto(file);
      if (isPhotoTooLarge(photo)) return setPhotoProblem('photo_too_large');
      await chat.sendPhoto(photo, randomPhotoName(photo.type));
      scrollToBottom();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      setPhotoProblem(code === 'network' ? 'offline' : code === 'invalid_image' || code === 'photo_too_large' ? code : 'failed');
    } finally {
      setUploading(false);
    }
  };

  const otherName = viewer === 'passenger' ? session.agent?.name : session.passenger.name;
  const isTyping = typingUntil > 0;
  const waitingCount = chat.pending.filter((p) => p.state === 'waiting').length;

  return (
    // No frame of its own: the passenger screen and the agent console each put it in theirs.
    <div className="flex h-full min-h-0 flex-col bg-slate-50 dark:bg-slate-950">
      <div className="relative min-h-0 flex-1">
        <div
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={t('support.chat.logLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
          tabIndex={0}
          onScroll={onScroll}
          className="h-full space-y-3 overflow-y-auto overscroll-contain px-3 py-4"
        >
          {chat.isLoading && messages.length === 0 && <p className="text-center text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
          {chat.isError && (
            <p className="text-center text-sm text-red-700 dark:text-red-400">
              {t('support.chat.loadFailed')}{' '}
              <button type="button" onClick={chat.refetch} className="min-h-11 font-semibold underline underline-offset-4">
                {t('support.chat.reload')}
              </button>
            </p>
          )}
          {!chat.isLoading && !chat.isError && count === 0 && <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('support.chat.empty')}</p>}
          {messages.map((m) => (
            // Keyed by clientId when there is one, so the confirmed copy takes the pending one's place without a flash.
            <MessageItem key={m.clientId ?? m.id} message={m} viewer={viewer} session={session} onImageLoad={onImageLoad} />
          ))}
          {chat.pending.map((p) => (
            <PendingItem key={p.clientId} message={p} onRetry={() => chat.retry(p.clientId)} onDiscard={() => chat.discard(p.clientId)} />
          ))}
        </div>
        {hasUnseen && (
          <button
            type="button"
            onClick={() => scrollToBottom(true)}
            className="absolute inset-x-0 bottom-3 mx-auto inline-flex min-h-11 w-fit items-center gap-1 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
              <path d="M12 5v14m-6-6 6 6 6-6" />
            </svg>
            {t('support.chat.newMessages')}
          </button>
        )}
      </div>
      <div role="status" className="min-h-6 px-3 text-sm text-slate-600 italic dark:text-slate-400">
        {isTyping && (otherName ? t('support.chat.typing', { name: otherName }) : t(viewer === 'passenger' ? 'support.chat.agentTyping' : 'support.chat.passengerTyping'))}
      </div>
      {canWrite ? (
        <>
          {(!isOnline || waitingCount > 0) && (
            <p role="status" className="border-t border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {t('support.chat.offline')}
            </p>
          )}
          {photoProblem && (
            <p role="alert" className="border-t border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
              {t(`support.chat.photoErrors.${photoProblem}`)}
            </p>
          )}
          <Composer
            draft={draft}
            onDraft={onDraft}
            onSend={send}
            onPhoto={(file) => void onPhoto(file)}
            isUploading={isUploading}
            extras={composerExtras}
            textareaRef={textareaRef}
          />
        </>
      ) : (
        <p className="border-t border-slate-200 bg-white px-3 py-3 text-center text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
          {isEnded ? t('support.chat.endedNote') : t('support.chat.readOnlyNote')}
        </p>
      )}
    </div>
  );
}
