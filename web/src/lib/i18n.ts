import { isLanguage, type Language, RTL_LANGUAGES } from '@railmadad/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { byLanguage, mergeBundles, type Tree } from '../locales/merge';

/**
 * Each language's words come in two parts: `common.json` (the shell, sign-in, errors: what the login page needs) and
 * the screens' files. English common is in the bundle; everything else loads on demand, so the login page carries
 * no screen's words and a passenger downloads only their own language.
 */
const enCommon = byLanguage(import.meta.glob<Tree>('../locales/en/common.json', { eager: true, import: 'default' })).en;
const commonParts = byLanguage(import.meta.glob<Tree>(['../locales/*/common.json', '!../locales/en/common.json'], { import: 'default' }));
const screenParts = byLanguage(import.meta.glob<Tree>('../locales/*/screens.ts', { import: 'default' }));

export { isLanguage };

/** The first of the browser's preferred languages we have (`ta-IN` → `ta`), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const base = tag.split('-')[0].toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The language chosen on this device before, or on a first visit the browser's. The account's choice wins later. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem('language');
    if (isLanguage(value)) return value;
  } catch {
    // storage may be blocked; the browser's preference then
  }
  return browserLanguage();
}

/** Right-to-left by our own list: i18next's `dir()` calls Sindhi left-to-right. */
export const isRtl = (language: string) => RTL_LANGUAGES.includes(language as Language);

const loaded = new Set<string>(['en:common']);
let screensWanted = false;

async function loadPart(language: Language, part: 'common' | 'screens') {
  const key = `${language}:${part}`;
  const loaders = (part === 'common' ? commonParts : screenParts)[language];
  if (loaded.has(key) || !loaders) return;
  const bundle = mergeBundles(await Promise.all(loaders.map((load) => load())));
  i18n.addResourceBundle(language, 'translation', bundle, true, true);
  loaded.add(key);
}

async function loadLanguage(language: Language) {
  await loadPart(language, 'common');
  // Every language has every key (web/src/locales/locales.test.ts): no English behind a language's screens.
  if (screensWanted) await loadPart(language, 'screens');
}

/**
 * The screens' words, in the language on screen; a route that shows more than the shell
 * awaits this before it renders (web/src/app/router.tsx), and later language changes bring theirs along.
 */
export async function loadScreenStrings() {
  screensWanted = true;
  // The router starts loading the first route while i18next is still being set up.
  await initialized;
  await loadLanguage(isLanguage(i18n.language) ? i18n.language : 'en');
}

let markInitialized: () => void;
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

export async function setLanguage(language: Language) {
  await loadLanguage(language);
  // The server writes its SMS and e-mails to someone not yet signed up (a sign-up code, say) in this language, and
  // the solution library's wording; set before the change, so the queries it sets off already carry it.
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not on every phone
  document.cookie = `lang=${language}; path=/; max-age=31536000; SameSite=Lax`;
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  try {
    localStorage.setItem('language', language);
  } catch {
    // not fatal
  }
}

const CHOSEN_SIGNED_OUT = 'languageChosenSignedOut';

/** A language picked on the login page is the newest wish: the account adopts it at sign-in instead of overriding it. */
export function noteSignedOutChoice() {
  try {
    sessionStorage.setItem(CHOSEN_SIGNED_OUT, '1');
  } catch {
    // the account's language will apply
  }
}

/** Whether a language was picked while signed out (once: the note is cleared). */
export function takeSignedOutChoice(): boolean {
  try {
    const chosen = sessionStorage.getItem(CHOSEN_SIGNED_OUT) === '1';
    sessionStorage.removeItem(CHOSEN_SIGNED_OUT);
    return chosen;
  } catch {
    return false;
  }
}

/** Sets i18next up in the stored language; `screens` also loads every screen's words (for tests of one screen). */
export async function initI18n({ screens = false } = {}) {
  const language = storedLanguage();
  screensWanted ||= screens;
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: mergeBundles(enCommon) } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLanguage(language);
  markInitialized();
  return i18n;
}

export { i18n };
