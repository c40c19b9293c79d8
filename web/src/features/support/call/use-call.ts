import '../../../lib/zod-jitless';
import { type CallSignal, type IceServers, iceServersSchema, type SupportSession } from '@railmadad/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api';
import { useSocket } from '../../../lib/socket';
import { type CallEvent, type CallMedia, type CallState, callReducer, type FailReason, failReasonFor, initialCallState, isLive, type MediaProblem } from './call-machine';
import { claimLine, exposeConnection, lineHolder, releaseLine } from './call-registry';
import { startRingtone } from './ringtone';

export type CallRole = 'passenger' | 'agent';
type Signal = CallSignal['signal'];

/** An unanswered call stops ringing after this long ("no answer"). */
export const RING_SECONDS = 45;
/** From the offer: a call not connected by then falls back to the chat. */
export const CONNECT_SECONDS = 30;
/**
 * The caller rings again this often until answered: a passenger whose signal dropped for a
 * moment (a tunnel) still hears the call once back.
 */
export const RING_AGAIN_SECONDS = 4;
/** Just after a call ended, a ring that was already on its way is stale, not a new call. */
const STALE_RING_MS = 5_000;

export type CallView = {
  state: CallState;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** The session is no longer active (we heard so on the socket): no calls in it. */
  closed: boolean;
};

/** Browsers without WebRTC or without camera access (a page not served over https) cannot call. */
export const callsSupported = () =>
  typeof window !== 'undefined' && typeof window.RTCPeerConnection === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

class MediaFailure extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem);
  }
}

/** getUserMedia's error names, in plain categories the screen can explain. */
export function mediaProblemOf(error: unknown): MediaProblem {
  if (error instanceof MediaFailure) return error.problem;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'TypeError') return 'unsupported';
  return 'busy';
}

const stopStream = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** The microphone, and the camera for a video call. A device without a working camera still talks by voice. */
async function getCallMedia(media: CallMedia): Promise<{ stream: MediaStream; cameraMissing: boolean }> {
  if (!callsSupported()) throw new MediaFailure('unsupported');
  try {
    // A modest picture: cheap phones and a train's weak signal cope better than with HD.
    const video = media === 'video' ? { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } : false;
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true, video }), cameraMissing: false };
  } catch (error) {
    const problem = mediaProblemOf(error);
    if (media !== 'video' || (problem !== 'missing' && problem !== 'busy')) throw new MediaFailure(problem);
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), cameraMissing: true };
    } catch (second) {
      throw new MediaFailure(mediaProblemOf(second));
    }
  }
}

export const iceServersKey = ['support', 'ice-servers'] as const;

/** ICE servers for this call; none (a direct connection) when the server cannot say. */
async function loadIceServers(client: QueryClient): Promise<RTCIceServer[]> {
  try {
    const data = await client.fetchQuery({
      queryKey: iceServersKey,
      queryFn: ({ signal }) => api<IceServers>('/api/support/ice-servers', { signal }),
      // TURN credentials expire: fetch again for a call a minute later.
      staleTime: 60_000,
    });
    const parsed = iceServersSchema.safeParse(data);
    return parsed.success ? parsed.data.iceServers : [];
  } catch {
    return [];
  }
}

/**
 * One session's call: the state machine plus the media, the RTCPeerConnection and the timers.
 * Lives outside React so a signal that arrives mid-render, or after an await, sees the latest
 * state; the hook subscribes to it.
 */
export class CallEngine {
  private view: CallView = { state: initialCallState, local: null, remote: null, closed: false };
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private stream: MediaStream | null = null;
  private remoteStream: MediaStream | null = null;
  /** Candidates that came before the remote description; added once it is set. */
  private pending: RTCIceCandidateInit[] = [];
  private remoteSet = false;
  private ice: Promise<RTCIceServer[]> | null = null;
  private ringTimer: number | undefined;
  private ringAgain: number | undefined;
  private connectTimer: number | undefined;
  private endedAt = 0;
  private agentId: string | null = null;
  /** Bumped on every teardown, so work still awaiting (a permission prompt, an SDP) knows it is stale. */
  private attempt = 0;

  constructor(
    readonly sessionId: string,
    readonly role: CallRole,
    private readonly emit: (signal: Signal) => void,
    private readonly iceServers: () => Promise<RTCIceServer[]>,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getView = () => this.view;

  private get state() {
    return this.view.state;
  }

  /** Read afresh after an await (TypeScript would keep the phase it saw before it). */
  private phase() {
    return this.view.state.phase;
  }

  private publish(patch: Partial<CallView>) {
    this.view = { ...this.view, ...patch };
    for (const l of this.listeners) l();
  }

  private apply(event: CallEvent) {
    const next = callReducer(this.state, event);
    if (next === this.state) return;
    if (next.phase === 'ended' && this.state.phase !== 'ended') this.endedAt = Date.now();
    this.publish({ state: next });
  }

  // ——— what the person does ———

  start = async (media: CallMedia) => {
    if (isLive(this.state.phase) || this.view.closed || !claimLine(this.sessionId)) return;
    this.apply({ type: 'start', media });
    const attempt = ++this.attempt;
    this.ice = this.iceServers();
    let got: Awaited<ReturnType<typeof getCallMedia>>;
    try {
      // The microphone before ringing: a blocked one is told at once, without bothering the other side.
      got = await getCallMedia(media);
    } catch (error) {
      if (attempt !== this.attempt) return;
      this.apply({ type: 'media-error', problem: mediaProblemOf(error) });
      this.teardown();
      return;
    }
    if (attempt !== this.attempt || this.phase() !== 'ringing-out') {
      stopStream(got.stream);
      return;
    }
    this.holdLocal(got.stream, got.cameraMissing);
    this.emit({ kind: 'ring', media });
    this.ringAgain = window.setInterval(() => {
      if (this.state.phase === 'ringing-out') this.emit({ kind: 'ring', media });
    }, RING_AGAIN_SECONDS * 1000);
    this.ringTimer = window.setTimeout(() => {
      if (this.state.phase !== 'ringing-out') return;
      this.emit({ kind: 'hangup' });
      this.apply({ type: 'ring-timeout' });
      this.teardown();
    }, RING_SECONDS * 1000);
  };

  answer = async () => {
    if (this.state.phase !== 'ringing-in') return;
    window.clearTimeout(this.ringTimer);
    this.apply({ type: 'answer' });
    const attempt = this.attempt;
    this.ice ??= this.iceServers();
    let got: Awaited<ReturnType<typeof getCallMedia>>;
    try {
      got = await getCallMedia(this.state.media);
    } catch (error) {
      if (attempt !== this.attempt) return;
      const problem = mediaProblemOf(error);
      this.emit({ kind: 'failed', reason: failReasonFor(problem) });
      this.apply({ type: 'media-error', problem });
      this.teardown();
      return;
    }
    if (attempt !== this.attempt || this.phase() !== 'connecting') {
      stopStream(got.stream);
      return;
    }
    this.holdLocal(got.stream, got.cameraMissing);
    this.emit({ kind: 'accept' });
    // The caller's offer should follow at once; if it never does, do not hang in "connecting".
    this.armConnectTimer();
  };

  decline = () => {
    if (this.state.phase !== 'ringing-in') return;
    this.emit({ kind: 'decline' });
    this.apply({ type: 'decline' });
    this.teardown();
  };

  hangup = () => {
    if (!isLive(this.state.phase)) return;
    this.emit({ kind: this.state.phase === 'ringing-in' ? 'decline' : 'hangup' });
    this.apply({ type: 'hangup', now: Date.now() });
    this.teardown();
  };

  toggleMic = () => {
    this.apply({ type: 'toggle-mic' });
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = this.state.micOn;
  };

  toggleCamera = () => {
    this.apply({ type: 'toggle-camera' });
    for (const track of this.stream?.getVideoTracks() ?? []) track.enabled = this.state.cameraOn;
  };

  dismiss = () => this.apply({ type: 'dismiss' });

  // ——— what the other side and the server tell us ———

  onSignal(signal: Signal) {
    const { phase, direction } = this.state;
    switch (signal.kind) {
      case 'ring':
        this.onRing(signal.media);
        return;
      case 'accept':
        if (phase === 'ringing-out' && this.stream) void this.sendOffer();
        return;
      case 'decline':
        if (phase !== 'ringing-out') return;
        this.apply({ type: 'declined' });
        this.teardown();
        return;
      case 'hangup':
        if (!isLive(phase)) return;
        this.apply({ type: 'peer-hangup', now: Date.now() });
        this.teardown();
        return;
      case 'failed':
        if (!isLive(phase)) return;
        this.apply({ type: 'peer-failed', reason: signal.reason });
        this.teardown();
        return;
      case 'offer':
        // An offer while this tab still rings: another tab of the same person answered.
        if (phase === 'ringing-in') {
          this.apply({ type: 'answered-elsewhere' });
          this.teardown();
        } else if (phase === 'connecting' && direction === 'incoming' && this.stream && !this.pc) void this.sendAnswer(signal.sdp);
        return;
      case 'answer':
        if (phase === 'connecting' && direction === 'outgoing' && this.pc && !this.remoteSet) void this.takeAnswer(signal.sdp);
        return;
      case 'candidate':
        if (phase !== 'connecting' && phase !== 'connected') return;
        if (this.pc && this.remoteSet) this.pc.addIceCandidate(signal.candidate).catch(() => undefined);
        else this.pending.push(signal.candidate);
        return;
    }
  }

  private onRing(media: CallMedia) {
    const holder = lineHolder();
    if (holder !== null && holder !== this.sessionId) {
      // On a call in another chat of this tab: say so rather than let it ring unanswered.
      this.emit({ kind: 'failed', reason: 'busy' });
      return;
    }
    if (this.view.closed) return;
    if (this.state.phase === 'ended' && Date.now() - this.endedAt < STALE_RING_MS) return;
    if (this.state.phase === 'ringing-out') {
      // Both rang at once: the agent's call stands, the passenger's side takes it.
      if (this.role === 'agent') return;
      this.apply({ type: 'crossed-ring', media });
      this.teardown();
    } else if (isLive(this.state.phase)) {
      return;
    } else {
      this.apply({ type: 'ring', media });
    }
    claimLine(this.sessionId);
    this.ice = this.iceServers();
    // The caller gives up after RING_SECONDS; stop ringing here even if that hangup is lost.
    this.ringTimer = window.setTimeout(() => {
      if (this.state.phase !== 'ringing-in') return;
      this.apply({ type: 'ring-timeout' });
      this.teardown();
    }, (RING_SECONDS + 5) * 1000);
  }

  /** The chat is over (ended, handed on): no call can go on in it. */
  setClosed(closed: boolean) {
    if (closed === this.view.closed) return;
    if (closed && isLive(this.state.phase)) {
      this.apply({ type: 'chat-ended' });
      this.teardown();
    }
    this.publish({ closed });
  }

  /**
   * The session as last pushed: a chat handed to another agent keeps its status but not its
   * agent, and a call with the previous agent cannot go on (the server no longer relays it).
   */
  onSession(status: string, agentId: string | null) {
    if (status !== 'active') {
      this.setClosed(true);
      return;
    }
    this.setClosed(false);
    const previous = this.agentId;
    this.agentId = agentId;
    if (previous !== null && agentId !== previous && isLive(this.state.phase)) {
      this.apply({ type: 'handed-over' });
      this.teardown();
    }
  }

  /** The screen is going away (another chat, another page, the tab closing). */
  dispose() {
    const { phase } = this.state;
    // A tab that only rang says nothing: another tab of the same person may still answer.
    if (isLive(phase) && phase !== 'ringing-in') this.emit({ kind: 'hangup' });
    if (isLive(phase)) {
      this.apply({ type: 'hangup', now: Date.now() });
      this.teardown();
    }
  }

  // ——— WebRTC ———

  private holdLocal(stream: MediaStream, cameraMissing: boolean) {
    this.stream = stream;
    if (cameraMissing) this.apply({ type: 'camera-missing' });
    this.publish({ local: stream });
  }

  private async createPeer(attempt: number): Promise<RTCPeerConnection | null> {
    const iceServers = await (this.ice ?? this.iceServers());
    if (attempt !== this.attempt || !this.stream) return null;
    const pc = new RTCPeerConnection({ iceServers });
    const stream = this.stream;
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    // A caller without a camera still wants to see the passenger.
    if (this.state.media === 'video' && this.state.direction === 'outgoing' && stream.getVideoTracks().length === 0) pc.addTransceiver('video', { direction: 'recvonly' });
    pc.onicecandidate = (event) => {
      const c = event.candidate;
      if (c?.candidate) this.emit({ kind: 'candidate', candidate: { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex } });
    };
    pc.ontrack = (event) => {
      const remote = event.streams[0] ?? this.remoteStream ?? new MediaStream();
      if (!event.streams[0]) remote.addTrack(event.track);
      this.remoteStream = remote;
      this.publish({ remote });
    };
    pc.onconnectionstatechange = () => this.onConnectionState(pc);
    this.pc = pc;
    exposeConnection(pc);
    return pc;
  }

  private onConnectionState(pc: RTCPeerConnection) {
    if (pc !== this.pc) return;
    switch (pc.connectionState) {
      case 'connected':
        window.clearTimeout(this.connectTimer);
        this.apply({ type: 'connected', now: Date.now() });
        return;
      case 'disconnected':
        this.apply({ type: 'weak', weak: true });
        return;
      case 'failed':
        this.fail('connect_failed');
        return;
    }
  }

  private armConnectTimer() {
    window.clearTimeout(this.connectTimer);
    this.connectTimer = window.setTimeout(() => {
      if (this.state.phase === 'connecting') this.fail('connect_timeout');
    }, CONNECT_SECONDS * 1000);
  }

  /** The call cannot go on: tell the other side, fall back to the chat. */
  private fail(reason: FailReason) {
    if (!isLive(this.state.phase)) return;
    this.emit({ kind: 'failed', reason });
    this.apply({ type: 'connect-failed' });
    this.teardown();
  }

  /** Caller, once answered: always the one to offer (no perfect negotiation needed). */
  private async sendOffer() {
    window.clearTimeout(this.ringTimer);
    window.clearInterval(this.ringAgain);
    this.apply({ type: 'accepted' });
    const attempt = this.attempt;
    try {
      const pc = await this.createPeer(attempt);
      if (!pc) return;
      await pc.setLocalDescription(await pc.createOffer());
      if (attempt !== this.attempt || !pc.localDescription) return;
      this.emit({ kind: 'offer', sdp: pc.localDescription.sdp });
      this.armConnectTimer();
    } catch {
      if (attempt === this.attempt) this.fail('connect_failed');
    }
  }

  private async sendAnswer(sdp: string) {
    const attempt = this.attempt;
    this.armConnectTimer();
    try {
      const pc = await this.createPeer(attempt);
      if (!pc) return;
      await pc.setRemoteDescription({ type: 'offer', sdp });
      this.flushCandidates(pc);
      await pc.setLocalDescription(await pc.createAnswer());
      if (attempt !== this.attempt || !pc.localDescription) return;
      this.emit({ kind: 'answer', sdp: pc.localDescription.sdp });
    } catch {
      if (attempt === this.attempt) this.fail('connect_failed');
    }
  }

  private async takeAnswer(sdp: string) {
    const pc = this.pc;
    if (!pc) return;
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp });
      if (pc === this.pc) this.flushCandidates(pc);
    } catch {
      if (pc === this.pc) this.fail('connect_failed');
    }
  }

  private flushCandidates(pc: RTCPeerConnection) {
    this.remoteSet = true;
    for (const candidate of this.pending.splice(0)) pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** Stops the media, closes the connection, clears the timers; frees the line once the call is over. */
  private teardown() {
    this.attempt++;
    window.clearTimeout(this.ringTimer);
    window.clearInterval(this.ringAgain);
    window.clearTimeout(this.connectTimer);
    const pc = this.pc;
    if (pc) {
      pc.onicecandidate = null;
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      pc.close();
      exposeConnection(null, pc);
    }
    this.pc = null;
    stopStream(this.stream);
    this.stream = null;
    this.remoteStream = null;
    this.pending = [];
    this.remoteSet = false;
    this.ice = null;
    if (!isLive(this.state.phase)) releaseLine(this.sessionId);
    if (this.view.local || this.view.remote) this.publish({ local: null, remote: null });
  }
}

/**
 * The call in one live-support session, signalled over the tab's shared socket (`call:signal`).
 * Returns what the screen shows and the actions it offers.
 */
export function useCall(sessionId: string, role: CallRole) {
  const socket = useSocket();
  const client = useQueryClient();
  const socketRef = useRef(socket);
  socketRef.current = socket;

  const engine = useMemo(
    () =>
      new CallEngine(
        sessionId,
        role,
        (signal) => socketRef.current?.emit('call:signal', { sessionId, signal }),
        () => loadIceServers(client),
      ),
    [sessionId, role, client],
  );
  const view = useSyncExternalStore(engine.subscribe, engine.getView);

  // Leaving the chat or the page ends the call, so the other side is not left talking to nobody.
  useEffect(() => {
    const onPageHide = () => engine.dispose();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      engine.dispose();
    };
  }, [engine]);

  useEffect(() => {
    if (!socket) return;
    const onSignal = (message: CallSignal) => {
      if (message.sessionId === sessionId) engine.onSignal(message.signal);
    };
    const onSession = (session: SupportSession) => {
      if (session.id === sessionId) engine.onSession(session.status, session.agent?.id ?? null);
    };
    socket.on('call:signal', onSignal).on('support:session', onSession);
    return () => {
      socket.off('call:signal', onSignal).off('support:session', onSession);
    };
  }, [socket, engine, sessionId]);

  const ringing = view.state.phase === 'ringing-in';
  useEffect(() => (ringing ? startRingtone() : undefined), [ringing]);

  return { ...view, socketReady: socket !== null, start: engine.start, answer: engine.answer, decline: engine.decline, hangup: engine.hangup, toggleMic: engine.toggleMic, toggleCamera: engine.toggleCamera, dismiss: engine.dismiss };
}
