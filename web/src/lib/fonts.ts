import type { Language } from '@railmadad/contract';

/**
 * Noto fonts for the Indian scripts, so a phone without them still shows the words instead of boxes. Only the
 * language in use loads its font, and only the script's own subset (its `@font-face` covers just that script's
 * letters; Latin text keeps the system font), in the two weights the screens use (400 and 700; 500 and 600 take
 * the nearest). Urdu is set in Nastaliq as its readers expect; Sindhi needs letters only Naskh covers.
 */
const FONTS: Partial<Record<Language, () => Promise<unknown>>> = {
  hi: devanagari,
  mr: devanagari,
  sa: devanagari,
  ne: devanagari,
  bn: () => Promise.all([import('@fontsource/noto-sans-bengali/bengali-400.css'), import('@fontsource/noto-sans-bengali/bengali-700.css')]),
  as: () => Promise.all([import('@fontsource/noto-sans-bengali/bengali-400.css'), import('@fontsource/noto-sans-bengali/bengali-700.css')]),
  ta: () => Promise.all([import('@fontsource/noto-sans-tamil/tamil-400.css'), import('@fontsource/noto-sans-tamil/tamil-700.css')]),
  te: () => Promise.all([import('@fontsource/noto-sans-telugu/telugu-400.css'), import('@fontsource/noto-sans-telugu/telugu-700.css')]),
  gu: () => Promise.all([import('@fontsource/noto-sans-gujarati/gujarati-400.css'), import('@fontsource/noto-sans-gujarati/gujarati-700.css')]),
  kn: () => Promise.all([import('@fontsource/noto-sans-kannada/kannada-400.css'), import('@fontsource/noto-sans-kannada/kannada-700.css')]),
  ml: () => Promise.all([import('@fontsource/noto-sans-malayalam/malayalam-400.css'), import('@fontsource/noto-sans-malayalam/malayalam-700.css')]),
  pa: () => Promise.all([import('@fontsource/noto-sans-gurmukhi/gurmukhi-400.css'), import('@fontsource/noto-sans-gurmukhi/gurmukhi-700.css')]),
  or: () => Promise.all([import('@fontsource/noto-sans-oriya/oriya-400.css'), import('@fontsource/noto-sans-oriya/oriya-700.css')]),
  ur: () => Promise.all([import('@fontsource/noto-nastaliq-urdu/arabic-400.css'), import('@fontsource/noto-nastaliq-urdu/arabic-700.css')]),
  sd: () => Promise.all([import('@fontsource/noto-naskh-arabic/arabic-400.css'), import('@fontsource/noto-naskh-arabic/arabic-700.css')]),
};

function devanagari() {
  return Promise.all([import('@fontsource/noto-sans-devanagari/devanagari-400.css'), import('@fontsource/noto-sans-devanagari/devanagari-700.css')]);
}

/** Adds the language's font faces (the files themselves download when a letter of the script is first drawn). */
export async function loadFont(language: Language): Promise<void> {
  try {
    await FONTS[language]?.();
  } catch {
    // Offline before the font's stylesheet was cached: the phone's own font, if it has one, is the next best.
  }
}
