import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSISTANT_LANGUAGES, type AssistantLanguage, type ComplaintStatus, type ComplaintType } from '@railmadad/contract';
import { ASSISTANT_DIR, type Facts, fill } from './knowledge';

/** The assistant's own sentences (server/assistant/phrases/<language>.json); English fills any gap. */
export type PhraseBook = Record<string, string> & { starters: string[]; types: Record<ComplaintType, string>; statuses: Record<ComplaintStatus, string> };

export function loadPhrases(dir = join(ASSISTANT_DIR, 'phrases')): Map<AssistantLanguage, PhraseBook> {
  const out = new Map<AssistantLanguage, PhraseBook>();
  const en = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as PhraseBook;
  for (const language of ASSISTANT_LANGUAGES) {
    let own: Partial<PhraseBook> = {};
    try {
      own = JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8'));
    } catch {
      // Not written yet: English.
    }
    out.set(language, { ...en, ...own, types: { ...en.types, ...own.types }, statuses: { ...en.statuses, ...own.statuses } } as PhraseBook);
  }
  return out;
}

export type Say = ((key: string, params?: Facts) => string) & { book: PhraseBook; language: AssistantLanguage };

export function sayer(phrases: Map<AssistantLanguage, PhraseBook>, language: AssistantLanguage, facts: Facts): Say {
  const book = phrases.get(language) ?? (phrases.get('en') as PhraseBook);
  const say = ((key: string, params: Facts = {}) => fill(String(book[key] ?? key), { ...facts, ...params })) as Say;
  say.book = book;
  say.language = language;
  return say;
}
