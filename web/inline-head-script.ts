import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const LANGUAGES = ['hi', 'bn', 'te', 'ta', 'mr', 'gu', 'kn', 'ml', 'pa', 'ur', 'as', 'or', 'sa', 'ne', 'sd'];

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
 * The script is also told each language's first file (its common words) and, for
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
        // Per language: its common words and (signed in) its screens' words. Fonts need no early fetch: their faces are
        // in the main stylesheet (src/fonts.css), and a phone that has the font installed downloads nothing.
        const early: Record<string, { words: string[]; screens: string[] }> = { en: { words: [], screens: [screensOf('en')] } };
        for (const lang of LANGUAGES) early[lang] = { words: [built(`locale-${lang}-common-`, 'js')], screens: [screensOf(lang)] };
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
