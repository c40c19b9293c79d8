import type { Language } from './enums';

/** The writing systems of the sixteen languages, as Unicode blocks (global, for counting letters with `match`). */
export const SCRIPT_LETTERS = {
  devanagari: /[\u0900-\u097f]/g,
  bengali: /[\u0980-\u09ff]/g,
  gurmukhi: /[\u0a00-\u0a7f]/g,
  gujarati: /[\u0a80-\u0aff]/g,
  oriya: /[\u0b00-\u0b7f]/g,
  tamil: /[\u0b80-\u0bff]/g,
  telugu: /[\u0c00-\u0c7f]/g,
  kannada: /[\u0c80-\u0cff]/g,
  malayalam: /[\u0d00-\u0d7f]/g,
  arabic: /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g,
  latin: /[a-z]/gi,
} as const;
export type Script = keyof typeof SCRIPT_LETTERS;

/** The script each language is written in; several share one (Hindi, Marathi, Sanskrit, Nepali: Devanagari). */
export const SCRIPT_OF: Record<Language, Script> = {
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
