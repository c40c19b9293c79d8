import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIsOnline } from '../../lib/online';
import { canRecordAudio, useServerRecorder } from './use-server-recorder';
import { useBrowserRecognition } from './use-browser-recognition';
import { speechCapabilityQuery } from './voice-api';
import { voiceLanguage } from './voice-language';
import { chooseVoiceMode, type VoiceMode } from './voice-mode';
import type { VoiceProblem } from './voice-problem';

export type VoiceInput = {
  mode: VoiceMode;
  /** A button can be shown: recording or recognising works here now. */
  isAvailable: boolean;
  /** Waiting for the microphone (the permission prompt may be up). */
  isStarting: boolean;
  isRecording: boolean;
  isTranscribing: boolean;
  /** When the server-mode recording under way began (Date.now()); null otherwise. */
  recordingSince: number | null;
  /** The browser recogniser's phrase in progress (server transcription has none). */
  interim: string;
  problem: VoiceProblem | null;
  toggle: () => void;
  clearProblem: () => void;
};

/**
 * Voice input for a text field: records and transcribes on the server when it has a provider,
 * else uses the browser's own recognition while online, else offers nothing (docs/voice.md).
 * `language` is the interface language; each finished piece of text goes to `onText`.
 */
export function useVoiceInput({ language, onText }: { language: string; onText: (text: string) => void }): VoiceInput {
  const [canRecord] = useState(canRecordAudio);
  // A browser that cannot record has no use for the server's answer, so it is not asked.
  const capability = useQuery({ ...speechCapabilityQuery, enabled: canRecord });
  const isOnline = useIsOnline();
  const recognition = useBrowserRecognition({ language, onText });
  const recorder = useServerRecorder({ language: voiceLanguage(language), onText, onUnavailable: () => void capability.refetch() });

  const server = !canRecord ? false : capability.data ? capability.data.server : capability.isError ? false : 'unknown';
  const chosen = chooseVoiceMode({ canRecord, server, hasRecognition: recognition.isSupported && !recognition.isBroken, isOnline });
  // A take already under way finishes the way it started, whatever changed meanwhile.
  const mode: VoiceMode = recorder.phase !== 'idle' ? 'server' : recognition.isListening ? 'browser' : chosen;

  const { phase, start, stop } = recorder;
  const toggle = useCallback(() => {
    if (mode === 'server') {
      if (phase === 'recording') stop();
      else if (phase === 'idle') void start();
    } else if (mode === 'browser') {
      if (recognition.isListening) recognition.stop();
      else recognition.start();
    }
  }, [mode, phase, start, stop, recognition.isListening, recognition.start, recognition.stop]);

  const { clearProblem: clearRecorder } = recorder;
  const { clearProblem: clearRecognition } = recognition;
  const clearProblem = useCallback(() => {
    clearRecorder();
    clearRecognition();
  }, [clearRecorder, clearRecognition]);

  return {
    mode,
    isAvailable: mode === 'server' || mode === 'browser',
    isStarting: recorder.phase === 'starting',
    isRecording: recorder.phase === 'recording' || recognition.isListening,
    isTranscribing: recorder.phase === 'transcribing',
    recordingSince: recorder.recordingSince,
    interim: recognition.interim,
    problem: recorder.problem ?? recognition.problem,
    toggle,
    clearProblem,
  };
}
