import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Built files the app needs to open with no signal: the page, its code and styles, and the small public files. */
const PRECACHE = /^(index\.html|assets\/.+\.(js|css|svg|png|webp)|logo\.svg|avatars\/.+\.svg|theme-init\.js|manifest\.webmanifest)$/;
/**
 * A language's words are cached when first used, not installed for all sixteen. So are the script fonts (woff2,
 * never precached): src/fonts.css names them, and a phone that has the font installed never fetches them.
 */
const ON_DEMAND = /^assets\/locale-(?!en-)[a-z]{2}-.+\.js$/;

/**
 * The service worker. Navigations try the network first and fall back to the cached page, so a
 * passenger on a train opens the app even with no signal; hashed assets never change, so they
 * come from the cache; the API and live sockets always go to the network.
 */
const worker = (version: string, files: string[]) => `// Written by web/sw-plugin.ts at build time. Version ${version}.
const VERSION = ${JSON.stringify(version)};
const CACHE = 'railmadad-' + VERSION;
const FILES = ${JSON.stringify(files)};
const PRECACHED = new Set(FILES);
// A weak signal that answers nothing for this long gets the cached page instead.
const NAVIGATION_TIMEOUT_MS = 4000;

// The last answer of /api/session, so the app opens on a train with no signal. It only decides
// what the screen shows offline: the server checks the session on every call it receives.
const SESSION_CACHE = 'session-railmadad';
async function session(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(SESSION_CACHE).then((cache) => cache.put('/api/session', copy));
    }
    return response;
  } catch (error) {
    const hit = await caches.match('/api/session', { cacheName: SESSION_CACHE });
    if (hit) return hit;
    throw error;
  }
}

/** Keeps the current answer now, so the very first offline start already has one. */
const rememberSession = () =>
  fetch('/api/session', { credentials: 'same-origin' })
    .then((response) => (response.ok ? caches.open(SESSION_CACHE).then((cache) => cache.put('/api/session', response)) : undefined))
    .catch(() => undefined);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('railmadad-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
      .then(rememberSession),
  );
});

const isLive = (path) => path.startsWith('/api/') || path === '/api' || path.startsWith('/socket.io');

async function page(request) {
  const cached = () => caches.match('/index.html', { cacheName: CACHE });
  try {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS));
    const response = await Promise.race([fetch(request), timeout]);
    return response;
  } catch (error) {
    const shell = await cached();
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const hit = await caches.match(request, { cacheName: CACHE });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname === '/api/session') {
    event.respondWith(session(request));
    return;
  }
  if (url.origin !== self.location.origin || isLive(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHED.has(url.pathname)) {
    event.respondWith(asset(request));
  }
});
`;

/**
 * Writes dist/sw.js after the build with the hashed names of this build's files, so a new
 * deployment installs a new worker and the old cache is dropped.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'railmadad:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      const publicFiles = new Map(
        (publicDir && existsSync(publicDir) ? walk(publicDir) : []).map((path) => [relative(publicDir, path).split(sep).join('/'), path] as const),
      );
      const fromPublic = [...publicFiles.keys()];
      const names = [...new Set([...Object.keys(bundle), ...fromPublic])].filter((name) => PRECACHE.test(name) && !ON_DEMAND.test(name) && name !== 'sw.js').sort();
      const hash = createHash('sha256');
      for (const name of names) {
        const output = bundle[name];
        const publicFile = publicFiles.get(name);
        hash.update(name);
        if (output) hash.update(output.type === 'chunk' ? output.code : output.source);
        else if (publicFile) hash.update(readFileSync(publicFile));
      }
      const version = hash.digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker(version, names.map((name) => `/${name}`)) });
    },
  };
}
