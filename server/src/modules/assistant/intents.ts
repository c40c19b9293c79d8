import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssistantLanguage } from '@railmadad/contract';
import { ASSISTANT_DIR } from './knowledge';
import { normalize, words } from './text';

/**
 * Signals of what a passenger wants (server/assistant/intents.json): words and phrases per
 * language. All languages are checked at once, since passengers mix them.
 */
export const SIGNALS = ['track', 'mine', 'complaint', 'howto', 'file', 'human', 'greeting', 'thanks', 'yes', 'no', 'question', 'problem'] as const;
export type Signal = (typeof SIGNALS)[number];

type Compiled = { whole: Set<string>; stems: string[]; phrases: string[][] };

const SHORTEST_STEM = 4;

function compile(terms: string[]): Compiled {
  const out: Compiled = { whole: new Set(), stems: [], phrases: [] };
  for (const term of terms) {
    const ws = words(term);
    if (ws.length > 1) out.phrases.push(ws);
    else if (ws.length === 1) {
      out.whole.add(ws[0]);
      if ([...ws[0]].length >= SHORTEST_STEM) out.stems.push(ws[0]);
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
