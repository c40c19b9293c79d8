import { isLanguage, type Language } from '@railmadad/contract';

/** The interface language the server is told to listen for (`hi-IN` → `hi`); English when it is not one of ours. */
export function voiceLanguage(language: string | undefined): Language {
  const base = (language ?? '').split('-')[0].toLowerCase();
  return isLanguage(base) ? base : 'en';
}

/** The browser recogniser's language for an interface language: the Indian variant (Nepali is Nepal's), never en-US. */
export function browserSpeechLanguage(language: string | undefined): string {
  const base = voiceLanguage(language);
  return base === 'ne' ? 'ne-NP' : `${base}-IN`;
}
