import { useCallback, useEffect, useRef, useState } from 'react';

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

/** Stop after this much quiet once the passenger has said something (spec section 9). */
export const SILENCE_MS = 1500;
/** Give up if nothing at all is heard for this long. */
const NOTHING_HEARD_MS = 8000;

export type SpeechProblem = 'microphone' | 'noSpeech' | 'transcription';

const recognitionConstructor = (): RecognitionConstructor | undefined => {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

/** The browser's recognition language for an interface language: Indian variants (Nepali is Nepal's). */
export const speechLanguage = (language: string) => {
  const base = language.split('-')[0] || 'en';
  return base === 'ne' ? 'ne-NP' : `${base}-IN`;
};

/**
 * Voice input with the browser's own speech recognition: finished phrases go to `onText`,
 * the phrase being spoken is in `interim`. Stops on a second press or after 1.5 s of silence.
 */
export function useSpeechInput({ language, onText }: { language: string; onText: (text: string) => void }) {
  const [isSupported] = useState(() => recognitionConstructor() !== undefined);
  const [isListening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [problem, setProblem] = useState<SpeechProblem | null>(null);
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
    rec.lang = speechLanguage(language);
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
      else if (event.error === 'not-allowed' || event.error === 'service-not-allowed' || event.error === 'audio-capture') setProblem('microphone');
      else setProblem('transcription');
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

  const toggle = useCallback(() => (recognition.current ? stop() : start()), [start, stop]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      recognition.current?.abort();
    },
    [],
  );

  return { isSupported, isListening, interim, problem, clearProblem: () => setProblem(null), toggle };
}
