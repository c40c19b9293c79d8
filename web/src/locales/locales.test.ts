import { LANGUAGES } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { byLanguage, mergeBundles, type Tree } from './merge';

// Each language is a folder of feature files, merged into one bundle as the app does.
const languages = byLanguage(import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' }));

const en = mergeBundles(languages.en);
const locales = Object.entries(languages)
  .filter(([lang]) => lang !== 'en')
  .map(([lang, parts]) => [lang, mergeBundles(parts)] as const);

/**
 * Values that may legitimately read the same as in English: codes and abbreviations
 * passengers know in Latin letters. Keep this list short; anything else is untranslated.
 */
// '—' (empty table cell), '{{count}}/{{max}}' (character counter) and '{{name}} ({{role}})' hold no words to translate.
const SAME_AS_ENGLISH = new Set(['SMS', 'PNR', 'OTP', '+91XXXXXXXXXX', '—', '{{count}}/{{max}}', '{{name}} ({{role}})']);
const NUMBER_ONLY = /^\+?[\d\s]+$/;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf as 'a.b.c' → value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [p, v] of leaves(value as Tree, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (value: unknown) => new Set(typeof value === 'string' ? (value.match(/\{\{[^}]*\}\}/g) ?? []) : []);

const enLeaves = leaves(en);
/** Base paths that English writes as a plural family (it always has the `_other` form). */
const enFamilies = new Set(
  [...enLeaves.keys()].filter((p) => p.endsWith('_other')).map((p) => p.replace(PLURAL_SUFFIX, '')),
);
const familyOf = (path: string) => {
  const base = path.replace(PLURAL_SUFFIX, '');
  return base !== path && enFamilies.has(base) ? base : null;
};
/** The English key a translated key is checked against: a plural form English lacks (`_few`…) uses `_other`. */
const englishKeyFor = (path: string) => {
  const base = familyOf(path);
  return base === null || enLeaves.has(path) ? path : `${base}_other`;
};

describe('en.json', () => {
  it('has only non-empty strings', () => {
    const bad = [...enLeaves].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([p]) => p);
    expect(bad).toEqual([]);
  });

  it('has a translation next to it for every language of the portal', () => {
    expect(locales.map(([lang]) => lang).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
  });
});

describe.each(locales)('%s.json', (language, tree) => {
  const own = leaves(tree);

  it('has exactly the keys of en.json', () => {
    const enPlain = [...enLeaves.keys()].filter((p) => familyOf(p) === null);
    const ownPlain = [...own.keys()].filter((p) => familyOf(p) === null);
    const missing = enPlain.filter((p) => !own.has(p));
    const extra = ownPlain.filter((p) => !enLeaves.has(p));
    const missingPlurals = [...enFamilies].filter((base) => !own.has(`${base}_other`)).map((base) => `${base}_other`);
    expect({ missing: [...missing, ...missingPlurals], extra }).toEqual({ missing: [], extra: [] });
  });

  it('has no empty or non-string value', () => {
    const bad = [...own].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([p]) => p);
    expect(bad).toEqual([]);
  });

  it('keeps every {{placeholder}} of the English text, and adds none', () => {
    const problems: string[] = [];
    for (const [path, value] of own) {
      const english = enLeaves.get(englishKeyFor(path));
      if (english === undefined) continue; // reported by the key test
      const want = placeholders(english);
      const have = placeholders(value);
      // A singular form may name the one item instead of printing {{count}} ("one notification").
      if (familyOf(path) !== null && !path.endsWith('_other')) want.delete('{{count}}');
      for (const p of want) if (!have.has(p)) problems.push(`${path}: missing ${p}`);
      for (const p of have) if (!placeholders(english).has(p)) problems.push(`${path}: unknown ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it('writes each plural with exactly the forms the language has (CLDR, as i18next picks them)', () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    const forms = new Map<string, string[]>();
    for (const path of own.keys()) {
      const base = familyOf(path);
      if (base !== null) forms.set(base, [...(forms.get(base) ?? []), path.slice(base.length + 1)]);
    }
    const wrong = [...forms].filter(([, have]) => have.sort().join() !== categories.join()).map(([base, have]) => `${base}: ${have.join()} (needs ${categories.join()})`);
    expect(wrong).toEqual([]);
  });

  it('translates every value', () => {
    const untranslated = [...own]
      .filter(([path, value]) => {
        if (typeof value !== 'string' || value !== enLeaves.get(englishKeyFor(path))) return false;
        return !SAME_AS_ENGLISH.has(value) && !NUMBER_ONLY.test(value);
      })
      .map(([path]) => path);
    expect(untranslated).toEqual([]);
  });
});
