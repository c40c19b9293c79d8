import type { CallSignal } from '@railmadad/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineHolder } from './call-registry';
import { CallEngine, CONNECT_SECONDS, mediaProblemOf, RING_AGAIN_SECONDS } from './use-call';

type Signal = CallSignal['signal'];

/** Just enough of RTCPeerConnection to follow the signalling, with the test playing the network. */
class FakePeer {
  static all: FakePeer[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  added: RTCIceCandidateInit[] = [];
  tracks: MediaStreamTrack[] = [];
  closed = false;
  onicecandidate: ((e: { candidate: { candidate: string; sdpMid: string; sdpMLineIndex: number } | null }) => void) | null = null;
  ontrack: ((e: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.all.push(this);
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  addTransceiver() {}
  async createOffer() {
    return { type: 'offer' as const, sdp: 'v=0 offer' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0 answer' };
  }
  async setLocalDescription(d: RTCSessionDescriptionInit) {
    this.localDescription = d;
  }
  async setRemoteDescription(d: RTCSessionDescriptionInit) {
    this.remoteDescription = d;
  }
  async addIceCandidate(c: RTCIceCandidateInit) {
    // The real one throws too: a candidate needs the remote description first.
    if (!this.remoteDescription) throw new Error('no remote description');
    this.added.push(c);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const fakeTrack = (kind: 'audio' | 'video') => ({ kind, enabled: true, stop: vi.fn() });
function fakeStream(video: boolean) {
  const tracks = [fakeTrack('audio'), ...(video ? [fakeTrack('video')] : [])];
  return {
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => fakeStream(Boolean(c.video)));
const ice = async () => [{ urls: 'stun:stun.example.org' }];

/** Two engines of one session, the signals between them passed on one tick later like a socket would. */
function pair(sessionId = 's1') {
  const sent: { from: 'agent' | 'passenger'; signal: Signal }[] = [];
  let agent: CallEngine;
  let passenger: CallEngine;
  const relay = (from: 'agent' | 'passenger') => (signal: Signal) => {
    sent.push({ from, signal });
    setTimeout(() => (from === 'agent' ? passenger : agent).onSignal(signal), 0);
  };
  agent = new CallEngine(sessionId, 'agent', relay('agent'), ice);
  passenger = new CallEngine(sessionId, 'passenger', relay('passenger'), ice);
  const kinds = (from: 'agent' | 'passenger') => sent.filter((s) => s.from === from).map((s) => s.signal.kind);
  return { agent, passenger, sent, kinds };
}

beforeEach(() => {
  FakePeer.all = [];
  getUserMedia.mockClear();
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CallEngine', () => {
  it('rings, answers, offers, answers back, trickles candidates (queued before the offer) and connects', async () => {
    const { agent, passenger, kinds } = pair();
    await agent.start('video');
    expect(agent.getView().state.phase).toBe('ringing-out');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: expect.objectContaining({ facingMode: 'user' }) });
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));

    await passenger.answer();
    await vi.waitFor(() => expect(kinds('agent')).toContain('offer'));
    const [callerPc] = FakePeer.all;
    expect(callerPc.config.iceServers).toEqual([{ urls: 'stun:stun.example.org' }]);
    expect(callerPc.tracks.map((t) => t.kind)).toEqual(['audio', 'video']);
    // The caller's candidate may reach the passenger before the offer is taken in: it waits.
    callerPc.onicecandidate?.({ candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } });

    await vi.waitFor(() => expect(kinds('passenger')).toContain('answer'));
    const calleePc = FakePeer.all[1];
    expect(calleePc.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    await vi.waitFor(() => expect(calleePc.added).toHaveLength(1));
    await vi.waitFor(() => expect(callerPc.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 answer' }));
    expect(kinds('agent')).toEqual(['ring', 'offer', 'candidate']);
    expect(kinds('passenger')).toEqual(['accept', 'answer']);

    callerPc.setState('connected');
    calleePc.setState('connected');
    expect(agent.getView().state.phase).toBe('connected');
    expect((window as Window & { __railmadadCall?: unknown }).__railmadadCall).toBe(calleePc);

    agent.toggleMic();
    expect(callerPc.tracks[0].enabled).toBe(false);
    agent.toggleCamera();
    expect(callerPc.tracks[1].enabled).toBe(false);

    agent.hangup();
    expect(agent.getView().state.end).toMatchObject({ kind: 'hangup', by: 'me' });
    expect(callerPc.closed).toBe(true);
    for (const track of callerPc.tracks) expect(track.stop).toHaveBeenCalled();
    await vi.waitFor(() => expect(passenger.getView().state.end).toMatchObject({ kind: 'hangup', by: 'peer' }));
    expect(calleePc.closed).toBe(true);
    expect((window as Window & { __railmadadCall?: unknown }).__railmadadCall).toBeUndefined();
    expect(lineHolder()).toBeNull();
  });

  it('tells the caller when the passenger declines', async () => {
    const { agent, passenger } = pair();
    await agent.start('voice');
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));
    passenger.decline();
    await vi.waitFor(() => expect(agent.getView().state.end).toEqual({ kind: 'declined', by: 'peer' }));
    expect(lineHolder()).toBeNull();
  });

  it('explains a refused microphone and tells the other side, which falls back to the chat', async () => {
    const { agent, passenger, kinds } = pair();
    await agent.start('voice');
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await passenger.answer();
    expect(passenger.getView().state.end).toEqual({ kind: 'media', problem: 'denied', media: 'voice' });
    expect(kinds('passenger')).toEqual(['failed']);
    await vi.waitFor(() => expect(agent.getView().state.end).toEqual({ kind: 'peer-failed', reason: 'media_denied' }));
  });

  it('does not ring the other side when the caller’s own microphone is refused', async () => {
    const { agent, kinds } = pair();
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    await agent.start('voice');
    expect(agent.getView().state.end).toEqual({ kind: 'media', problem: 'denied', media: 'voice' });
    expect(kinds('agent')).toEqual([]);
  });

  it('goes on by voice from a device without a camera', async () => {
    const { agent } = pair();
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    await agent.start('video');
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true });
    expect(agent.getView().state).toMatchObject({ phase: 'ringing-out', cameraMissing: true, cameraOn: false });
    agent.hangup();
  });

  it('answers "busy" to a ring while this tab is on a call in another chat', async () => {
    const first = pair('s1');
    await first.agent.start('voice');
    const sent: Signal[] = [];
    const other = new CallEngine('s2', 'agent', (s) => sent.push(s), ice);
    other.onSignal({ kind: 'ring', media: 'voice' });
    expect(sent).toEqual([{ kind: 'failed', reason: 'busy' }]);
    expect(other.getView().state.phase).toBe('idle');
    first.agent.hangup();
  });

  it('falls back to the chat when the connection is not made within 30 s of the offer', async () => {
    vi.useFakeTimers();
    const { agent, passenger, kinds } = pair();
    await agent.start('voice');
    await vi.advanceTimersByTimeAsync(1);
    await passenger.answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(kinds('agent')).toContain('offer');
    await vi.advanceTimersByTimeAsync(CONNECT_SECONDS * 1000);
    expect(agent.getView().state.end).toEqual({ kind: 'connect-failed' });
    expect(passenger.getView().state.phase).toBe('ended');
    expect(kinds('agent')).toContain('failed');
  });

  it('rings again until answered, and a ring still on its way after a decline is not a new call', async () => {
    vi.useFakeTimers();
    const { agent, passenger, kinds } = pair();
    await agent.start('voice');
    await vi.advanceTimersByTimeAsync(RING_AGAIN_SECONDS * 1000 * 2 + 10);
    expect(kinds('agent')).toEqual(['ring', 'ring', 'ring']);
    expect(passenger.getView().state.phase).toBe('ringing-in');
    passenger.decline();
    passenger.onSignal({ kind: 'ring', media: 'voice' });
    expect(passenger.getView().state.phase).toBe('ended');
    await vi.advanceTimersByTimeAsync(10);
    expect(agent.getView().state.end).toEqual({ kind: 'declined', by: 'peer' });
    await vi.advanceTimersByTimeAsync(RING_AGAIN_SECONDS * 1000 * 2);
    expect(kinds('agent')).toEqual(['ring', 'ring', 'ring']);
  });

  it('falls back to the chat when the connection fails', async () => {
    const { agent, passenger, kinds } = pair();
    await agent.start('voice');
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));
    await passenger.answer();
    await vi.waitFor(() => expect(FakePeer.all).toHaveLength(2));
    FakePeer.all[0].setState('failed');
    expect(agent.getView().state.end).toEqual({ kind: 'connect-failed' });
    expect(kinds('agent')).toContain('failed');
    await vi.waitFor(() => expect(passenger.getView().state.end).toEqual({ kind: 'peer-failed', reason: 'connect_failed' }));
  });

  it('lets the passenger give way when both ring at once', async () => {
    const { agent, passenger } = pair();
    await Promise.all([agent.start('video'), passenger.start('voice')]);
    await vi.waitFor(() => expect(passenger.getView().state).toMatchObject({ phase: 'ringing-in', media: 'video' }));
    expect(agent.getView().state.phase).toBe('ringing-out');
    agent.hangup();
  });

  it('closes the call when the chat ends, and hangs up when the screen goes away', async () => {
    const { agent, passenger, kinds } = pair();
    await agent.start('voice');
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));
    passenger.setClosed(true);
    expect(passenger.getView()).toMatchObject({ closed: true, state: { end: { kind: 'chat-ended' } } });
    agent.dispose();
    expect(kinds('agent')).toEqual(['ring', 'hangup']);
  });

  it('ends the call when the chat is handed to another agent', async () => {
    const { agent, passenger } = pair();
    passenger.onSession('active', 'agent-1');
    await agent.start('voice');
    await vi.waitFor(() => expect(passenger.getView().state.phase).toBe('ringing-in'));
    passenger.onSession('active', 'agent-1');
    expect(passenger.getView().state.phase).toBe('ringing-in');
    passenger.onSession('active', 'agent-2');
    expect(passenger.getView().state.end).toEqual({ kind: 'handed-over' });
    agent.hangup();
  });
});

describe('mediaProblemOf', () => {
  it('sorts the browser’s errors into what the screen can explain', () => {
    expect(mediaProblemOf({ name: 'NotAllowedError' })).toBe('denied');
    expect(mediaProblemOf({ name: 'NotFoundError' })).toBe('missing');
    expect(mediaProblemOf({ name: 'NotReadableError' })).toBe('busy');
    expect(mediaProblemOf(new TypeError('no mediaDevices'))).toBe('unsupported');
  });
});
