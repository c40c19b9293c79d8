import type { Language } from '@railmadad/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { averageLevel, MAX_RECORDING_MS, type SilenceWatch, type StopReason, startWatch, watchLevel } from './silence';
import { transcribeRecording } from './voice-api';
import { pickRecordingType } from './voice-mode';
import type { VoiceProblem } from './voice-problem';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'transcribing';

/** Speech needs little: 32 kbit/s Opus is a quarter of MediaRecorder's default, a minute in 240 kB. */
const BITS_PER_SECOND = 32_000;
const LEVEL_EVERY_MS = 100;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** This browser can record here: getUserMedia (secure pages only) and MediaRecorder. */
export const canRecordAudio = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

type Take = { finish: (reason: StopReason | 'button') => void; discard: () => void };

/**
 * Records with MediaRecorder while an AnalyserNode watches the level (silence.ts decides when
 * to stop), then sends the recording to `POST /api/speech/transcribe` and hands the text to
 * `onText`. `onUnavailable` runs when the server says it no longer transcribes.
 */
export function useServerRecorder({ language, onText, onUnavailable }: { language: Language; onText: (text: string) => void; onUnavailable?: () => void }) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [problem, setProblem] = useState<VoiceProblem | null>(null);
  /** When the current recording began (Date.now()), for the elapsed time on screen. */
  const [recordingSince, setRecordingSince] = useState<number | null>(null);
  const take = useRef<Take | null>(null);
  const upload = useRef<AbortController | null>(null);
  const isMounted = useRef(true);
  const isStarting = useRef(false);
  const callbacks = useRef({ onText, onUnavailable });
  callbacks.current = { onText, onUnavailable };

  const send = useCallback(async (audio: Blob, spokenIn: Language) => {
    setPhase('transcribing');
    const controller = new AbortController();
    upload.current = controller;
    try {
      const { transcript } = await transcribeRecording(audio, spokenIn, controller.signal);
      if (!isMounted.current) return;
      if (transcript.trim()) callbacks.current.onText(transcript.trim());
      else setProblem('noSpeech');
    } catch (error) {
      if (controller.signal.aborted || !isMounted.current) return;
      setProblem(error instanceof ApiError && error.status === 429 ? 'busy' : 'transcription');
      if (error instanceof ApiError && error.code === 'speech_unavailable') callbacks.current.onUnavailable?.();
    } finally {
      upload.current = null;
      if (isMounted.current) setPhase('idle');
    }
  }, []);

  const begin = useCallback(async () => {
    setProblem(null);
    setPhase('starting');
    const spokenIn = language;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      if (isMounted.current) {
        setPhase('idle');
        setProblem('microphone');
      }
      return;
    }
    const release = () => {
      for (const track of stream.getTracks()) track.stop();
    };
    if (!isMounted.current) return release();

    let recorder: MediaRecorder;
    try {
      const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: BITS_PER_SECOND });
    } catch {
      release();
      setPhase('idle');
      setProblem('microphone');
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };

    let watch: SilenceWatch = startWatch(performance.now());
    let context: AudioContext | undefined;
    let levelTimer: number | undefined;
    let isDone = false;
    const stopAll = () => {
      isDone = true;
      if (isMounted.current) setRecordingSince(null);
      window.clearInterval(levelTimer);
      take.current = null;
      void context?.close().catch(() => undefined);
    };
    /** Stops the recorder, then runs `after` once its last data is in. */
    const stopRecorder = (after: () => void) => {
      if (recorder.state === 'inactive') return after();
      recorder.onstop = after;
      try {
        recorder.stop();
      } catch {
        after();
      }
    };
    const finish = (reason: StopReason | 'button') => {
      if (isDone) return;
      stopAll();
      stopRecorder(() => {
        release();
        if (!isMounted.current) return;
        // Pressing Stop always sends (a quiet microphone may still have caught words); the quiet timeout sends nothing.
        if (reason === 'nothing-heard' || chunks.length === 0) {
          setPhase('idle');
          setProblem('noSpeech');
          return;
        }
        void send(new Blob(chunks, { type: recorder.mimeType || chunks[0].type }), spokenIn);
      });
    };
    const discard = () => {
      if (isDone) return;
      stopAll();
      stopRecorder(release);
    };
    // The microphone went away (unplugged, taken by a call): keep what was said.
    recorder.onstop = () => finish('button');

    // The level watch; without Web Audio the recording still stops on the button or at the time limit.
    const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
    try {
      if (!Ctor) throw new Error('no Web Audio');
      context = new Ctor();
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
      const bins = new Uint8Array(analyser.frequencyBinCount);
      levelTimer = window.setInterval(() => {
        analyser.getByteFrequencyData(bins);
        const next = watchLevel(watch, averageLevel(bins), performance.now());
        watch = next.watch;
        if (next.stop) finish(next.stop);
      }, LEVEL_EVERY_MS);
    } catch {
      watch = { ...watch, heard: true };
      levelTimer = window.setInterval(() => {
        if (performance.now() - watch.startedAt >= MAX_RECORDING_MS) finish('max-length');
      }, 1000);
    }

    try {
      recorder.start(1000);
    } catch {
      discard();
      setPhase('idle');
      setProblem('microphone');
      return;
    }
    take.current = { finish, discard };
    setRecordingSince(Date.now());
    setPhase('recording');
  }, [language, send]);

  const start = useCallback(async () => {
    if (take.current || upload.current || isStarting.current) return;
    isStarting.current = true;
    try {
      await begin();
    } finally {
      isStarting.current = false;
    }
  }, [begin]);

  const stop = useCallback(() => take.current?.finish('button'), []);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      take.current?.discard();
      upload.current?.abort();
    };
  }, []);

  return { phase, recordingSince, problem, clearProblem: useCallback(() => setProblem(null), []), start, stop };
}
