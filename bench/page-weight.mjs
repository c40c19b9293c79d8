// What a phone downloads for the login page: every script and stylesheet the page requests,
// with its gzip and brotli size. Usage: node bench/page-weight.mjs (after npm run build)
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, startServer } from './support.mjs';

const server = await startServer({ port: 3902 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage();
const assets = new Set();
page.on('request', (r) => {
  const path = new URL(r.url()).pathname;
  if (path.startsWith('/assets/')) assets.add(path);
});
for (const path of ['/login']) {
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
}
await browser.close();
await server.stop();

const rows = [...assets].map((path) => {
  const bytes = readFileSync(`${ROOT}web/dist${path}`);
  return { path, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, br: brotliCompressSync(bytes).length };
});
const sum = (kind, key) => rows.filter((r) => r.path.endsWith(kind)).reduce((s, r) => s + r[key], 0);
for (const r of rows.sort((a, b) => b.gz - a.gz)) console.log(`${(r.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(r.br / 1024).toFixed(1).padStart(7)} KB br  ${r.path}`);
console.log(`login page JS:  ${(sum('.js', 'gz') / 1024).toFixed(1)} KB gzip, ${(sum('.js', 'br') / 1024).toFixed(1)} KB brotli (${(sum('.js', 'raw') / 1024).toFixed(0)} KB raw), ${rows.filter((r) => r.path.endsWith('.js')).length} files`);
console.log(`login page CSS: ${(sum('.css', 'gz') / 1024).toFixed(1)} KB gzip`);
