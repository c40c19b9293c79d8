import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudioLevel } from './audio-level';
import { CallIcon, HangUpIcon } from './call-icons';
import { type CallState, formatCallTime, secondsBetween } from './call-machine';
import type { Peer } from './call-text';

/** Points a <video>/<audio> at a stream, also when the element is mounted again (smaller / bigger). */
function useStream(stream: MediaStream | null, muted = false) {
  return useCallback(
    (el: HTMLMediaElement | null) => {
      if (!el) return;
      // React does not always reflect `muted`; one's own voice must never play back.
      if (muted) el.muted = true;
      if (el.srcObject !== stream) el.srcObject = stream;
      if (stream) el.play().catch(() => undefined);
    },
    [stream, muted],
  );
}

export function CallTimer({ since }: { since: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <span role="timer" aria-label={t('calls.panel.timer')} className="tabular-nums">
      {formatCallTime(secondsBetween(since, now))}
    </span>
  );
}

function RoundButton({
  icon,
  label,
  onClick,
  tone = 'plain',
  showLabel,
  pressed,
  buttonRef,
  compact = false,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  tone?: 'plain' | 'active' | 'danger';
  showLabel: boolean;
  pressed?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
  compact?: boolean;
}) {
  const tones = {
    plain: 'bg-white/15 text-white hover:bg-white/25',
    active: 'bg-white text-slate-900 hover:bg-slate-200',
    danger: 'bg-red-700 text-white hover:bg-red-800',
  };
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        ref={buttonRef}
        type="button"
        onClick={onClick}
        aria-label={label}
        aria-pressed={pressed}
        title={label}
        className={`grid ${compact ? 'size-11' : 'size-12'} place-items-center rounded-full transition-colors focus-visible:outline-white ${tones[tone]}`}
      >
        {icon}
      </button>
      {showLabel && (
        <span className="max-w-20 text-center text-[11px] leading-tight text-slate-300" aria-hidden="true">
          {label}
        </span>
      )}
    </div>
  );
}

type Props = {
  state: CallState;
  local: MediaStream | null;
  remote: MediaStream | null;
  peer: Peer;
  onHangUp: () => void;
  onToggleMic: () => void;
  onToggleCamera: () => void;
};

/**
 * The call while it rings, connects and runs: the other side's video large (or an avatar for a
 * voice call), one's own preview small and mirrored, the timer and the buttons. A video call
 * can be made smaller so the chat underneath stays in view.
 */
export function CallPanel({ state, local, remote, peer, onHangUp, onToggleMic, onToggleCamera }: Props) {
  const { t } = useTranslation();
  const [small, setSmall] = useState(false);
  const hangUpRef = useRef<HTMLButtonElement>(null);
  const remoteRef = useStream(remote);
  const localRef = useStream(local, true);
  const video = state.media === 'video';
  const connected = state.phase === 'connected';
  const showCamera = video && state.cameraOn && !state.cameraMissing;
  const voiceLevel = useAudioLevel<HTMLSpanElement>(!video && connected ? remote : null);

  // The button that started the call is gone: keep keyboard users inside the call.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) hangUpRef.current?.focus();
  }, []);

  const status =
    state.phase === 'ringing-out' ? (
      t(`calls.status.ringing.${peer}`)
    ) : state.phase === 'connecting' ? (
      t('calls.status.connecting')
    ) : state.weak ? (
      t('calls.status.weak')
    ) : state.connectedAt !== null ? (
      <CallTimer since={state.connectedAt} />
    ) : null;

  const info = (
    <div className="min-w-0 flex-1">
      <p className="truncate text-sm font-semibold">{t(`calls.panel.title.${state.media}`)}</p>
      <p className="flex items-center gap-1 truncate text-xs text-slate-300">
        {state.weak && <CallIcon name="signal" className="size-3.5 shrink-0 text-amber-300" />}
        <span className="truncate">{t(`calls.panel.with.${peer}`)}</span>
        <span aria-hidden="true">·</span>
        <span className={state.weak ? 'text-amber-200' : ''}>{status}</span>
      </p>
    </div>
  );

  const avatar = (size: string) => (
    <span className={`relative shrink-0 ${size}`}>
      {!connected && <span className="absolute inset-0 animate-ping rounded-full bg-brand-600/40" aria-hidden="true" />}
      {/* A halo that follows the other side's voice, behind the avatar. */}
      {connected && !video && <span ref={voiceLevel} className="absolute inset-0 rounded-full bg-green-500 opacity-0 transition-[scale,opacity] duration-100" aria-hidden="true" />}
      <span className="relative grid size-full place-items-center rounded-full bg-brand-700 text-white">
        <CallIcon name={video ? 'video' : 'phone'} className="size-1/2" />
      </span>
    </span>
  );

  const buttons = (
    <div className={`flex shrink-0 items-start justify-center ${small ? 'gap-1.5' : 'gap-4 p-3 pt-2'}`}>
      <RoundButton
        icon={<CallIcon name={state.micOn ? 'mic' : 'micOff'} />}
        label={state.micOn ? t('calls.controls.mute') : t('calls.controls.unmute')}
        tone={state.micOn ? 'plain' : 'active'}
        onClick={onToggleMic}
        showLabel={!small}
        compact={small}
      />
      {video && !state.cameraMissing && (
        <RoundButton
          icon={<CallIcon name={state.cameraOn ? 'video' : 'videoOff'} />}
          label={state.cameraOn ? t('calls.controls.cameraOff') : t('calls.controls.cameraOn')}
          tone={state.cameraOn ? 'plain' : 'active'}
          onClick={onToggleCamera}
          showLabel={!small}
          compact={small}
        />
      )}
      <RoundButton
        buttonRef={hangUpRef}
        icon={<HangUpIcon />}
        label={state.phase === 'ringing-out' ? t('calls.controls.cancel') : t('calls.controls.hangUp')}
        tone="danger"
        onClick={onHangUp}
        showLabel={!small}
        compact={small}
      />
      {video && (
        <RoundButton
          icon={<CallIcon name={small ? 'grow' : 'shrink'} />}
          label={small ? t('calls.controls.bigger') : t('calls.controls.smaller')}
          onClick={() => setSmall((s) => !s)}
          showLabel={!small}
          compact={small}
        />
      )}
    </div>
  );

  return (
    <section
      aria-label={t(`calls.panel.label.${state.media}`)}
      data-testid="call-panel"
      data-phase={state.phase}
      className={`pointer-events-auto mb-2 overflow-hidden rounded-2xl bg-slate-900 text-white shadow-2xl ring-1 ring-white/10 ${small ? 'flex items-center gap-2 p-2' : ''}`}
    >
      {video ? (
        // One box for the other side's picture, large or as a thumbnail, so its <video> (and sound) never restarts.
        <div className={small ? 'relative size-14 shrink-0 overflow-hidden rounded-lg bg-black' : 'relative aspect-[4/3] max-h-[45dvh] w-full bg-black sm:aspect-video'}>
          {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to give; the chat stays beside it */}
          <video ref={remoteRef} data-testid="remote-media" autoPlay playsInline className={`size-full object-cover ${connected ? '' : 'invisible'}`} />
          {!small && !connected && <div className="absolute inset-0 grid place-items-center">{avatar('size-20')}</div>}
          {!small && (
            <div className="absolute inset-x-0 top-0 flex bg-gradient-to-b from-black/70 to-transparent p-3 pb-6">{info}</div>
          )}
          <div
            className={`absolute end-2 bottom-2 aspect-[3/4] w-20 overflow-hidden rounded-lg bg-slate-800 ring-2 ring-white/70 sm:w-24 ${small ? 'hidden' : ''}`}
          >
            <video ref={localRef} muted autoPlay playsInline aria-label={t('calls.panel.you')} className={`size-full -scale-x-100 object-cover ${showCamera ? '' : 'invisible'}`} />
            {!showCamera && (
              <div className="absolute inset-0 grid place-items-center text-slate-300">
                <CallIcon name="videoOff" className="size-6" />
                <span className="sr-only">{t('calls.panel.cameraOff')}</span>
              </div>
            )}
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3 p-3 pb-1">
          {avatar('size-12')}
          {info}
          {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to give; the chat stays beside it */}
          <audio ref={remoteRef} data-testid="remote-media" autoPlay />
        </div>
      )}
      {small && (
        // Made smaller on a phone there is room for the time and the buttons only.
        <p className={`min-w-0 flex-1 truncate text-sm font-semibold ${state.weak ? 'text-amber-200' : ''}`}>{status}</p>
      )}
      {buttons}
    </section>
  );
}
