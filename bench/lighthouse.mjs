// Lighthouse (mobile preset: slow 4G, mid-range phone) on the login page of the real server.
// Fetches lighthouse@13.5.0 through npx on first use. Usage: node bench/lighthouse.mjs [path]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startServer } from './support.mjs';

const path = process.argv[2] ?? '/login';
const server = await startServer({ port: 3903 });
const out = '/tmp/railmadad-lighthouse.json';
try {
  execFileSync(
    'npx',
    [
      '-y',
      'lighthouse@13.5.0',
      server.url + path,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
  );
} finally {
  await server.stop();
}
const report = JSON.parse(readFileSync(out, 'utf8'));
const score = (c) => Math.round(report.categories[c].score * 100);
const audit = (a) => report.audits[a].displayValue;
console.log(`${path}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`);
console.log(`  FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`);
