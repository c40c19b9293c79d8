// Lighthouse (mobile preset: slow 4G, mid-range phone) on a page of the real server.
// Fetches lighthouse@13.5.0 through npx on first use.
// Usage: node bench/lighthouse.mjs [path] [--lang hi] [--passenger] [--runs 3]
//   --lang       the browser's preferred language (a first visit follows it)
//   --passenger  signed in as a new verified passenger (for `/`, the passenger home)
//   --runs       runs in a row; the median by performance score is printed with all scores
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { median, startServer } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { lang: { type: 'string' }, passenger: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
});
const path = positionals[0] ?? '/login';
const ADMIN = { email: 'lighthouse-admin@example.com', password: 'lighthouse-admin-2026' };
const server = await startServer({ port: 3903, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT: 'off' } });
const out = '/tmp/railmadad-lighthouse.json';

/**
 * A brand-new installation trains its classifier and stores the model in its first seconds; a
 * page measured then measures that. Wait until the page is served quickly three times in a row.
 */
async function settled() {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 3) {
    if (Date.now() > deadline) throw new Error('the server did not settle within 2 minutes');
    const t0 = performance.now();
    await (await fetch(server.url + '/login')).text();
    quick = performance.now() - t0 < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const cookieOf = (res) => (res.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')) ?? '').split(';')[0];

/**
 * A browser of our own, signed in through its cookie jar, for Lighthouse to drive (`--port`, storage kept): a
 * Cookie header forced on every request would fight the cookies the page itself sets.
 */
async function signedInChrome(cookie) {
  const port = 9333;
  // A browser left on the port (a run that failed) would be measured instead, caches warm: refuse.
  if (await fetch(`http://127.0.0.1:${port}/json/version`).then(() => true, () => false)) throw new Error(`something already listens on ${port}`);
  // A new profile each run: nothing cached, no service worker, only the session cookie.
  const profile = mkdtempSync(join(tmpdir(), 'railmadad-lighthouse-'));
  const child = spawn('/usr/bin/chromium', [...flags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {}
    if (i > 200) throw new Error('chromium did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [name, value] = cookie.split('=');
  const [context] = browser.contexts();
  await context.addCookies([{ name, value, url: server.url }]);
  // What the app notes for someone signed in on this device (web/src/lib/session.ts), written from a page of the
  // origin that loads none of the app's files, so the run still starts with nothing cached.
  const page = await context.newPage();
  await page.goto(`${server.url}/api/health`);
  await page.evaluate(() => localStorage.setItem('signedIn', '1'));
  await page.close();
  // Only disconnects (the browser and its cookies stay): attached, Playwright would hold Lighthouse's new pages.
  await browser.close();
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing to it for a while: a folder left in /tmp is no failure.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 50, retryDelay: 200 });
      } catch (error) {
        console.warn(`left ${profile} behind: ${error.code}`);
      }
    },
  };
}

/** A new passenger, verified through the link in the outbox, signed in: their session cookie. */
async function passengerCookie() {
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'lighthouse-rider-2026';
  const post = (url, body, cookie) =>
    fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const signedUp = await post('/api/auth/sign-up/email', { name: 'Lighthouse Rider', email, gender: 'female', password, confirmPassword: password });
  if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
  const admin = cookieOf(await post('/api/auth/sign-in/email', ADMIN));
  const outbox = await (await fetch(`${server.url}/api/admin/outbox?pageSize=100`, { headers: { cookie: admin } })).json();
  const mail = outbox.items.find((m) => m.recipient === email);
  await fetch(mail.body.match(/https?:\/\/\S+/)[0], { redirect: 'manual' });
  const cookie = cookieOf(await post('/api/auth/sign-in/email', { email, password }));
  // A passenger who reads the language asked for has it on their account too.
  if (values.lang) {
    const res = await fetch(`${server.url}/api/me/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json', origin: server.url, cookie }, body: JSON.stringify({ language: values.lang }) });
    if (!res.ok) throw new Error(`settings: ${res.status}`);
  }
  return cookie;
}

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
if (values.lang) flags.push(`--lang=${values.lang}`, `--accept-lang=${values.lang}`);
const runs = [];
try {
  await settled();
  const cookie = values.passenger ? await passengerCookie() : null;
  for (let i = 0; i < Number(values.runs); i++) {
    const signedIn = cookie ? await signedInChrome(cookie) : null;
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
        `--chrome-flags=${flags.join(' ')}`,
        // Storage is not reset, or the session cookie would go with it; the profile is new instead.
        ...(signedIn ? [`--port=${signedIn.port}`, '--disable-storage-reset'] : []),
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
      );
    } finally {
      await signedIn?.close();
    }
    runs.push(JSON.parse(readFileSync(out, 'utf8')));
  }
} finally {
  await server.stop();
}
const score = (report, c) => Math.round(report.categories[c].score * 100);
const performanceScores = runs.map((r) => score(r, 'performance'));
const report = runs.find((r) => score(r, 'performance') === median(performanceScores));
const audit = (a) => report.audits[a].displayValue;
const label = `${path}${values.lang ? ` (${values.lang})` : ''}${values.passenger ? ' as a passenger' : ''}`;
console.log(`${label}: performance ${score(report, 'performance')}, accessibility ${score(report, 'accessibility')}, best practices ${score(report, 'best-practices')}`);
console.log(`  FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, server ${audit('server-response-time') ?? '-'}`);
if (runs.length > 1) console.log(`  performance in ${runs.length} runs: ${performanceScores.join(', ')}`);
console.log(`  language on screen: ${report.audits['html-has-lang']?.score === 1 ? 'set' : 'missing'}; final URL ${report.finalDisplayedUrl}`);
