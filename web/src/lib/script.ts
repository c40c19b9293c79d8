import { type Language, SCRIPT_LETTERS, SCRIPT_OF, type Script } from '@railmadad/contract';

/** The writing system most of a text's letters are in, or null for a text of digits, signs and codes (under 4 letters). */
export function scriptOf(text: string): Script | null {
  let best: Script | null = null;
  let most = 3;
  for (const [script, letters] of Object.entries(SCRIPT_LETTERS) as [Script, RegExp][]) {
    const n = text.match(letters)?.length ?? 0;
    if (n > most) [best, most] = [script, n];
  }
  return best;
}

/** Whether a reader of `language` cannot read `text` as it is: it is written in another script. */
export const writtenForOthers = (text: string, language: Language) => {
  const script = scriptOf(text);
  return script !== null && script !== SCRIPT_OF[language];
};
