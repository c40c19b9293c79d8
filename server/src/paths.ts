import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (server/). Its data files (migrations, message texts, the classifier's corpus, the
 * assistant's knowledge, the starter solutions) sit beside src/ and dist/, and this file is one level below it both
 * when run from source (src/paths.ts) and from the production build (dist/*.js, see build.mjs).
 */
export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** A path below server/, e.g. `serverPath('drizzle')`. */
export const serverPath = (...parts: string[]) => [SERVER_DIR.replace(/\/$/, ''), ...parts].join('/');
