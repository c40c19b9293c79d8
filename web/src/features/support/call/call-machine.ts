/**
 * The call's life as pure data, so every transition can be unit-tested without a browser:
 * idle → ringing-out | ringing-in → connecting → connected → ended (→ idle when dismissed).
 * The hook (use-call.ts) does the side effects (media, RTCPeerConnection, signals) and feeds
 * what happened in as events.
 */
export type CallMedia = 'voice' | 'video';
export type CallPhase = 'idle' | 'ringing-out' | 'ringing-in' | 'connecting' | 'connected' | 'ended';

/** Why this device could not use its microphone or camera. */
export type MediaProblem = 'denied' | 'missing' | 'busy' | 'unsupported';

/** Codes sent in a `failed` signal's reason, so the other side can say what went wrong in its own language. */
export const FAIL_REASONS = ['media_denied', 'media_missing', 'media_busy', 'unsupported', 'connect_timeout', 'connect_failed', 'busy', 'no_answer'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];

export type CallEnd =
  | { kind: 'hangup'; by: 'me' | 'peer'; seconds: number }
  /** Hung up before anyone answered: by me (cancelled) or the caller (a missed call). */
  | { kind: 'cancelled'; by: 'me' | 'peer' }
  | { kind: 'declined'; by: 'me' | 'peer' }
  | { kind: 'no-answer' }
  | { kind: 'media'; problem: MediaProblem; media: CallMedia }
  | { kind: 'connect-failed' }
  | { kind: 'peer-failed'; reason: FailReason | 'other' }
  | { kind: 'chat-ended' }
  | { kind: 'handed-over' };

export type CallState = {
  phase: CallPhase;
  media: CallMedia;
  /** Who rang: the caller always sends the WebRTC offer. */
  direction: 'outgoing' | 'incoming' | null;
  /** Epoch ms when the connection first reached `connected`: the timer counts from here. */
  connectedAt: number | null;
  micOn: boolean;
  cameraOn: boolean;
  /** This device has no camera (a desktop without a webcam): the call goes on as voice from this side. */
  cameraMissing: boolean;
  /** Connected before, now `disconnected`: the browser is still trying. */
  weak: boolean;
  end: CallEnd | null;
  /** A call happened (or was tried) in this session: stop saying "waiting for the agent to call". */
  hadCall: boolean;
};

export type CallEvent =
  | { type: 'start'; media: CallMedia }
  | { type: 'ring'; media: CallMedia }
  /** Both sides rang at the same moment: the passenger's side gives way and takes the agent's call. */
  | { type: 'crossed-ring'; media: CallMedia }
  /** I answered an incoming call (my media is ready). */
  | { type: 'answer' }
  /** The other side answered my call. */
  | { type: 'accepted' }
  | { type: 'decline' }
  | { type: 'declined' }
  | { type: 'hangup'; now: number }
  | { type: 'peer-hangup'; now: number }
  | { type: 'peer-failed'; reason: string }
  | { type: 'media-error'; problem: MediaProblem }
  | { type: 'camera-missing' }
  | { type: 'connected'; now: number }
  | { type: 'weak'; weak: boolean }
  | { type: 'connect-failed' }
  /** Nobody answered in time (caller), or the caller gave up (callee). */
  | { type: 'ring-timeout' }
  /** Another tab of mine answered this call: this one stops ringing. */
  | { type: 'answered-elsewhere' }
  | { type: 'chat-ended' }
  /** The chat went to another agent: the call with the previous one cannot go on. */
  | { type: 'handed-over' }
  | { type: 'toggle-mic' }
  | { type: 'toggle-camera' }
  | { type: 'dismiss' };

export const initialCallState: CallState = {
  phase: 'idle',
  media: 'voice',
  direction: null,
  connectedAt: null,
  micOn: true,
  cameraOn: true,
  cameraMissing: false,
  weak: false,
  end: null,
  hadCall: false,
};

/** A call is under way (ringing, connecting or connected): the tab is busy. */
export const isLive = (phase: CallPhase) => phase === 'ringing-out' || phase === 'ringing-in' || phase === 'connecting' || phase === 'connected';

export const asFailReason = (reason: string): FailReason | 'other' => ((FAIL_REASONS as readonly string[]).includes(reason) ? (reason as FailReason) : 'other');

const MEDIA_REASONS: Record<MediaProblem, FailReason> = { denied: 'media_denied', missing: 'media_missing', busy: 'media_busy', unsupported: 'unsupported' };
export const failReasonFor = (problem: MediaProblem): FailReason => MEDIA_REASONS[problem];

/** Whole seconds between two instants, never negative. */
export const secondsBetween = (from: number | null, to: number) => (from === null ? 0 : Math.max(0, Math.floor((to - from) / 1000)));

/** 02:31, or 1:02:31 past an hour. */
export function formatCallTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

const ended = (state: CallState, end: CallEnd): CallState => ({ ...state, phase: 'ended', end, weak: false, hadCall: true });

const fresh = (state: CallState, patch: Partial<CallState>): CallState => ({
  ...initialCallState,
  hadCall: state.hadCall,
  ...patch,
});

export function callReducer(state: CallState, event: CallEvent): CallState {
  const { phase } = state;
  switch (event.type) {
    case 'start':
      return isLive(phase) ? state : fresh(state, { phase: 'ringing-out', media: event.media, direction: 'outgoing', hadCall: true });
    case 'ring':
      return isLive(phase) ? state : fresh(state, { phase: 'ringing-in', media: event.media, direction: 'incoming', hadCall: true });
    case 'crossed-ring':
      return phase === 'ringing-out' ? fresh(state, { phase: 'ringing-in', media: event.media, direction: 'incoming', hadCall: true }) : state;
    case 'answer':
      return phase === 'ringing-in' ? { ...state, phase: 'connecting' } : state;
    case 'accepted':
      return phase === 'ringing-out' ? { ...state, phase: 'connecting' } : state;
    case 'decline':
      return phase === 'ringing-in' ? ended(state, { kind: 'declined', by: 'me' }) : state;
    case 'declined':
      return phase === 'ringing-out' ? ended(state, { kind: 'declined', by: 'peer' }) : state;
    case 'hangup':
      if (phase === 'ringing-out') return ended(state, { kind: 'cancelled', by: 'me' });
      if (phase === 'ringing-in') return ended(state, { kind: 'declined', by: 'me' });
      if (phase === 'connecting' || phase === 'connected') return ended(state, { kind: 'hangup', by: 'me', seconds: secondsBetween(state.connectedAt, event.now) });
      return state;
    case 'peer-hangup':
      if (phase === 'ringing-in') return ended(state, { kind: 'cancelled', by: 'peer' });
      if (phase === 'ringing-out') return ended(state, { kind: 'declined', by: 'peer' });
      if (phase === 'connecting' || phase === 'connected') return ended(state, { kind: 'hangup', by: 'peer', seconds: secondsBetween(state.connectedAt, event.now) });
      return state;
    case 'peer-failed':
      return isLive(phase) ? ended(state, { kind: 'peer-failed', reason: asFailReason(event.reason) }) : state;
    case 'media-error':
      return isLive(phase) ? ended(state, { kind: 'media', problem: event.problem, media: state.media }) : state;
    case 'camera-missing':
      return isLive(phase) ? { ...state, cameraMissing: true, cameraOn: false } : state;
    case 'connected':
      // The timer starts at the first `connected`; a reconnect after a weak spell keeps counting.
      return phase === 'connecting' || phase === 'connected' ? { ...state, phase: 'connected', connectedAt: state.connectedAt ?? event.now, weak: false } : state;
    case 'weak':
      return phase === 'connected' ? { ...state, weak: event.weak } : state;
    case 'connect-failed':
      return phase === 'connecting' || phase === 'connected' ? ended(state, { kind: 'connect-failed' }) : state;
    case 'ring-timeout':
      if (phase === 'ringing-out') return ended(state, { kind: 'no-answer' });
      if (phase === 'ringing-in') return ended(state, { kind: 'cancelled', by: 'peer' });
      return state;
    case 'answered-elsewhere':
      return phase === 'ringing-in' ? fresh(state, {}) : state;
    case 'chat-ended':
      return isLive(phase) ? ended(state, { kind: 'chat-ended' }) : state;
    case 'handed-over':
      return isLive(phase) ? ended(state, { kind: 'handed-over' }) : state;
    case 'toggle-mic':
      return isLive(phase) ? { ...state, micOn: !state.micOn } : state;
    case 'toggle-camera':
      return isLive(phase) && state.media === 'video' && !state.cameraMissing ? { ...state, cameraOn: !state.cameraOn } : state;
    case 'dismiss':
      return phase === 'ended' ? fresh(state, {}) : state;
  }
}
