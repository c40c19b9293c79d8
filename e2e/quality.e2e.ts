import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, axeViolations, hasChromium, launchBrowser, newPage, type Server, signedInPassenger, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;

describe.skipIf(!hasChromium)('quality of the shell', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      it(`has no axe violations on the login page and the home page (${theme}, ${width} px)`, async () => {
        const { context, page } = await newPage(browser, server, width);
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign in with Email' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);

        await signInWithEmail(page, ADMIN.email, ADMIN.password);
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.goto('/');
        await page.getByText('System Overview').waitFor();
        // The account's saved theme applies after sign-in; check in that theme too.
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('never scrolls sideways on a 360 px phone, on any staff screen', async () => {
    const { context, page } = await newPage(browser, server, 360);
    await signInWithEmail(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    for (const path of ['/dashboard', '/smart-classification', '/staff', '/quick-resolution', '/real-time-support', '/outbox', '/settings', '/profile', '/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: innerWidth });
    }
    await context.close();
  });

  it('loads no code of the signed-in screens on the login page', async () => {
    const { context, page } = await newPage(browser, server);
    const scripts: string[] = [];
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      scripts.push(new URL(r.url()).pathname);
      bodies.push(r.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Email' }).waitFor();
    expect(scripts.some((s) => s.includes('login-page'))).toBe(true);
    for (const screen of ['outbox-page', 'home-page', 'settings-page', 'profile-page', 'upcoming-page', 'app-layout']) {
      expect(scripts.filter((s) => s.includes(screen))).toEqual([]);
    }
    // By content too, whatever the bundler names the chunks: no live-socket client, no outbox
    // screen, no form-schema library on the way in.
    const code = (await Promise.all(bodies)).join('\n');
    expect(code).not.toContain('engine.io');
    expect(code).not.toContain('outbox.subtitle');
    expect(code).not.toContain('ZodError');
    await context.close();
  });

  it('marks every file the login page and the passenger home run on arrival for compiling while it downloads', async () => {
    // A file the first screen runs without V8's compile hint is compiled function by function during the first render
    // (web/compile-hints.ts): a new one belongs in the list in web/vite.config.ts. The words are data, not code.
    const hint = '//# allFunctionsCalledOnLoad\n';
    const unmarked = async (page: Page, open: () => Promise<void>) => {
      const paths = new Set<string>();
      page.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.request().resourceType() === 'script' && path.startsWith('/assets/') && !/\/locale-/.test(path)) paths.add(path);
      });
      await open();
      await page.waitForLoadState('networkidle');
      expect(paths.size).toBeGreaterThan(3);
      // The files asked again of the server, as served: a response's body in the browser is gone once its page
      // navigates on, and one still arriving from the page before would fail the read, not the check.
      const files = await Promise.all([...paths].map(async (path) => [path, await (await page.request.get(path)).text()] as const));
      return files.filter(([, body]) => !body.startsWith(hint)).map(([path]) => path.replace(/-[\w-]{8}\.js$/, '.js'));
    };
    const login = await newPage(browser, server);
    expect(
      await unmarked(login.page, async () => {
        await login.page.goto('/login');
        await login.page.getByRole('button', { name: 'Sign in with Email' }).waitFor();
      }),
    ).toEqual([]);
    await login.context.close();

    const { context, page } = await signedInPassenger(server, browser, 'Hint Rider');
    expect(
      await unmarked(page, async () => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
      }),
    ).toEqual([]);
    await context.close();
  });

  it('is keyboard reachable: Tab reaches the e-mail field and the sign-in button', async () => {
    const { context, page } = await newPage(browser, server);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Email' }).waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toContain('email');
    expect(reached).toContain('password');
    expect(reached).toContain('Sign in with Email');
    await context.close();
  });

  it('shows the router error page, "Unexpected Application Error!", with a way home for an unknown address', async () => {
    const { context, page } = await newPage(browser, server);
    await signInWithEmail(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('We could not find that page.').waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('switches to Hindi from the top bar and keeps it after a reload', async () => {
    const { context, page } = await newPage(browser, server);
    await page.goto('/login');
    // The menu fills in its sixteen languages when someone reaches for it, as a finger or the keyboard does.
    const picker = page.getByLabel('Language');
    await picker.focus();
    await picker.selectOption('hi');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expect.poll(async () => (await page.getByRole('heading', { level: 1 }).textContent()) ?? '').toMatch(/[\u0900-\u097F]/);
    await page.reload();
    await expect.poll(async () => (await page.getByRole('heading', { level: 1 }).textContent()) ?? '').toMatch(/[\u0900-\u097F]/);
    await context.close();
  });
});
