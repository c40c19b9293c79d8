import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byLanguage, mergeBundles, type Tree } from './merge';

/**
 * The English bundle against the code that reads it: a key the code asks for must exist (or the screen shows the raw
 * key), and a key nothing reads is dead weight every language pays for. The code names keys in three ways: `t('a.b')`,
 * a template `t(`a.${x}.c`)` that may reach any key of that shape, and plain strings passed on to `t` later
 * (`label: 'nav.home'`); all three count as use.
 */
const en = mergeBundles(byLanguage(import.meta.glob<Tree>('./en/*.json', { eager: true, import: 'default' })).en);

const PLURAL = /_(zero|one|two|few|many|other)$/;
function paths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? paths(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
const keys = paths(en);
/** `a.b_one` and `a.b_other` are both read as `a.b`. */
const readAs = (key: string) => key.replace(PLURAL, '');
const defined = new Set(keys.map(readAs));

const SRC = join(__dirname, '..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const code = sources(SRC)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const called = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]);
const literals = new Set([...code.matchAll(/'([\w-]+(?:\.[\w-]+)+)'/g)].map((m) => m[1]));
const templates = [...code.matchAll(/`([\w.-]*\$\{[^`]*)`/g)]
  .map((m) => m[1])
  .filter((tpl) => /^[\w-]+\./.test(tpl))
  .map((tpl) => new RegExp(`^${tpl.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[\\w.-]+')}$`));

describe('the English keys and the code', () => {
  it('every key the code asks for by name exists', () => {
    expect(called.filter((key) => !defined.has(key))).toEqual([]);
  });

  it('every key is read somewhere', () => {
    const used = (key: string) => literals.has(key) || templates.some((re) => re.test(key));
    expect([...defined].filter((key) => !used(key))).toEqual([]);
  });
});
