import { isLanguage, type Language, LANGUAGES, RTL_LANGUAGES } from '@railmadad/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { byLanguage, mergeBundles, type Tree } from '../locales/merge';
import { loadFont } from './fonts';

// English is in the bundle; every other language loads on demand, so a passenger downloads only their own.
const en = mergeBundles(byLanguage(import.meta.glob<Tree>('../locales/en/*.json', { eager: true, import: 'default' })).en);
const loaders = byLanguage(import.meta.glob<Tree>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' }));

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

/** Languages that have a translation file; the others fall back to English. */
export const AVAILABLE_LANGUAGES: Language[] = LANGUAGES.filter((l) => l === 'en' || l in loaders);

/** Right-to-left by our own list: i18next's `dir()` calls Sindhi left-to-right. */
export const isRtl = (language: string) => RTL_LANGUAGES.includes(language as Language);

async function loadLanguage(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const parts = loaders[language];
  if (!parts) return;
  const bundle = mergeBundles(await Promise.all(parts.map((load) => load())));
  i18n.addResourceBundle(language, 'translation', bundle, true, true);
}

export async function setLanguage(language: Language) {
  await Promise.all([loadLanguage(language), loadFont(language)]);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  try {
    localStorage.setItem('language', language);
  } catch {
    // not fatal
  }
  // The server writes its SMS and e-mails to someone not yet signed up (a sign-up code, say) in this language.
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not on every phone
  document.cookie = `lang=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

export async function initI18n() {
  const language = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== 'en') await setLanguage(language);
  return i18n;
}

export { i18n };
