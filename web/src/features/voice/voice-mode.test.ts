import { describe, expect, it } from 'vitest';
import { chooseVoiceMode, pickRecordingType } from './voice-mode';

const base = { canRecord: true, server: true as boolean | 'unknown', hasRecognition: true, isOnline: true };

describe('chooseVoiceMode', () => {
  it('records for the server whenever the server transcribes and the browser can record', () => {
    expect(chooseVoiceMode(base)).toBe('server');
    expect(chooseVoiceMode({ ...base, hasRecognition: false })).toBe('server');
  });

  it('waits for the server’s answer before offering anything', () => {
    expect(chooseVoiceMode({ ...base, server: 'unknown' })).toBe('pending');
  });

  it('falls back to the browser’s recognition when the server has no provider or the browser cannot record', () => {
    expect(chooseVoiceMode({ ...base, server: false })).toBe('browser');
    expect(chooseVoiceMode({ ...base, canRecord: false, server: false })).toBe('browser');
  });

  it('offers nothing when neither works', () => {
    expect(chooseVoiceMode({ ...base, server: false, hasRecognition: false })).toBe('none');
    expect(chooseVoiceMode({ canRecord: false, server: false, hasRecognition: false, isOnline: false })).toBe('none');
  });

  it('says it needs a connection when a way exists but there is no signal', () => {
    expect(chooseVoiceMode({ ...base, isOnline: false })).toBe('offline');
    expect(chooseVoiceMode({ ...base, server: false, isOnline: false })).toBe('offline');
  });
});

describe('pickRecordingType', () => {
  it('prefers Opus in WebM, then Ogg, then MP4 (Safari)', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingType(() => false)).toBe('');
  });
});
