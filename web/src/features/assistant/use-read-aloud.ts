import type { AssistantLanguage } from '@railmadad/contract';
import { useCallback, useEffect, useState } from 'react';
import { canSpeak, speechLanguageOf } from './assistant-text';

/** Reads one answer at a time aloud in its own language; reading another, or Stop, ends the first. */
export function useReadAloud() {
  const [isSupported] = useState(canSpeak);
  const [speakingId, setSpeakingId] = useState<string | null>(null);

  useEffect(() => {
    if (!isSupported) return;
    return () => window.speechSynthesis.cancel();
  }, [isSupported]);

  const toggle = useCallback(
    (id: string, text: string, language: AssistantLanguage) => {
      if (!isSupported) return;
      const synth = window.speechSynthesis;
      synth.cancel();
      if (speakingId === id) {
        setSpeakingId(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = speechLanguageOf(language);
      const voice = synth.getVoices().find((v) => v.lang.replace('_', '-').toLowerCase() === utterance.lang.toLowerCase());
      if (voice) utterance.voice = voice;
      const done = () => setSpeakingId((current) => (current === id ? null : current));
      utterance.onend = done;
      utterance.onerror = done;
      setSpeakingId(id);
      synth.speak(utterance);
    },
    [isSupported, speakingId],
  );

  return { isSupported, speakingId, toggle };
}
