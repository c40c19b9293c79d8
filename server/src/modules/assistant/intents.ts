import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssistantLanguage } from '@railmadad/contract';
import { ASSISTANT_DIR } from './knowledge';
import { normalize, words } from './text';

/**
 * Signals of what a passenger wants (server/assistant/intents.json): words and phrases per
 * language. All languages are checked at once, since passengers mix them.
 */
export const SIGNALS = ['track', 'mine', 'complaint', 'howto', 'possessive', 'other', 'theone', 'file', 'human', 'greeting', 'thanks', 'yes', 'no', 'question', 'problem'] as const;
export type Signal = (typeof SIGNALS)[number];

type Compiled = { whole: Set<string>; stems: string[]; phrases: string[][]; latin: string[] };

/** One letter added, dropped, changed or two swapped: "statsu", "complants", "sttus". */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const SHORTEST_STEM = 4;

function compile(terms: string[]): Compiled {
  const out: Compiled = { whole: new Set(), stems: [], phrases: [], latin: [] };
  for (const term of terms) {
    const ws = words(term);
    if (ws.length > 1) out.phrases.push(ws);
    else if (ws.length === 1) {
      out.whole.add(ws[0]);
      if ([...ws[0]].length >= SHORTEST_STEM) out.stems.push(ws[0]);
      // Only longer words: among short ones a single slip turns one word into another (ganda, banda).
      if (/^[a-z]{6,}$/.test(ws[0])) out.latin.push(ws[0]);
    }
  }
  return out;
}

export type Signals = Record<Signal, number>;

export function loadSignals(file = join(ASSISTANT_DIR, 'intents.json')) {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Partial<Record<AssistantLanguage, string[]>> | string>;
  const compiled = new Map<Signal, Compiled>();
  for (const signal of SIGNALS) {
    const byLanguage = raw[signal];
    compiled.set(signal, compile(typeof byLanguage === 'object' ? Object.values(byLanguage).flat() : []));
  }

  /** How many terms of each signal a message holds. */
  return function read(text: string): Signals {
    const ws = words(text);
    const counts = Object.fromEntries(SIGNALS.map((s) => [s, 0])) as Signals;
    for (const [signal, c] of compiled) {
      let n = 0;
      for (let i = 0; i < ws.length; i++) {
        const w = ws[i];
        if (c.whole.has(w) || c.stems.some((stem) => w.length > stem.length && w.startsWith(stem))) n++;
        // Typed in a hurry: a long Latin word one slip away from a term still counts.
        else if (w.length >= 5 && /^[a-z]+$/.test(w) && c.latin.some((term) => oneEditApart(w, term))) n++;
        for (const phrase of c.phrases) {
          if (phrase[0] !== w && !(phrase[0].length >= SHORTEST_STEM && w.startsWith(phrase[0]))) continue;
          if (phrase.every((p, k) => ws[i + k] === p || (k === phrase.length - 1 && p.length >= SHORTEST_STEM && ws[i + k]?.startsWith(p)))) n++;
        }
      }
      counts[signal] = n;
    }
    // A question mark is a question in every language.
    if (normalize(text).includes('?')) counts.question++;
    return counts;
  };
}
