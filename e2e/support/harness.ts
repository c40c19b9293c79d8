import AxeBuilder from '@axe-core/playwright';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const ROOT = new URL('../..', import.meta.url).pathname;
/** The classifier every journey's new database starts with, trained once by global-setup.ts. */
export const CLASSIFIER_SEED = join(ROOT, '.test-artifacts/e2e-classifier-seed.rmc');

export const ADMIN = { email: 'admin@railmadad.test', password: 'admin-pass-2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type Server = { url: string; stop: () => Promise<void>; logs: () => string };

/** Starts the real server (built web app, PGlite in a fresh DATA_DIR, outbox delivery) on a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'railmadad-e2e-'));
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'off',
      ...(existsSync(CLASSIFIER_SEED) ? { CLASSIFIER_SEED_FILE: CLASSIFIER_SEED } : {}),
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  // A busy 2-core machine can take a minute to start a server (migrations, the classifier model).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 45 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium; `media` gives it a fake camera and microphone that need no permission prompt (calls, voice). */
/**
 * Fonts a phone without the Indian scripts has: Chromium on Linux finds fonts through fontconfig, and this
 * configuration lists only the Latin families, so the Noto fonts of the machine are out of its reach.
 */
function latinOnlyFonts(): string {
  const dir = mkdtempSync(join(tmpdir(), 'railmadad-fonts-'));
  const dirs = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation'].filter((d) => existsSync(d));
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((d) => `  <dir>${d}</dir>\n`).join('')}  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return file;
}

/** Debian's Chromium, headless; `fonts: 'latin-only'` plays a phone that has no font for the Indian scripts. */
export async function launchBrowser(options: { media?: boolean; fonts?: 'latin-only' } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(options.fonts === 'latin-only' ? { env: { ...process.env, FONTCONFIG_FILE: latinOnlyFonts() } } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.media ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

export async function newPage(browser: Browser, server: Server, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form, like a person. */
export async function signInWithEmail(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
}

/** The outbox as the admin sees it, through the API with an admin session. */
export async function readOutbox(server: Server) {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')) ?? '').split(';')[0];
  const res = await fetch(`${server.url}/api/admin/outbox?pageSize=100`, { headers: { cookie } });
  if (!res.ok) throw new Error(`outbox: ${res.status}`);
  return (await res.json()) as { items: { recipient: string; subject: string | null; body: string; channel: string }[] };
}

export async function linkFromOutbox(server: Server, recipient: string, subjectPart: string): Promise<string> {
  const { items } = await readOutbox(server);
  const message = items.find((m) => m.recipient === recipient && m.subject?.includes(subjectPart));
  const link = message?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no "${subjectPart}" link for ${recipient}`);
  return link;
}

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}@example.com`;

/** A verified passenger made through the API (the sign-up journey itself is tested elsewhere). */
export async function passengerAccount(server: Server, name: string, password: string, extra: Record<string, string> = {}) {
  const email = uniqueEmail('rider');
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name, email, gender: 'female', password, confirmPassword: password, ...extra }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  await fetch(await linkFromOutbox(server, email, 'Verify'), { redirect: 'manual' });
  return email;
}

/** A new verified passenger, signed in through the login page in a page `width` px wide, on the home page. */
export async function signedInPassenger(server: Server, browser: Browser, name: string, width = 1280, password = 'rider-pass-2026') {
  const email = await passengerAccount(server, name, password);
  const { context, page } = await newPage(browser, server, width);
  await signInWithEmail(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page, email };
}

/** WCAG 2.1 A/AA problems axe finds on the page as it is now, as "rule: elements" lines. */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Files a train complaint through the API from a signed-in page (the form itself is covered by the
 * complaint journeys); `fields` override the defaults. Returns the filed complaint.
 */
export async function fileThroughApi(page: Page, fields: Record<string, string>): Promise<{ reference: string; assignee?: { name: string } | null }> {
  return page.evaluate(async (overrides) => {
    const form = new FormData();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const defaults: Record<string, string> = { trainNumber: '12951', pnr: '2345678901', location: 'Coach A1, berth 7', incidentDate: today };
    for (const [k, v] of Object.entries({ ...defaults, ...overrides })) form.append(k, v);
    const res = await fetch('/api/complaints', { method: 'POST', body: form });
    return res.json();
  }, fields);
}

/** A JSON call from a signed-in page, as its own screen would make it. */
export const apiFrom = (page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ([p, m, b]) => {
      const r = await fetch(p as string, { method: m as string, headers: b ? { 'content-type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [path, method, body] as const,
  );
