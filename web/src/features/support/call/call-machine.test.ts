import { describe, expect, it } from 'vitest';
import { asFailReason, type CallEvent, type CallState, callReducer, formatCallTime, initialCallState, isLive } from './call-machine';

const run = (events: CallEvent[], from: CallState = initialCallState) => events.reduce(callReducer, from);

describe('callReducer', () => {
  it('goes idle → ringing-out → connecting → connected → ended for the caller, timing from the connection', () => {
    const ringing = run([{ type: 'start', media: 'video' }]);
    expect(ringing).toMatchObject({ phase: 'ringing-out', media: 'video', direction: 'outgoing', hadCall: true });
    const connecting = callReducer(ringing, { type: 'accepted' });
    expect(connecting.phase).toBe('connecting');
    const connected = callReducer(connecting, { type: 'connected', now: 1_000 });
    expect(connected).toMatchObject({ phase: 'connected', connectedAt: 1_000 });
    const over = callReducer(connected, { type: 'hangup', now: 152_400 });
    expect(over).toMatchObject({ phase: 'ended', end: { kind: 'hangup', by: 'me', seconds: 151 } });
    expect(formatCallTime(151)).toBe('02:31');
  });

  it('goes idle → ringing-in → connecting → connected for the one called, and the other side may hang up', () => {
    const s = run([{ type: 'ring', media: 'voice' }, { type: 'answer' }, { type: 'connected', now: 0 }, { type: 'peer-hangup', now: 65_000 }]);
    expect(s).toMatchObject({ phase: 'ended', direction: 'incoming', media: 'voice', end: { kind: 'hangup', by: 'peer', seconds: 65 } });
  });

  it('keeps counting from the first connection after a weak spell', () => {
    const s = run([{ type: 'start', media: 'voice' }, { type: 'accepted' }, { type: 'connected', now: 5_000 }, { type: 'weak', weak: true }]);
    expect(s.weak).toBe(true);
    const again = callReducer(s, { type: 'connected', now: 40_000 });
    expect(again).toMatchObject({ weak: false, connectedAt: 5_000 });
  });

  it('tells who declined, and a ring that stops before an answer is a missed call', () => {
    expect(run([{ type: 'start', media: 'voice' }, { type: 'declined' }]).end).toEqual({ kind: 'declined', by: 'peer' });
    expect(run([{ type: 'ring', media: 'voice' }, { type: 'decline' }]).end).toEqual({ kind: 'declined', by: 'me' });
    expect(run([{ type: 'ring', media: 'voice' }, { type: 'peer-hangup', now: 0 }]).end).toEqual({ kind: 'cancelled', by: 'peer' });
    expect(run([{ type: 'start', media: 'voice' }, { type: 'hangup', now: 0 }]).end).toEqual({ kind: 'cancelled', by: 'me' });
    expect(run([{ type: 'start', media: 'voice' }, { type: 'ring-timeout' }]).end).toEqual({ kind: 'no-answer' });
  });

  it('ends with the media problem when the microphone or camera is refused', () => {
    const s = run([{ type: 'start', media: 'video' }, { type: 'media-error', problem: 'denied' }]);
    expect(s).toMatchObject({ phase: 'ended', end: { kind: 'media', problem: 'denied', media: 'video' } });
    expect(isLive(s.phase)).toBe(false);
  });

  it('falls back to the chat when the connection fails or the other side reports a failure', () => {
    expect(run([{ type: 'start', media: 'voice' }, { type: 'accepted' }, { type: 'connect-failed' }]).end).toEqual({ kind: 'connect-failed' });
    expect(run([{ type: 'start', media: 'voice' }, { type: 'peer-failed', reason: 'media_denied' }]).end).toEqual({ kind: 'peer-failed', reason: 'media_denied' });
    expect(asFailReason('something new')).toBe('other');
  });

  it('ignores events that do not fit the phase', () => {
    expect(callReducer(initialCallState, { type: 'accepted' })).toBe(initialCallState);
    expect(callReducer(initialCallState, { type: 'connected', now: 1 })).toBe(initialCallState);
    expect(callReducer(initialCallState, { type: 'peer-hangup', now: 1 })).toBe(initialCallState);
    const ringing = run([{ type: 'start', media: 'voice' }]);
    // A second ring while already calling does not replace the call.
    expect(callReducer(ringing, { type: 'ring', media: 'video' })).toBe(ringing);
    expect(callReducer(ringing, { type: 'start', media: 'video' })).toBe(ringing);
    // Answering is for incoming calls only.
    expect(callReducer(ringing, { type: 'answer' })).toBe(ringing);
  });

  it('lets the passenger give way when both ring at once', () => {
    const s = run([{ type: 'start', media: 'voice' }, { type: 'crossed-ring', media: 'video' }]);
    expect(s).toMatchObject({ phase: 'ringing-in', media: 'video', direction: 'incoming' });
  });

  it('stops ringing in a tab when another tab answered, and forgets nothing else', () => {
    const s = run([{ type: 'ring', media: 'voice' }, { type: 'answered-elsewhere' }]);
    expect(s).toMatchObject({ phase: 'idle', hadCall: true, end: null });
  });

  it('toggles the microphone, and the camera only in a video call that has one', () => {
    const voice = run([{ type: 'start', media: 'voice' }, { type: 'toggle-mic' }, { type: 'toggle-camera' }]);
    expect(voice).toMatchObject({ micOn: false, cameraOn: true });
    const video = run([{ type: 'start', media: 'video' }, { type: 'toggle-camera' }]);
    expect(video.cameraOn).toBe(false);
    const noCamera = run([{ type: 'start', media: 'video' }, { type: 'camera-missing' }, { type: 'toggle-camera' }]);
    expect(noCamera).toMatchObject({ cameraMissing: true, cameraOn: false });
  });

  it('starts a new call fresh after the last one ended, and dismissing clears the note', () => {
    const ended = run([{ type: 'start', media: 'video' }, { type: 'toggle-mic' }, { type: 'declined' }]);
    const again = callReducer(ended, { type: 'ring', media: 'voice' });
    expect(again).toMatchObject({ phase: 'ringing-in', micOn: true, end: null, media: 'voice' });
    expect(callReducer(ended, { type: 'dismiss' })).toMatchObject({ phase: 'idle', end: null, hadCall: true });
  });

  it('closes a live call when the chat ends', () => {
    expect(run([{ type: 'ring', media: 'voice' }, { type: 'chat-ended' }]).end).toEqual({ kind: 'chat-ended' });
    expect(callReducer(initialCallState, { type: 'chat-ended' })).toBe(initialCallState);
  });
});

describe('formatCallTime', () => {
  it('reads mm:ss, and h:mm:ss past an hour', () => {
    expect(formatCallTime(0)).toBe('00:00');
    expect(formatCallTime(59)).toBe('00:59');
    expect(formatCallTime(3_725)).toBe('1:02:05');
  });
});
