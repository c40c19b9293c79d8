/**
 * Which voice input this browser gets. `server`: record here, transcribe on the server (no
 * Google). `browser`: the browser's own SpeechRecognition (Chrome sends the audio to Google, so
 * only online). `offline`: one of those, but there is no signal now. `none`: no way at all, and
 * the page says so instead of showing a button that cannot work. `pending`: still asking the server.
 */
export type VoiceMode = 'server' | 'browser' | 'offline' | 'none' | 'pending';

export function chooseVoiceMode(input: {
  /** getUserMedia and MediaRecorder exist (a secure page in a current browser). */
  canRecord: boolean;
  /** `GET /api/speech`'s answer; `unknown` while it is on its way. */
  server: boolean | 'unknown';
  /** A SpeechRecognition that has not already failed for want of its service. */
  hasRecognition: boolean;
  isOnline: boolean;
}): VoiceMode {
  const { canRecord, server, hasRecognition, isOnline } = input;
  let mode: VoiceMode;
  if (canRecord && server === true) mode = 'server';
  else if (canRecord && server === 'unknown') mode = 'pending';
  else if (hasRecognition) mode = 'browser';
  else return 'none';
  return isOnline ? mode : 'offline';
}

/** The recording formats the server takes, best first (Chrome and Firefox: Opus; Safari: MP4). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'];

/** The first format this browser's MediaRecorder can make, or '' to let it choose. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? '';
}
