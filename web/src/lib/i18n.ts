import { isLanguage, type Language, LANGUAGES, RTL_LANGUAGES } from '@railmadad/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { byLanguage, mergeBundles, type Tree } from '../locales/merge';

// English is in the bundle; every other language loads on demand, so a passenger downloads only their own.
const en = mergeBundles(byLanguage(import.meta.glob<Tree>('../locales/en/*.json', { eager: true, import: 'default' })).en);
const loaders = byLanguage(import.meta.glob<Tree>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' }));

export { isLanguage };

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem('language');
    if (isLanguage(value)) return value;
  } catch {
    // storage may be blocked; English then
  }
  return 'en';
}

/** Languages that have a translation file; the others fall back to English. */
export const AVAILABLE_LANGUAGES: Language[] = LANGUAGES.filter((l) => l === 'en' || l in loaders);

async function loadLanguage(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const parts = loaders[language];
  if (!parts) return;
  const bundle = mergeBundles(await Promise.all(parts.map((load) => load())));
  i18n.addResourceBundle(language, 'translation', bundle, true, true);
}

export async function setLanguage(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  try {
    localStorage.setItem('language', language);
  } catch {
    // not fatal
  }
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
