import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';
import { serviceWorker } from './sw-plugin';

/**
 * Each language's words in two chunks (web/src/lib/i18n.ts): `locale-ta` is its common.json, `locale-ta-screens`
 * the rest. English common.json is in the main bundle.
 */
function localeChunk(id: string): string | null {
  const [, lang, file] = /\/locales\/([a-z]{2})\/([^/]+)\.json$/.exec(id) ?? [];
  if (!lang) return null;
  if (file !== 'common') return `locale-${lang}-screens`;
  return lang === 'en' ? null : `locale-${lang}`;
}

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk per language (all its feature files), named so the service worker can leave it out of the
          // install: a passenger downloads their own language when they choose it, not all sixteen.
          groups: [{ name: (id) => localeChunk(id) }],
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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
