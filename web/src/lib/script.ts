import type { Language } from '@railmadad/contract';

/** The letters each writing system uses (Unicode blocks); Latin is what none of these is. */
const SCRIPTS: [string, RegExp][] = [
  ['devanagari', /[\u0900-\u097f]/g],
  ['bengali', /[\u0980-\u09ff]/g],
  ['gurmukhi', /[\u0a00-\u0a7f]/g],
  ['gujarati', /[\u0a80-\u0aff]/g],
  ['oriya', /[\u0b00-\u0b7f]/g],
  ['tamil', /[\u0b80-\u0bff]/g],
  ['telugu', /[\u0c00-\u0c7f]/g],
  ['kannada', /[\u0c80-\u0cff]/g],
  ['malayalam', /[\u0d00-\u0d7f]/g],
  ['arabic', /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g],
  ['latin', /[a-z]/gi],
];

const OF_LANGUAGE: Record<Language, string> = {
  en: 'latin',
  hi: 'devanagari',
  mr: 'devanagari',
  sa: 'devanagari',
  ne: 'devanagari',
  bn: 'bengali',
  as: 'bengali',
  pa: 'gurmukhi',
  gu: 'gujarati',
  or: 'oriya',
  ta: 'tamil',
  te: 'telugu',
  kn: 'kannada',
  ml: 'malayalam',
  ur: 'arabic',
  sd: 'arabic',
};

/** The writing system most of a text's letters are in, or null for a text of digits, signs and codes (under 4 letters). */
export function scriptOf(text: string): string | null {
  let best: string | null = null;
  let most = 3;
  for (const [script, letters] of SCRIPTS) {
    const n = text.match(letters)?.length ?? 0;
    if (n > most) [best, most] = [script, n];
  }
  return best;
}

/** Whether a reader of `language` cannot read `text` as it is: it is written in another script. */
export const writtenForOthers = (text: string, language: Language) => {
  const script = scriptOf(text);
  return script !== null && script !== OF_LANGUAGE[language];
};
