import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The woff2 file (regular weight) each language's script is drawn with, by the start of its built name. */
const FONT_FILES: Record<string, string> = {
  hi: 'noto-sans-devanagari-devanagari-400',
  mr: 'noto-sans-devanagari-devanagari-400',
  sa: 'noto-sans-devanagari-devanagari-400',
  ne: 'noto-sans-devanagari-devanagari-400',
  bn: 'noto-sans-bengali-bengali-400',
  as: 'noto-sans-bengali-bengali-400',
  ta: 'noto-sans-tamil-tamil-400',
  te: 'noto-sans-telugu-telugu-400',
  gu: 'noto-sans-gujarati-gujarati-400',
  kn: 'noto-sans-kannada-kannada-400',
  ml: 'noto-sans-malayalam-malayalam-400',
  pa: 'noto-sans-gurmukhi-gurmukhi-400',
  or: 'noto-sans-oriya-oriya-400',
  ur: 'noto-nastaliq-urdu-arabic-400',
  sd: 'noto-naskh-arabic-arabic-400',
};

/**
 * Puts public/theme-init.js (theme, language, text size and direction before first paint) into
 * the built index.html instead of a request of its own: on a slow line a blocking script costs a
 * round trip before anything is painted. The server allows exactly this script by its hash
 * (server/src/security.ts); the dev server keeps loading the file.
 *
 * The script is also told each language's first files (its common words, its font), so it can
 * fetch them at once for the language it picks, beside the app rather than after it.
 */
export function inlineHeadScript(): Plugin {
  let publicDir = 'public';
  return {
    name: 'railmadad:inline-head-script',
    apply: 'build',
    configResolved(config) {
      publicDir = resolve(config.root, config.publicDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tag = '<script src="/theme-init.js"></script>';
        if (!html.includes(tag)) throw new Error(`index.html no longer loads ${tag}`);
        const files = Object.values(ctx.bundle ?? {}).map((f) => ({ name: f.type === 'chunk' ? f.name : '', file: f.fileName }));
        const early: Record<string, string[]> = {};
        for (const [lang, font] of Object.entries(FONT_FILES)) {
          const words = files.find((f) => f.name === `locale-${lang}`);
          const face = files.find((f) => f.file.startsWith(`assets/${font}-normal-`) && f.file.endsWith('.woff2'));
          if (!words || !face) throw new Error(`the build has no words or no font file for ${lang}`);
          early[lang] = [`/${words.file}`, `/${face.file}`];
        }
        const code = readFileSync(resolve(publicDir, 'theme-init.js'), 'utf8').trim();
        return html.replace(tag, `<script data-early='${JSON.stringify(early)}'>${code}</script>`);
      },
    },
  };
}
