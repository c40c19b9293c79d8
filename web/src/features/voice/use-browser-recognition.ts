import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTHING_HEARD_MS, SILENCE_MS } from './silence';
import { browserSpeechLanguage } from './voice-language';
import type { VoiceProblem } from './voice-problem';

/** The few parts of the Web Speech API used here (TypeScript's DOM types leave it out). */
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionConstructor = new () => Recognition;

const recognitionConstructor = (): RecognitionConstructor | undefined => {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

/**
 * A recogniser whose service is missing (Chromium builds without Google's keys answer every
 * start with `network` while online) is remembered for the tab, so the page stops offering it.
 */
const BROKEN_KEY = 'voice.browserRecognitionBroken';
const wasBroken = () => {
  try {
    return sessionStorage.getItem(BROKEN_KEY) === '1';
  } catch {
    return false;
  }
};
const markBroken = () => {
  try {
    sessionStorage.setItem(BROKEN_KEY, '1');
  } catch {
    // not fatal: it is only offered again
  }
};

/**
 * Voice input with the browser's own speech recognition: finished phrases go to `onText`,
 * the phrase being spoken is in `interim`. Stops on a second press or after 1.5 s of silence.
 */
export function useBrowserRecognition({ language, onText }: { language: string; onText: (text: string) => void }) {
  const [isSupported] = useState(() => recognitionConstructor() !== undefined);
  const [isBroken, setBroken] = useState(wasBroken);
  const [isListening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [problem, setProblem] = useState<VoiceProblem | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) return;
    setProblem(null);
    setInterim('');
    const rec = new Constructor();
    rec.lang = browserSpeechLanguage(language);
    rec.continuous = true;
    rec.interimResults = true;
    rec.maxAlternatives = 1;
    let heard = false;
    const waitFor = (ms: number, onTimeout: () => void) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(onTimeout, ms);
    };
    rec.onresult = (event) => {
      heard = true;
      let pending = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result[0]?.transcript ?? '';
        if (result.isFinal) onTextRef.current(text.trim());
        else pending += text;
      }
      setInterim(pending.trim());
      waitFor(SILENCE_MS, () => rec.stop());
    };
    rec.onerror = (event) => {
      if (event.error === 'aborted') return;
      if (event.error === 'no-speech') setProblem('noSpeech');
      else if (event.error === 'not-allowed' || event.error === 'audio-capture') setProblem('microphone');
      else {
        setProblem('transcription');
        if (event.error === 'service-not-allowed' || (event.error === 'network' && navigator.onLine)) {
          markBroken();
          setBroken(true);
        }
      }
    };
    rec.onend = () => {
      window.clearTimeout(timer.current);
      recognition.current = null;
      setListening(false);
      setInterim('');
    };
    waitFor(NOTHING_HEARD_MS, () => {
      if (!heard) setProblem('noSpeech');
      rec.stop();
    });
    try {
      rec.start();
      recognition.current = rec;
      setListening(true);
    } catch {
      window.clearTimeout(timer.current);
      setProblem('microphone');
    }
  }, [language]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      recognition.current?.abort();
    },
    [],
  );

  return { isSupported, isBroken, isListening, interim, problem, clearProblem: useCallback(() => setProblem(null), []), start, stop };
}
