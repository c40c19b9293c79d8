import type { AssistantCommand, AssistantLanguage, AssistantMessage, AssistantSuggestion } from '@railmadad/contract';
import type { TFunction } from 'i18next';
import type { ChatFailure } from './stream-chat';

/**
 * The voice that reads an answer aloud. Hindi written in Latin letters reads best with an
 * Indian English voice: a Hindi voice spells the Latin letters out.
 */
const SPEECH_LANGUAGES: Record<AssistantLanguage, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  'hi-Latn': 'en-IN',
  bn: 'bn-IN',
  ta: 'ta-IN',
  te: 'te-IN',
  mr: 'mr-IN',
  gu: 'gu-IN',
  kn: 'kn-IN',
  ml: 'ml-IN',
  pa: 'pa-IN',
  ur: 'ur-IN',
  as: 'as-IN',
  or: 'or-IN',
  sa: 'sa-IN',
  ne: 'ne-NP',
  sd: 'sd-IN',
};

export const speechLanguageOf = (language: AssistantLanguage) => SPEECH_LANGUAGES[language] ?? 'en-IN';

/** Server codes with a message of their own in the passenger's language; any other shows the server's words. */
const KNOWN_CODES = ['rate_limited', 'unauthorized', 'forbidden', 'not_found', 'conflict'] as const;

/** What the passenger reads in the assistant's bubble when a question got no answer (the original prototype's three wordings). */
export function failureText(failure: ChatFailure, t: TFunction): string {
  if (failure.kind === 'network') return t('assistant.errors.network');
  if (failure.kind === 'unexpected') return t('assistant.errors.unexpected');
  const code = KNOWN_CODES.find((c) => c === failure.code);
  let message = failure.message;
  if (code) message = t(`assistant.errorCodes.${code}`);
  else if (failure.fields?.message === 'too_long') message = t('assistant.errorCodes.too_long');
  else if (failure.fields?.message === 'required') message = t('assistant.errorCodes.required');
  return t('assistant.errors.server', { message });
}

/** True when the browser can speak (some phones' browsers cannot): no dead "Read aloud" button. */
export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';

/** Keeps the scroll at the newest message only while the reader is already near it. */
export const isNearBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }, slack = 80) => el.scrollHeight - el.scrollTop - el.clientHeight <= slack;

/**
 * The suggestion buttons under an answer, less those its action card already shows as a big
 * button ("File it now" on a complete draft, "Connect me to a live agent" in an emergency).
 */
export function suggestionsBesideAction(message: Pick<AssistantMessage, 'action' | 'suggestions'>): AssistantSuggestion[] {
  const action = message.action;
  const shown = new Set<AssistantCommand>();
  if (action?.kind === 'file_complaint' && action.missing.length === 0) shown.add('confirm_filing');
  if (action?.kind === 'call' && action.emergency) shown.add('live_support');
  return message.suggestions.filter((s) => !s.command || !shown.has(s.command));
}
