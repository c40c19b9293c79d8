import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@railmadad/contract';
import { ASSISTANT_LANGUAGES, type AssistantLanguage } from '@railmadad/contract';
import MiniSearch from 'minisearch';
import { z } from 'zod';
import { normalize } from './text';
import { serverPath } from '../../paths';

/**
 * The knowledge base (server/assistant/knowledge/<language>.json): what the assistant may say
 * about the service, searched with MiniSearch, which splits on spaces and punctuation and so
 * finds words in every Indian script. Numbers that are configuration or constants are
 * placeholders filled in when an entry is read, so an answer never states a stale figure.
 */
export const ASSISTANT_DIR = serverPath('assistant/');

const entrySchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  questions: z.array(z.string()),
  answer: z.string().min(1),
});
export type KnowledgeEntry = z.infer<typeof entrySchema>;
/** `coverage`: the share of the question's words the entry matched (a single common word matching is not an answer). */
export type Passage = { id: string; title: string; answer: string; score: number; coverage: number };

/** Values the answers' `{{placeholders}}` stand for: configured figures, then contract constants. */
export type Facts = Record<string, string | number>;

/** `{{NAME}}`, or `{{NAME|mb}}` / `{{NAME|minutes}}` for a constant kept in bytes or seconds (the unit word follows in the text). */
const PLACEHOLDER = /\{\{\s*([\w.]+)(?:\|(mb|minutes))?\s*\}\}/g;
const UNITS = { mb: 1024 * 1024, minutes: 60 } as const;

export function fill(template: string, facts: Facts): string {
  return template.replace(PLACEHOLDER, (whole, name: string, unit?: keyof typeof UNITS) => {
    const value = name in facts ? facts[name] : (contract as Record<string, unknown>)[name];
    if (typeof value === 'number') return String(unit ? Math.round((value / UNITS[unit]) * 10) / 10 : value);
    return typeof value === 'string' ? value : whole;
  });
}

/** The placeholders a text uses that neither the facts nor the contract's constants can fill. */
export function unfilled(template: string, facts: Facts): string[] {
  return [...fill(template, facts).matchAll(PLACEHOLDER)].map((m) => m[1]);
}

export function loadKnowledge(dir = join(ASSISTANT_DIR, 'knowledge')): Map<AssistantLanguage, KnowledgeEntry[]> {
  const out = new Map<AssistantLanguage, KnowledgeEntry[]>();
  for (const name of readdirSync(dir)) {
    const language = name.replace(/\.json$/, '') as AssistantLanguage;
    if (!name.endsWith('.json') || !ASSISTANT_LANGUAGES.includes(language)) continue;
    out.set(language, z.array(entrySchema).parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))));
  }
  return out;
}

/** Languages to look in, best first: the passenger's, then the ones people mix with it. */
const LOOK_IN: Record<AssistantLanguage, AssistantLanguage[]> = {
  en: ['en', 'hi-Latn'],
  hi: ['hi', 'mr'],
  'hi-Latn': ['hi-Latn', 'en'],
  bn: ['bn'],
  ta: ['ta'],
  te: ['te'],
  mr: ['mr', 'hi'],
  gu: ['gu'],
  kn: ['kn'],
  ml: ['ml'],
  pa: ['pa'],
  ur: ['ur', 'sd'],
  as: ['as', 'bn'],
  or: ['or'],
  sa: ['sa', 'hi'],
  ne: ['ne', 'hi'],
  sd: ['sd', 'ur'],
};

/** Everyday words that say nothing about the topic: searching on them only adds noise. */
const STOP = new Set(
  (
    'a an the is are was be i me my it this that of in on to for and or with please ' +
    'hai ka ki ke ko se me mein mera meri main mujhe ' +
    'है का की के को से में मेरा मेरी मैं मुझे ' +
    // Punjabi, Gujarati, Urdu, Sindhi, Nepali, Odia, Assamese: the same little words.
    'ਹੈ ਹਨ ਸੀ ਦਾ ਦੀ ਦੇ ਦੀਆਂ ਨੂੰ ਤੋਂ ਵਿੱਚ ਤੇ ਅਤੇ ਨਾਲ ਮੇਰਾ ਮੇਰੀ ਮੇਰੇ ਮੈਂ ਮੈਨੂੰ ਜੀ ਹਾਂ ਨੇ ਏ ਆ ਰਿਹਾ ਰਹੀ ਰਹੇ ਵਾਲਾ ਵਾਲੀ ਵਾਲੇ ਵੀ ਕਿ ਜਾਂ ' +
    'છે મારી મારો મારું મારા મને હું કે ને નો ની નું નાં માં થી અને પણ ' +
    'ہے ہیں کا کی کے کو سے میں میرا میری میرے مجھے اور بھی ' +
    'آهي آهن منهنجو منهنجي مون ۾ جو جي جا کي ۽ به ' +
    'छ छन् मेरो मेरा मलाई म र पनि ' +
    'ମୋ ମୋର ମୁଁ ମତେ ଓ ଏବଂ ଅଛି ' +
    'মোৰ মই মোক আৰু আছে'
  ).split(' '),
);

type Doc = { key: string; id: string; language: AssistantLanguage; title: string; questions: string; answer: string };

export type KnowledgeBase = {
  /** Passages for a question, best first, in the question's language or the closest we have. */
  search(text: string, language: AssistantLanguage, limit?: number): { language: AssistantLanguage; passages: Passage[] };
  /** One entry by id in a language (English when that language lacks it). */
  entry(id: string, language: AssistantLanguage): (KnowledgeEntry & { language: AssistantLanguage }) | undefined;
  languages: AssistantLanguage[];
};

export function createKnowledgeBase(entries: Map<AssistantLanguage, KnowledgeEntry[]>, facts: Facts): KnowledgeBase {
  const processTerm = (term: string) => {
    const t = normalize(term);
    return STOP.has(t) || t.length < 2 ? null : t;
  };
  const index = new MiniSearch<Doc>({
    idField: 'key',
    fields: ['title', 'questions', 'answer'],
    storeFields: ['id', 'language', 'title', 'answer'],
    processTerm,
    searchOptions: {
      boost: { questions: 3, title: 2, answer: 0.5 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (/^[a-z]+$/.test(term) && term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  for (const [language, list] of entries) {
    index.addAll(list.map((e) => ({ key: `${language}:${e.id}`, id: e.id, language, title: e.title, questions: e.questions.join('\n'), answer: e.answer })));
  }
  const byKey = new Map<string, KnowledgeEntry & { language: AssistantLanguage }>([...entries].flatMap(([language, list]) => list.map((e) => [`${language}:${e.id}`, { ...e, language }] as const)));

  return {
    languages: [...entries.keys()],
    search(text, language, limit = 3) {
      const look = LOOK_IN[language].filter((l) => entries.has(l));
      const pool = look.length > 0 ? look : (['en'] as AssistantLanguage[]);
      const hits = index.search(text, { filter: (r) => pool.includes(r.language as AssistantLanguage) });
      const asked = new Set((MiniSearch.getDefault('tokenize') as (t: string) => string[])(text).map(processTerm).filter((t): t is string => Boolean(t)));
      // Answer in the passenger's language when the best topic exists in it.
      const seen = new Set<string>();
      const passages: Passage[] = [];
      let answerLanguage = pool[0];
      for (const hit of hits) {
        if (seen.has(hit.id)) continue;
        seen.add(hit.id);
        const chosen = byKey.get(`${pool[0]}:${hit.id}`) ?? byKey.get(`${hit.language}:${hit.id}`);
        if (!chosen) continue;
        if (passages.length === 0) answerLanguage = chosen.language;
        const coverage = asked.size ? new Set(hit.queryTerms).size / asked.size : 0;
        passages.push({ id: chosen.id, title: fill(chosen.title, facts), answer: fill(chosen.answer, facts), score: hit.score, coverage });
        if (passages.length >= limit) break;
      }
      return { language: answerLanguage, passages };
    },
    entry(id, language) {
      return byKey.get(`${language}:${id}`) ?? byKey.get(`en:${id}`);
    },
  };
}
