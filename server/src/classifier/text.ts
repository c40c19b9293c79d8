/**
 * Text → hashed sparse features for the complaint classifier.
 *
 * Complaints arrive in English (often typed in a hurry or in capitals), Hindi in Latin letters
 * with no fixed spelling, and Indian scripts. Word features carry meaning; character n-grams
 * inside each word carry it across spellings ("paani", "pani", "panni") and inflections
 * ("खराब", "खराबी"). Both are hashed into a fixed number of buckets, so the model needs no
 * vocabulary and any text, in any script, maps to features.
 */

import { toDevanagari, toLatin } from './script';

/** Zero-width joiners and marks that some keyboards insert between Indic letters. */
const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/g;
const NUMBER = /\p{N}+/gu;
/** A letter repeated three or more times ("pleeease", "nahiii") is the same word as two. */
const STRETCHED = /(\p{L})\1{2,}/gu;
/** Letters with their combining marks (Indic vowel signs and viramas are marks), or "0" for a number. */
const WORD = /[\p{L}\p{M}0]+/gu;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(INVISIBLE, '').replace(NUMBER, '0').replace(STRETCHED, '$1$1');
}

export function words(text: string): string[] {
  return normalize(text).match(WORD) ?? [];
}

export type FeatureOptions = {
  /** log2 of the number of hash buckets. */
  bits: number;
  /** Character n-gram lengths inside a word, in code points (0 turns them off). */
  minGram: number;
  maxGram: number;
  /** Word pairs in order of appearance. */
  bigrams: boolean;
  /** Also the n-grams of Indian-script words projected into Devanagari and spelled in Latin letters (script.ts). */
  scripts?: boolean;
  /**
   * The last word of a lexicon phrase also matches as a word beginning (4+ characters), so a
   * phrase meets the suffixed forms of Tamil, Telugu and Marathi ("இப்போது தான்" / "…தானே").
   */
  phraseStems?: boolean;
  /**
   * Each pair of concepts found in the text is one more feature: a linear model cannot tell
   * "theft + a minute ago" from "theft + last month" from the concepts alone, a pair can.
   */
  conceptPairs?: boolean;
  /**
   * How many mentions of a word a concept counts as (before the log scaling); 32 unless set
   * (bench/classifier.ts --compare weighs 128).
   */
  conceptWeight?: number;
  /** The same for a pair of concepts; 8 unless set. */
  pairWeight?: number;
};

export const DEFAULT_FEATURES: FeatureOptions = {
  bits: 16,
  minGram: 2,
  maxGram: 5,
  bigrams: true,
  scripts: true,
  phraseStems: true,
  conceptPairs: true,
};

/**
 * Concepts (lexicon/*.json): a meaning and the words for it in each language, e.g. "water-supply":
 * water, paani, पानी, জল, पाणी, தண்ணீ, నీళ్ళ. Each concept found is one more feature, so what the
 * model learns from an English complaint carries over to a Tamil one that uses the same idea.
 */
export type Lexicon = Record<string, string[]>;

/** A lexicon ready for matching: whole words, word beginnings (4+ characters) and phrases. */
export type CompiledLexicon = {
  exact: Map<string, string[]>;
  prefix: Map<string, string[]>;
  /** Phrases by their first word: the words after it, and the concept. */
  phrases: Map<string, { rest: string[]; concept: string }[]>;
  longest: number;
};

const SHORTEST_STEM = 4;
/** A concept counts as much as this many mentions of a word (before the log scaling), unless `conceptWeight` says otherwise. */
const CONCEPT_WEIGHT = 32;
/** A pair of concepts counts less than a concept: it refines the two, it does not replace them. */
const PAIR_WEIGHT = 8;

export function compileLexicon(lexicon: Lexicon): CompiledLexicon {
  const compiled: CompiledLexicon = { exact: new Map(), prefix: new Map(), phrases: new Map(), longest: 0 };
  const put = (map: Map<string, string[]>, key: string, concept: string) => {
    const list = map.get(key) ?? [];
    if (!list.includes(concept)) list.push(concept);
    map.set(key, list);
  };
  for (const [concept, terms] of Object.entries(lexicon)) {
    for (const term of terms) {
      const parts = words(term);
      if (parts.length === 0) continue;
      if (parts.length > 1) {
        const list = compiled.phrases.get(parts[0]) ?? [];
        list.push({ rest: parts.slice(1), concept });
        compiled.phrases.set(parts[0], list);
      }
      else if (Array.from(parts[0]).length < SHORTEST_STEM) put(compiled.exact, parts[0], concept);
      else {
        put(compiled.prefix, parts[0], concept);
        compiled.longest = Math.max(compiled.longest, Array.from(parts[0]).length);
      }
    }
  }
  return compiled;
}

/** The concepts a text mentions, each once; with `phraseStems` a phrase's last word may be a word beginning. */
export function conceptsIn(tokens: string[], lexicon: CompiledLexicon, phraseStems = false): Set<string> {
  const found = new Set<string>();
  const matches = (token: string | undefined, word: string, last: boolean) =>
    token !== undefined && (token === word || (last && phraseStems && Array.from(word).length >= SHORTEST_STEM && token.startsWith(word)));
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    for (const c of lexicon.exact.get(token) ?? []) found.add(c);
    for (const { rest, concept } of lexicon.phrases.get(token) ?? []) {
      if (rest.every((word, i) => matches(tokens[t + 1 + i], word, i === rest.length - 1))) found.add(concept);
    }
    // Each beginning of the word, 4 characters and longer, grown one code point at a time.
    let prefix = '';
    let length = 0;
    for (const ch of token) {
      prefix += ch;
      length++;
      if (length > lexicon.longest) break;
      if (length >= SHORTEST_STEM) for (const c of lexicon.prefix.get(prefix) ?? []) found.add(c);
    }
  }
  return found;
}

/** A document as parallel arrays of bucket index and weight, L2-normalised. */
export type SparseVector = { index: Uint32Array; value: Float32Array };

/** FNV-1a over UTF-16 code units: fast, stable across runs and machines. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function featurize(text: string, options: FeatureOptions = DEFAULT_FEATURES, lexicon?: CompiledLexicon): SparseVector {
  const mask = (1 << options.bits) - 1;
  const counts = new Map<number, number>();
  const add = (feature: string, times = 1) => {
    const bucket = hash(feature) & mask;
    counts.set(bucket, (counts.get(bucket) ?? 0) + times);
  };
  // Code points, not UTF-16 units, so an n-gram never splits a character.
  const addGrams = (word: string) => {
    const chars = Array.from(`<${word}>`);
    for (let i = 0; i < chars.length; i++) {
      let gram = '';
      for (let n = 1; n <= options.maxGram && i + n <= chars.length; n++) {
        gram += chars[i + n - 1];
        if (n >= options.minGram) add(gram);
      }
    }
  };
  const tokens = words(text);
  if (lexicon) {
    const concepts = [...conceptsIn(tokens, lexicon, options.phraseStems)].sort();
    for (const concept of concepts) add(`c ${concept}`, options.conceptWeight ?? CONCEPT_WEIGHT);
    if (options.conceptPairs) {
      for (let i = 0; i < concepts.length; i++) for (let j = i + 1; j < concepts.length; j++) add(`p ${concepts[i]} ${concepts[j]}`, options.pairWeight ?? PAIR_WEIGHT);
    }
  }
  for (let t = 0; t < tokens.length; t++) {
    const word = tokens[t];
    add(`w ${word}`);
    if (options.bigrams && t > 0) add(`b ${tokens[t - 1]} ${word}`);
    if (options.maxGram === 0) continue;
    addGrams(word);
    if (options.scripts && word.charCodeAt(0) >= 0x0900) {
      const devanagari = toDevanagari(word);
      if (devanagari) addGrams(devanagari);
      const latin = toLatin(devanagari ?? word);
      if (latin) addGrams(latin);
    }
  }
  const index = new Uint32Array(counts.size);
  const value = new Float32Array(counts.size);
  let norm = 0;
  let i = 0;
  for (const [bucket, count] of counts) {
    // Sublinear term frequency: a word said five times is not five times the evidence.
    const weight = 1 + Math.log(count);
    index[i] = bucket;
    value[i] = weight;
    norm += weight * weight;
    i++;
  }
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < value.length; j++) value[j] /= norm;
  return { index, value };
}
