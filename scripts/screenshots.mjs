// Takes screenshots of the given paths at 360 px and 1280 px, light and dark, for a person to look at.
// Usage: node scripts/screenshots.mjs BASE_URL OUT_DIR path[,cookie-file] ...
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base, out, ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const cookieFile = process.env.COOKIE_FILE;
for (const width of [360, 1280]) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 }, deviceScaleFactor: 1 });
    if (cookieFile) {
      const [name, value] = readFileSync(cookieFile, 'utf8').trim().split('=');
      await context.addCookies([{ name, value, url: base }]);
    }
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${theme}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
