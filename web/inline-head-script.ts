import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Each language's font: its @fontsource package and the script's subset (web/src/lib/fonts.ts loads the same). */
const FONTS: Record<string, string> = {
  hi: 'noto-sans-devanagari/devanagari',
  mr: 'noto-sans-devanagari/devanagari',
  sa: 'noto-sans-devanagari/devanagari',
  ne: 'noto-sans-devanagari/devanagari',
  bn: 'noto-sans-bengali/bengali',
  as: 'noto-sans-bengali/bengali',
  ta: 'noto-sans-tamil/tamil',
  te: 'noto-sans-telugu/telugu',
  gu: 'noto-sans-gujarati/gujarati',
  kn: 'noto-sans-kannada/kannada',
  ml: 'noto-sans-malayalam/malayalam',
  pa: 'noto-sans-gurmukhi/gurmukhi',
  or: 'noto-sans-oriya/oriya',
  ur: 'noto-nastaliq-urdu/arabic',
  sd: 'noto-naskh-arabic/arabic',
};

/** The first screen of a signed-in visit: the app's frame on every path but these, and the page itself on `/`. */
const SIGNED_OUT_PATHS = ['/login', '/track'];
const FRAME = 'src/app/layout/app-layout.tsx';
const PAGES: Record<string, string> = { '/': 'src/features/home/home-page.tsx' };

type Chunk = { fileName: string; name: string; facadeModuleId: string | null; imports: string[]; isEntry: boolean };

/** A chunk's file and every file it imports, less what the page loads anyway (the entry and its imports). */
function withImports(chunks: Chunk[], module: string): string[] {
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!chunk) throw new Error(`the build has no chunk for ${module}`);
  const entry = chunks.find((c) => c.isEntry);
  const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const out = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || out.has(file)) return;
    out.add(file);
    for (const next of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(next);
  };
  visit(chunk.fileName);
  return [...out].map((f) => `/${f}`);
}

/**
 * Puts public/theme-init.js (theme, language, text size and direction before first paint) into
 * the built index.html instead of a request of its own: on a slow line a blocking script costs a
 * round trip before anything is painted. The server allows exactly this script by its hash
 * (server/src/security.ts); the dev server keeps loading the file.
 *
 * The script is also told each language's first files (its common words, its font's rules) and, for
 * someone signed in on this device before, the files of the app's first screen, so it can fetch
 * them at once, beside the app rather than after it has started.
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
        const files = Object.values(ctx.bundle ?? {}).map((f) => f.fileName);
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((f) => (f.type === 'chunk' ? [f as Chunk] : []));
        /** The one built file whose name is `assets/<start><hash>.<ext>`. */
        const built = (start: string, ext: string) => {
          const found = files.filter((f) => f.startsWith(`assets/${start}`) && /^[\w-]+$/.test(f.slice(`assets/${start}`.length, -ext.length - 1)) && f.endsWith(`.${ext}`));
          if (found.length !== 1) throw new Error(`the build has ${found.length} files for ${start}*.${ext}`);
          return `/${found[0]}`;
        };
        const screensOf = (lang: string) => built(`locale-${lang}-screens-`, 'js');
        // Per language: its common words and its font's rules (the font file itself loads once text needs it, after the
        // app's own files), and (signed in) its screens' words.
        const early: Record<string, { words: string[]; screens: string[] }> = { en: { words: [], screens: [screensOf('en')] } };
        for (const [lang, font] of Object.entries(FONTS)) {
          const faces = [`@fontsource/${font}-400.css`, `@fontsource/${font}-700.css`].map((module) => {
            const css = Object.values(ctx.bundle ?? {}).filter((f) => f.type === 'asset' && f.originalFileNames.some((o) => o.endsWith(module)));
            if (css.length !== 1) throw new Error(`the build has no stylesheet for ${module}`);
            return `/${css[0].fileName}`;
          });
          early[lang] = { words: [built(`locale-${lang}-common-`, 'js'), ...faces], screens: [screensOf(lang)] };
        }
        const app = {
          signedOut: SIGNED_OUT_PATHS,
          frame: withImports(chunks, FRAME),
          pages: Object.fromEntries(Object.entries(PAGES).map(([path, module]) => [path, withImports(chunks, module)])),
        };
        const code = readFileSync(resolve(publicDir, 'theme-init.js'), 'utf8').trim();
        return html.replace(tag, `<script data-early='${JSON.stringify({ languages: early, app })}'>${code}</script>`);
      },
    },
  };
}
