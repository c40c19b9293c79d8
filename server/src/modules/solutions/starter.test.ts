import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { loadStarterSolutions, STARTER_DIR } from './seed-solutions';

describe('the starter solution library', () => {
  const { starters, translations } = loadStarterSolutions();

  it('is written in every language, entry for entry and step for step', () => {
    const files = readdirSync(STARTER_DIR).filter((n) => n.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    for (const name of files.filter((n) => n !== 'en.json')) {
      const own = JSON.parse(readFileSync(join(STARTER_DIR, name), 'utf8')) as { id: string; problem: string; steps: string[] }[];
      expect(own.map((w) => w.id), name).toEqual(starters.map((s) => s.id));
      for (const [i, s] of starters.entries()) {
        expect(own[i].steps.length, `${name}:${s.id}`).toBe(s.steps.length);
        // Not left in English: a translated step may share names (TTE, PNR), never the whole sentence.
        expect(own[i].problem, `${name}:${s.id}`).not.toBe(s.problem);
        for (const [j, step] of own[i].steps.entries()) expect(step, `${name}:${s.id}:${j + 1}`).not.toBe(s.steps[j]);
      }
    }
    for (const s of starters) expect(Object.keys(translations.get(s.id) ?? {}).length).toBe(files.length - 1);
  });
});
