import { chromium } from 'playwright-core';
import { startServer } from './support.mjs';
const ADMIN = { email: 'shots-admin@example.com', password: 'shots-admin-2026' };
const server = await startServer({ port: 3921, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT: 'off' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [lang, theme] of [['ta', 'light'], ['ur', 'dark'], ['hi', 'light']]) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(server.url + '/login');
      await page.evaluate(([l, t]) => { localStorage.setItem('language', l); localStorage.setItem('theme', t); }, [lang, theme]);
      const res = await page.evaluate(async (a) => (await fetch('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) })).status, ADMIN);
      await page.evaluate(async (l) => fetch('/api/me/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: l }) }), lang);
      await page.goto(server.url + '/quick-resolution');
      await page.locator('article').first().waitFor({ timeout: 30000 });
      await page.locator('article details summary').first().click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shots/solutions-${lang}-${theme}-${width}.png`, fullPage: false });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
