import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLAINT_TYPES, LANGUAGES, type Language } from '@railmadad/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { appSetting, solution } from '../../db/schema';
import { serverPath } from '../../paths';

/**
 * The library a new installation starts with (server/solutions/en.json): the standard first
 * responses of on-board and station staff for the complaints passengers file most, across all 16
 * types, with their wording in every language (server/solutions/<language>.json). Admins edit
 * and retire them like any other solution; an edit drops the translations, which no longer say
 * the same thing.
 */
export const STARTER_DIR = serverPath('solutions/');

const starterSchema = z.object({
  id: z.string().regex(/^starter-\d+$/),
  type: z.enum(COMPLAINT_TYPES),
  expectedMinutes: z.number().int().positive(),
  problem: z.string().min(1),
  steps: z.array(z.string().min(1)).min(1),
});
const wordingSchema = z.object({ id: z.string(), problem: z.string().min(1), steps: z.array(z.string().min(1)).min(1) });

export type StarterSolution = z.infer<typeof starterSchema>;
export type SolutionWording = { problem: string; steps: string[] };
/** A solution's problem and steps in other languages than the one it was written in. */
export type SolutionTranslations = Partial<Record<Language, SolutionWording>>;

/** The shipped files, by language: English first, then each translation. */
function starterFiles(dir: string): [Language, string][] {
  const languages = readdirSync(dir)
    .map((name) => name.replace(/\.json$/, '') as Language)
    .filter((language) => language !== 'en' && LANGUAGES.includes(language))
    .sort();
  return (['en', ...languages] as Language[]).map((language) => [language, readFileSync(join(dir, `${language}.json`), 'utf8')]);
}

function parseStarterFiles(files: [Language, string][]) {
  const [[, en], ...others] = files;
  const starters = z.array(starterSchema).parse(JSON.parse(en));
  const translations = new Map<string, SolutionTranslations>(starters.map((s) => [s.id, {}]));
  for (const [language, text] of others) {
    for (const w of z.array(wordingSchema).parse(JSON.parse(text))) {
      const own = translations.get(w.id);
      if (own) own[language] = { problem: w.problem, steps: w.steps };
    }
  }
  return { starters, translations };
}

export function loadStarterSolutions(dir = STARTER_DIR): { starters: StarterSolution[]; translations: Map<string, SolutionTranslations> } {
  return parseStarterFiles(starterFiles(dir));
}

/** Which shipped library this database last took its starter solutions' translations from. */
const SHIPPED_KEY = 'starter-solutions-shipped';

/** Compared field by field: the database gives jsonb keys back in its own order. */
function sameTranslations(a: SolutionTranslations, b: SolutionTranslations): boolean {
  const languages = Object.keys(b) as Language[];
  if (Object.keys(a).length !== languages.length) return false;
  return languages.every((l) => a[l]?.problem === b[l]?.problem && JSON.stringify(a[l]?.steps) === JSON.stringify(b[l]?.steps));
}

/**
 * Loads the starter library when the table is empty (a new installation), and gives starter
 * solutions that are still as shipped the translations added since. Quick when there is nothing
 * to do (the files as they were at the last start): two indexed look-ups, no parsing. The fixed
 * ids make two nodes starting together insert it only once.
 */
export async function ensureStarterSolutions(db: Db): Promise<number> {
  const files = starterFiles(STARTER_DIR);
  const shippedHash = createHash('sha256')
    .update(files.map(([language, text]) => `${language}\n${text}`).join('\n'))
    .digest('hex');
  const remember = () =>
    db
      .insert(appSetting)
      .values({ key: SHIPPED_KEY, value: shippedHash })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: shippedHash, updatedAt: new Date() } });
  const [any] = await db.select({ one: sql<number>`1` }).from(solution).limit(1);
  if (!any) {
    const { starters, translations } = parseStarterFiles(files);
    const rows = starters.map((s) => ({ id: s.id, problem: s.problem, steps: s.steps, type: s.type, expectedMinutes: s.expectedMinutes, translations: translations.get(s.id) ?? {} }));
    const inserted = await db.insert(solution).values(rows).onConflictDoNothing({ target: solution.id }).returning({ id: solution.id });
    await remember();
    return inserted.length;
  }
  const [seen] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, SHIPPED_KEY));
  if (seen?.value === shippedHash) return 0;
  const { starters, translations } = parseStarterFiles(files);
  const shipped = new Map(starters.map((s) => [s.id, s]));
  const present = await db
    .select({ id: solution.id, problem: solution.problem, steps: solution.steps, translations: solution.translations })
    .from(solution)
    .where(like(solution.id, 'starter-%'));
  for (const row of present) {
    const s = shipped.get(row.id);
    const wanted = translations.get(row.id) ?? {};
    const unchanged = s && s.problem === row.problem && JSON.stringify(s.steps) === JSON.stringify(row.steps);
    if (!unchanged || sameTranslations(row.translations, wanted)) continue;
    await db
      .update(solution)
      .set({ translations: wanted })
      .where(and(eq(solution.id, row.id), eq(solution.problem, row.problem)));
  }
  await remember();
  return 0;
}
