import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguage, LANGUAGES, type Language } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userSettings } from '../db/schema';
import { serverPath } from '../paths';

/**
 * What the server itself says to people outside the screens: SMS and e-mail texts, in the recipient's language
 * (server/locales/<language>.json, English filling any gap). A key names a string; `{{name}}` is filled in.
 */
export const LOCALES_DIR = serverPath('locales/');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

function load(language: Language, dir: string): Map<string, string> {
  try {
    return flatten(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as Tree);
  } catch {
    return new Map(); // not translated yet: English
  }
}

export type Messages = ReturnType<typeof createMessages>;

export function createMessages(dir = LOCALES_DIR) {
  const books = new Map(LANGUAGES.map((language) => [language, load(language, dir)] as const));
  const en = books.get('en') as Map<string, string>;
  if (en.size === 0) throw new Error(`No English messages in ${dir}`);

  /** The text of `key` in `language`, with its `{{placeholders}}` filled. */
  function text(language: Language, key: string, params: Record<string, string | number> = {}): string {
    const template = books.get(language)?.get(key) ?? en.get(key);
    if (template === undefined) throw new Error(`Unknown message ${key}`);
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  }

  /** An e-mail in the usual shape: greeting, body, the link on its own line, what follows, signature. */
  function mail(language: Language, key: string, params: { name: string; url: string } & Record<string, string | number>) {
    const has = (k: string) => books.get(language)?.has(k) || en.has(k);
    const parts = [text(language, 'mail.greeting', params), text(language, `mail.${key}.body`, params), params.url];
    if (has(`mail.${key}.after`)) parts.push(text(language, `mail.${key}.after`, params));
    parts.push(text(language, 'mail.signature'));
    return { subject: text(language, `mail.${key}.subject`, params), text: parts.join('\n\n') };
  }

  return { text, mail, keys: () => [...en.keys()] };
}

/** The language a person chose in their settings; English for someone who never chose. */
export async function languageOf(db: Db, userId: string): Promise<Language> {
  const [row] = await db.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, userId));
  return isLanguage(row?.language) ? row.language : 'en';
}

/** The `lang` cookie the web app keeps with the language on screen (for people the server does not know yet). */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const value = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(value) ? value : null;
}
