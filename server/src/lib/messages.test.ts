import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { createMessages, LOCALES_DIR, languageFromCookie } from './messages';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const read = (file: string) => new Map(leaves(JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')) as Tree));
const placeholders = (text: string) => [...(text.match(/\{\{\s*\w+\s*\}\}/g) ?? [])].sort();

const en = read('en.json');
const files = readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json') && f !== 'en.json');

describe('server/locales', () => {
  it('has a file for every language of the portal, and no other', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
  });

  it.each(files)('%s has the keys and placeholders of English, every value translated', (file) => {
    const own = read(file);
    const problems: string[] = [];
    for (const key of en.keys()) if (!own.has(key)) problems.push(`missing ${key}`);
    for (const [key, value] of own) {
      const english = en.get(key);
      if (english === undefined) problems.push(`extra ${key}`);
      else if (placeholders(english).join() !== placeholders(value).join()) problems.push(`${key}: placeholders ${placeholders(value)} ≠ ${placeholders(english)}`);
      else if (value === english || !value.trim()) problems.push(`${key}: not translated`);
    }
    expect(problems).toEqual([]);
  });
});

describe('createMessages', () => {
  const messages = createMessages();

  it('fills placeholders in the language asked for', () => {
    expect(messages.text('hi', 'notice.filed.subject', { reference: 'CMP100001' })).toBe('शिकायत CMP100001 दर्ज हो गई');
    expect(messages.text('en', 'notice.filed.subject', { reference: 'CMP100001' })).toBe('Complaint CMP100001 registered');
  });

  it('writes an e-mail as greeting, body, link, what follows and signature', () => {
    const mail = messages.mail('en', 'verifyEmail', { name: 'Asha', url: 'https://x.test/v' });
    expect(mail.text.split('\n\n')).toEqual([
      'Namaste Asha,',
      messages.text('en', 'mail.verifyEmail.body'),
      'https://x.test/v',
      messages.text('en', 'mail.verifyEmail.after'),
      'Rail Madad · Helpline 139',
    ]);
  });

  it('refuses a key that does not exist rather than sending it', () => {
    expect(() => messages.text('en', 'notice.nothing.text')).toThrow(/Unknown message/);
  });

  it('reads the screen language from the lang cookie, and nothing else', () => {
    expect(languageFromCookie('a=1; lang=ta; b=2')).toBe('ta');
    expect(languageFromCookie('lang=xx')).toBeNull();
    expect(languageFromCookie('slang=ta')).toBeNull();
    expect(languageFromCookie(undefined)).toBeNull();
  });
});
