import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileHints } from './compile-hints';
import { inlineHeadScript } from './inline-head-script';
import { precompress } from './precompress';
import { serviceWorker } from './sw-plugin';

/**
 * Each language's words in two files (web/src/lib/i18n.ts): `locale-ta-common` is its common.json, `locale-ta-screens` the
 * rest (its screens.ts). Named so the service worker can leave them out of the install and the page's head script can
 * fetch them early; each is the chunk of the module loaded, not a re-export of it, so loading one is one request.
 */
function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const [, lang, file] = /[\\/]locales[\\/]([a-z]{2})[\\/](common\.json|screens\.ts)$/.exec(chunk.facadeModuleId ?? '') ?? [];
  if (!lang) return 'assets/[name]-[hash].js';
  return `assets/locale-${lang}-${file === 'screens.ts' ? 'screens' : 'common'}-[hash].js`;
}

const SHELL =
  /web[\\/]src[\\/](components[\\/]ui[\\/](banner|button|field|icons)|lib[\\/](api|session)|app[\\/](navigation|layout[\\/](language-switch|text-size))|features[\\/]auth[\\/](api|password-field))\.tsx?$|contract[\\/]src[\\/](enums|phone|limits)\.ts$/;

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/react-on-preact.js', import.meta.url)) },
    ],
  },
  plugins: [react(), tailwindcss(), inlineHeadScript(), compileHints(/^(framework|shell|index|app-layout|home-page|complaint-queue|guards|format|time|socket|esm|login-page|auth-frame|rolldown-runtime|theme)$/), serviceWorker(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            // The framework every page needs, in one file: on HTTP/1.1 a phone opens six connections at most,
            // and a dozen small files queue behind each other on a slow line.
            // The small pieces the login page and the app's frame share (buttons, fields, the language and text-size
            // controls, the API client), in one file for the same reason. Each of them is free of zod and sockets.
            { name: 'shell', test: SHELL, priority: 5 },
            { name: 'framework', test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    environment: 'happy-dom',
    // Libraries written for React go through the same aliases as the app, so tests render with what ships.
    // (its CommonJS entry would `require` React itself, past the aliases).
    alias: { '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js' },
    server: { deps: { inline: ['@testing-library/react', '@tanstack/react-query', 'react-router', 'react-i18next'] } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
