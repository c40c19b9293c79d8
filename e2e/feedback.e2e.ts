import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiFrom, axeViolations, fileThroughApi, hasChromium, launchBrowser, newPage, ROOT, type Server, signedInPassenger, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;
let reference: string;

const SHOTS = join(ROOT, '.test-artifacts/screenshots/feedback');
const ABOUT_COMPLAINT = 'The toilet in coach B4 was cleaned but is dirty again.';
const GENERAL = 'The train left Vadodara two hours late without an announcement.';

/** An admin on the dashboard, in `theme` on this device and on the account. */
async function signedInAdmin(width: number, theme: 'light' | 'dark' = 'light') {
  const { context, page } = await newPage(browser, server, width);
  await signInWithEmail(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    return fetch('/api/me/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ theme: t }) });
  }, theme);
  return { context, page };
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe.skipIf(!hasChromium)('feedback from the Feedback Form, read by staff', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A passenger sends one general feedback through the form, and one naming their complaint as older clients can.
    const rider = await signedInPassenger(server, browser, 'Sunita Devi', 360);
    reference = (await fileThroughApi(rider.page, { type: 'water', description: 'No water in the toilets of coach B4.' })).reference;
    const { page } = rider;
    await page.goto('/feedback-form');
    await page.getByLabel('Complaint type').selectOption('delay');
    await page.getByLabel('Category', { exact: true }).selectOption('staff');
    await page.getByLabel('Subcategory').selectOption('Not Helpful');
    await page.getByLabel('Your feedback').fill(GENERAL);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.waitForURL((url) => url.pathname === '/complaints');
    const sent = await apiFrom(page, '/api/complaints/feedback/', 'POST', {
      complaint: reference,
      feedback_message: `Category: cleanliness\nSubcategory: Unclean Toilets\n\n${ABOUT_COMPLAINT}`,
      rating: 2,
      user_name: 'Sunita Devi',
      user_email: 'sunita@example.com',
    });
    expect(sent.status).toBe(201);
    // A passenger may not read the staff list.
    expect((await apiFrom(page, '/api/feedback')).status).toBe(403);
    await rider.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin opens Feedback from the menu, filters it, and follows the complaint named to its feedback', async () => {
    const { context, page } = await signedInAdmin(1280);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feedback' }).click();
    await page.waitForURL((url) => url.pathname === '/feedback');
    await expect.poll(() => page.getByRole('heading', { name: 'Feedback', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(GENERAL).isVisible()).toBe(true);
    // Newest first: the feedback naming the complaint was sent last.
    const texts = await page.locator('#feedback-list li p.whitespace-pre-wrap').allTextContents();
    expect(texts).toEqual([ABOUT_COMPLAINT, GENERAL]);
    expect(await page.getByRole('heading', { name: 'Sunita Devi' }).count()).toBe(2);
    expect(await page.getByText('Train Delay/Late Running').isVisible()).toBe(true);
    expect(await page.getByText('Staff › Not Helpful').isVisible()).toBe(true);
    expect(await page.getByText('2 out of 5').isVisible()).toBe(true);
    expect(await page.getByText('2 entries').isVisible()).toBe(true);

    await page.getByLabel('General').check();
    await expect.poll(() => page.getByText('1 entry').isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('kind')).toBe('general');
    expect(await page.getByText(ABOUT_COMPLAINT).count()).toBe(0);

    await page.getByLabel('About a complaint').check();
    await expect.poll(() => page.getByText(ABOUT_COMPLAINT).isVisible()).toBe(true);
    expect(await page.getByText(GENERAL).count()).toBe(0);
    // The filter is in the address: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByText(ABOUT_COMPLAINT).isVisible()).toBe(true);
    expect(await page.getByLabel('About a complaint').isChecked()).toBe(true);

    await page.getByRole('link', { name: `Complaint ${reference}` }).click();
    await page.waitForURL((url) => url.pathname === `/complaints/${reference}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Feedback Form entries about this complaint' }) });
    await expect.poll(() => card.getByText(ABOUT_COMPLAINT).isVisible()).toBe(true);
    expect(await card.getByText(GENERAL).count()).toBe(0);
    await context.close();
  });

  it('the Feedback page passes axe at 360 and 1280 px, light and dark', { timeout: 240_000 }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [360, 1280]) {
        const { context, page } = await signedInAdmin(width, theme);
        await page.goto('/feedback');
        await expect.poll(() => page.getByText(GENERAL).isVisible()).toBe(true);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth).toBe(innerWidth);
        for (const v of await axeViolations(page)) found.push(`${theme} ${width} /feedback: ${v}`);
        await page.screenshot({ path: join(SHOTS, `feedback-${theme}-${width}.png`), fullPage: true });
        await page.goto(`/complaints/${reference}`);
        await expect.poll(() => page.getByText(ABOUT_COMPLAINT).isVisible()).toBe(true);
        await settled(page);
        for (const v of await axeViolations(page)) found.push(`${theme} ${width} complaint: ${v}`);
        await page.getByText(ABOUT_COMPLAINT).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `complaint-${theme}-${width}.png`) });
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
