import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLAINT_TYPES, type ComplaintType, SEVERITIES, type Severity } from '@railmadad/contract';
import { evaluate, metricsOf } from './evaluate';
import { type Example, type Model, train } from './model';
import { type Lexicon, normalize } from './text';
import { serverPath } from '../paths';

/** The committed corpus: one JSONL file per complaint type (see corpus/GUIDE.md). */
export const CORPUS_DIR = serverPath('classifier/corpus');

export type CorpusExample = Example & { lang: string };

export class CorpusError extends Error {}

/** One labelled line, checked: `{"text", "label", "lang"?, "emergency"?, "severity"?}`. */
export function parseExample(line: string, where: string): CorpusExample {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new CorpusError(`${where}: not JSON`);
  }
  const { text, label, lang, emergency, severity } = raw;
  if (typeof text !== 'string' || !text.trim()) throw new CorpusError(`${where}: "text" must be a non-empty string`);
  if (!COMPLAINT_TYPES.includes(label as ComplaintType)) {
    throw new CorpusError(`${where}: "label" must be one of ${COMPLAINT_TYPES.join(', ')}`);
  }
  return {
    text,
    label: label as ComplaintType,
    lang: typeof lang === 'string' ? lang : 'unknown',
    emergency: emergency === true,
    severity: SEVERITIES.includes(severity as Severity) ? (severity as Severity) : 'medium',
  };
}

export function parseJsonl(content: string, name: string): CorpusExample[] {
  return content
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line)
    .map(([line, n]) => parseExample(line, `${name}:${n}`));
}

export function loadCorpus(dir = CORPUS_DIR): CorpusExample[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => parseJsonl(readFileSync(join(dir, f), 'utf8'), f));
}

/**
 * The fixed split: an example is held back for testing when the hash of its normalised text
 * falls in the last fifth. It never changes when lines are added or reordered, and the same
 * sentence can never be in both halves.
 */
export function isHeldBack(text: string): boolean {
  let h = 0x811c9dc5;
  const key = normalize(text).trim();
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 5 === 0;
}

export function splitCorpus<T extends { text: string }>(examples: T[]): { train: T[]; test: T[] } {
  const train: T[] = [];
  const test: T[] = [];
  for (const e of examples) (isHeldBack(e.text) ? test : train).push(e);
  return { train, test };
}

/** The committed concept lexicon: every lexicon/*.json merged (a concept in two files gets both term lists). */
export const LEXICON_DIR = serverPath('classifier/lexicon');

export function loadLexicon(dir = LEXICON_DIR): Lexicon {
  const lexicon: Lexicon = {};
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return lexicon;
  }
  for (const f of files) {
    const part = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Lexicon;
    for (const [concept, terms] of Object.entries(part)) lexicon[concept] = [...(lexicon[concept] ?? []), ...terms];
  }
  return lexicon;
}

/** The first model of a new database: the corpus's training split and the lexicon, scored on the held-back split. */
export async function trainFromCorpus(options: { signal?: AbortSignal } = {}): Promise<Model> {
  const { train: examples, test } = splitCorpus(loadCorpus());
  const model = await train(examples, 'v1', { lexicon: loadLexicon(), signal: options.signal });
  model.meta.metrics = metricsOf(evaluate(model, test));
  return model;
}
