import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CallIcon } from './call-icons';
import { type CallMedia, isLive } from './call-machine';
import { CallPanel } from './call-panel';
import { useLineHolder } from './call-registry';
import { endNotice, type Peer } from './call-text';
import { IncomingCall } from './incoming-call';
import { callsSupported, useCall } from './use-call';

export type CallControlsProps = { sessionId: string; role: 'passenger' | 'agent'; media: 'chat' | 'voice' | 'video' };

/** A plain "call ended" note stays this long; a problem stays until dismissed or the next call. */
const NOTICE_MS = 10_000;

/**
 * Where every call of the tab shows: over the page, below the top bar (a strip across a phone,
 * a card at the end side on a desktop), so the chat underneath keeps working. Shared by all the
 * chats an agent holds, so their notes stack instead of covering each other.
 */
function callLayer(): HTMLElement {
  const id = 'railmadad-call-layer';
  let layer = document.getElementById(id);
  if (!layer) {
    layer = document.createElement('div');
    layer.id = id;
    layer.className = 'pointer-events-none fixed inset-x-2 top-16 z-40 flex flex-col sm:inset-x-auto sm:end-4 sm:w-96';
    document.body.append(layer);
  }
  return layer;
}

function SmallCallButton({ media, onClick, disabled }: { media: CallMedia; onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  const label = media === 'video' ? t('calls.start.video') : t('calls.start.voice');
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={label}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    >
      <CallIcon name={media === 'video' ? 'video' : 'phone'} />
      {/* On a phone the header is narrow: the icon, with the words for screen readers. */}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}

/**
 * Voice and video calls in an active live-support chat. For a chat: small Voice / Video call
 * buttons on both sides. For a voice or video session: the agent gets a prominent "Call
 * passenger", the passenger a note that the agent will call (and the same small buttons).
 * Ringing, the call itself and what ended it show in the call layer over the page.
 */
export function CallControls({ sessionId, role, media }: CallControlsProps) {
  if (!sessionId) return null;
  return <SessionCall sessionId={sessionId} role={role} media={media} />;
}

function SessionCall({ sessionId, role, media }: CallControlsProps) {
  const { t } = useTranslation();
  const call = useCall(sessionId, role);
  const holder = useLineHolder();
  const [supported] = useState(callsSupported);
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const peer: Peer = role === 'passenger' ? 'agent' : 'passenger';
  const { state } = call;
  const live = isLive(state.phase);
  const onOtherCall = holder !== null && holder !== sessionId;
  const notice = state.phase === 'ended' && state.end ? endNotice(state.end, peer, t) : null;

  useEffect(() => setLayer(callLayer()), []);

  // A plain "call ended" goes by itself; a problem waits to be read.
  const { dismiss } = call;
  const autoClear = notice?.autoClear ?? false;
  useEffect(() => {
    if (!autoClear) return;
    const timer = window.setTimeout(dismiss, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [autoClear, dismiss]);

  // The call panel just closed under the keyboard: land on the note that says why.
  const ended = state.phase === 'ended';
  useEffect(() => {
    if (ended && (!document.activeElement || document.activeElement === document.body)) noticeRef.current?.focus();
  }, [ended]);

  const start = (m: CallMedia) => void call.start(m);
  const disabled = !call.socketReady;
  const sessionCall = media === 'chat' ? null : media;

  let inline: React.ReactNode = null;
  if (call.closed || !supported) {
    inline = null;
  } else if (live) {
    inline = (
      <span className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-green-100 px-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
        <CallIcon name={state.media === 'video' ? 'video' : 'phone'} className="size-4" />
        {state.phase === 'ringing-in' ? t('calls.inline.incoming') : t('calls.inline.onCall')}
      </span>
    );
  } else if (onOtherCall) {
    inline = <span className="text-sm text-slate-600 dark:text-slate-400">{t('calls.inline.otherCall')}</span>;
  } else if (role === 'agent' && sessionCall) {
    const other: CallMedia = sessionCall === 'video' ? 'voice' : 'video';
    inline = (
      <>
        <button
          type="button"
          onClick={() => start(sessionCall)}
          disabled={disabled}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-green-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <CallIcon name={sessionCall === 'video' ? 'video' : 'phone'} />
          {t('calls.start.passenger')}
          <span className="sr-only">{t(`calls.start.kind.${sessionCall}`)}</span>
        </button>
        <SmallCallButton media={other} onClick={() => start(other)} disabled={disabled} />
      </>
    );
  } else {
    inline = (
      <>
        {role === 'passenger' && sessionCall && !state.hadCall && (
          <span className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <span className="size-2 shrink-0 animate-pulse rounded-full bg-green-600" aria-hidden="true" />
            {t('calls.inline.waitingForAgent')}
          </span>
        )}
        <SmallCallButton media="voice" onClick={() => start('voice')} disabled={disabled} />
        <SmallCallButton media="video" onClick={() => start('video')} disabled={disabled} />
      </>
    );
  }

  const progress =
    state.phase === 'ringing-out'
      ? t(`calls.status.ringing.${peer}`)
      : state.phase === 'connecting'
        ? t('calls.status.connecting')
        : state.phase === 'connected'
          ? state.weak
            ? t('calls.status.weak')
            : t('calls.status.connected')
          : '';

  // Words (the waiting note, the big button, the call pill) need a line of their own on a phone.
  const wordy = live || (sessionCall !== null && !onOtherCall && (role === 'agent' || !state.hadCall));

  return (
    <div className={`flex flex-wrap items-center gap-2 ${wordy ? 'max-sm:min-w-full' : ''}`} data-testid="call-controls">
      {inline}
      {layer &&
        createPortal(
          <>
            {state.phase === 'ringing-in' && <IncomingCall media={state.media} peer={peer} onAnswer={() => void call.answer()} onDecline={call.decline} />}
            {(state.phase === 'ringing-out' || state.phase === 'connecting' || state.phase === 'connected') && (
              <CallPanel
                state={state}
                local={call.local}
                remote={call.remote}
                peer={peer}
                onHangUp={call.hangup}
                onToggleMic={call.toggleMic}
                onToggleCamera={call.toggleCamera}
              />
            )}
            {/* Always in the page, so each change of the call is read out once. On a phone the note sits
                above the message box rather than over the chat's header and its buttons. */}
            <div aria-live="polite" className="pointer-events-auto">
              {live && <span className="sr-only">{progress}</span>}
              {notice && (
                <div
                  ref={noticeRef}
                  tabIndex={-1}
                  data-testid="call-notice"
                  className={`mb-2 flex items-start gap-3 rounded-xl border-s-4 p-3 text-sm max-sm:fixed max-sm:inset-x-2 max-sm:bottom-24 font-medium shadow-lg ${
                    notice.tone === 'warning'
                      ? 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'
                      : 'border-slate-500 bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100'
                  }`}
                >
                  <CallIcon name={state.end?.kind === 'media' ? 'micOff' : 'phone'} className="mt-0.5 size-5 shrink-0" />
                  <p className="min-w-0 flex-1">{notice.text}</p>
                  <button
                    type="button"
                    onClick={call.dismiss}
                    aria-label={t('calls.dismiss')}
                    className="-my-2 -me-2 grid size-11 shrink-0 place-items-center rounded-lg hover:bg-black/5 dark:hover:bg-white/10"
                  >
                    <CallIcon name="close" />
                  </button>
                </div>
              )}
            </div>
          </>,
          layer,
        )}
    </div>
  );
}

export default CallControls;
