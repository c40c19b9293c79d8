import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, launchBrowser, newPage, passengerAccount, type Server, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;
const PASSWORD = 'train-ticket-77';

async function photo(path: string, colour: string) {
  await sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } }).jpeg({ quality: 90 }).toFile(path);
  return path;
}

async function fillComplaint(page: Page, description: string) {
  await page.getByLabel('Type of problem').selectOption('water');
  await page.getByLabel('Train number', { exact: true }).fill('12951');
  await page.getByLabel('PNR', { exact: true }).fill('2345678901');
  await page.getByLabel('Location').fill('Coach B4, berth 21');
  await page.getByLabel('Description').fill(description);
}

async function complaintCount(page: Page) {
  return page.evaluate(async () => (await (await fetch('/api/complaints?pageSize=1')).json()).total as number);
}

describe.skipIf(!hasChromium)('a complaint from the phone to a fix', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a passenger files a complaint with two photos; an admin assigns and resolves it; the bell rings live; the passenger rates it', async () => {
    const email = await passengerAccount(server, 'Meera Iyer', PASSWORD, { phone: '98765 43210' });
    const rider = await newPage(browser, server, 360);
    await signInWithEmail(rider.page, email, PASSWORD);
    await rider.page.waitForURL((url) => url.pathname === '/');

    await rider.page.goto('/file-complaint');
    await fillComplaint(rider.page, 'No water in the toilets of coach B4 since Vadodara. Please refill at the next station.');
    await rider.page.locator('input[type=file]').setInputFiles([await photo('/tmp/rm-e2e-1.jpg', '#3366aa'), await photo('/tmp/rm-e2e-2.jpg', '#aa6633')]);
    await expect.poll(() => rider.page.getByRole('button', { name: /Remove photo/ }).count()).toBe(2);
    await rider.page.getByRole('button', { name: 'Submit Complaint' }).click();
    await rider.page.getByText('Complaint submitted successfully!').waitFor();
    const reference = (await rider.page.getByText(/^CMP\d+$/).first().textContent())?.trim() as string;
    expect(reference).toMatch(/^CMP\d+$/);
    // The form and photos are cleared for the next one.
    expect(await rider.page.getByLabel('Description').inputValue()).toBe('');
    expect(await rider.page.getByRole('button', { name: /Remove photo/ }).count()).toBe(0);

    const admin = await newPage(browser, server);
    await signInWithEmail(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname === '/dashboard');
    await admin.page.getByRole('link', { name: reference }).first().click();
    await admin.page.waitForURL((url) => url.pathname === `/complaints/${reference}`);
    await expect.poll(() => admin.page.getByRole('img', { name: /^Photo \d of 2/ }).count()).toBe(2);
    await admin.page.getByRole('button', { name: 'Assign to me' }).click();
    await admin.page.getByText(/Assigned to/).first().waitFor();
    await admin.page.getByRole('button', { name: 'Start work' }).click();
    await expect.poll(() => admin.page.getByRole('button', { name: 'Mark resolved' }).isVisible()).toBe(true);

    // The passenger reads everything so far; the bell then rings for the fix without a reload.
    await rider.page.goto('/complaints');
    await rider.page.getByRole('button', { name: /Notifications/ }).click();
    await rider.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => rider.page.getByTestId('unread-dot').count()).toBe(0);
    await rider.page.keyboard.press('Escape');
    await admin.page.getByLabel('Message to the passenger (optional)').fill('Water refilled at Ratlam. Sorry for the trouble.');
    await admin.page.getByRole('button', { name: 'Mark resolved' }).click();
    await rider.page.getByTestId('unread-dot').waitFor();
    await rider.page.getByRole('button', { name: /Notifications/ }).click();
    await rider.page.getByText(`Complaint ${reference} resolved`).waitFor();

    await rider.page.getByText(`Complaint ${reference} resolved`).click();
    await rider.page.waitForURL((url) => url.pathname === `/complaints/${reference}`);
    await rider.page.locator('label', { hasText: '5 stars' }).click();
    await rider.page.getByRole('button', { name: 'Send rating' }).click();
    await rider.page.getByText('Thank you for your rating.').waitFor();
    await rider.page.getByText('You rated this 5/5.').waitFor();

    // Anyone signed out can follow it with the reference and the PNR, and sees only its status.
    const stranger = await newPage(browser, server, 360);
    await stranger.page.goto('/login');
    await stranger.page.getByRole('link', { name: 'Track a complaint without signing in' }).click();
    await stranger.page.getByLabel('Complaint reference').fill(reference);
    await stranger.page.getByLabel('PNR or mobile number').fill('2345678901');
    await stranger.page.getByRole('button', { name: 'Look up' }).click();
    await stranger.page.getByText('Closed', { exact: true }).waitFor();
    expect(await stranger.page.getByText('No water in the toilets').count()).toBe(0);
    await stranger.page.getByLabel('PNR or mobile number').fill('2345678900');
    await stranger.page.getByRole('button', { name: 'Look up' }).click();
    await stranger.page.getByText('No complaints found matching your search.').waitFor();
    await stranger.context.close();

    // The dashboard lists it as closed now.
    await admin.page.goto(`/dashboard?status=closed`);
    await admin.page.getByRole('link', { name: reference }).first().waitFor();
    await admin.context.close();
    await rider.context.close();
  });

  it('a passenger unhappy with the fix gives it two stars and reopens it in the same step, instead of closing it', async () => {
    const email = await passengerAccount(server, 'Kavya Nair', PASSWORD);
    const rider = await newPage(browser, server, 360);
    await signInWithEmail(rider.page, email, PASSWORD);
    await rider.page.waitForURL((url) => url.pathname === '/');
    // Filed and resolved through the API: the journey under test is the rating.
    const reference = await rider.page.evaluate(async () => {
      const form = new FormData();
      const fields = { type: 'water', where: 'train', trainNumber: '12951', pnr: '2345678901', location: 'Coach B2', description: 'No water in the coach B2 toilets since Vadodara.' };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('incidentDate', new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
      return (await (await fetch('/api/complaints', { method: 'POST', body: form })).json()).reference as string;
    });
    const admin = await newPage(browser, server);
    await signInWithEmail(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname === '/dashboard');
    const resolved = await admin.page.evaluate(
      async (ref) => (await fetch(`/api/complaints/${ref}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'resolved', note: 'Tank refilled at Surat.' }) })).status,
      reference,
    );
    expect(resolved).toBe(200);

    await rider.page.goto(`/complaints/${reference}`);
    await rider.page.locator('label', { hasText: '2 stars' }).click();
    // A low rating offers the reopen right there, beside sending the rating alone.
    await rider.page.getByText('Just send the rating').waitFor();
    expect(await rider.page.getByRole('radio', { name: 'Reopen the complaint' }).isChecked()).toBe(true);
    await rider.page.getByLabel('What is still wrong?').fill('The tank was empty again by Bharuch.');
    await rider.page.getByRole('button', { name: 'Send rating and reopen' }).click();
    await rider.page.getByText('Your complaint is open again. We will look at it at once.').waitFor();
    await rider.page.getByText('You rated this 2/5.').waitFor();
    await rider.page.getByText('Reopened', { exact: true }).first().waitFor();
    // Never closed on the way.
    expect(await rider.page.getByText('Status: Closed').count()).toBe(0);

    // The dashboard lists it among the reopened.
    await admin.page.goto('/dashboard?status=reopened');
    await admin.page.getByRole('link', { name: reference }).first().waitFor();
    await admin.context.close();
    await rider.context.close();
  });

  it('a complaint filed with the network cut is kept on the phone and sent exactly once when the signal returns', async () => {
    const email = await passengerAccount(server, 'Arjun Rao', PASSWORD);
    const { context, page } = await newPage(browser, server, 360);
    await signInWithEmail(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/file-complaint');
    await page.getByLabel('Type of problem').waitFor();
    expect(await complaintCount(page)).toBe(0);
    // The service worker has the app: with no signal at all, a reload still opens the form.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A page opened before the worker activated is controlled only after its next load.
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 20_000 });
    // Let the worker keep its copy of the session answer.
    await page.waitForTimeout(500);
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Type of problem').waitFor();
    await fillComplaint(page, 'The fan above berth 34 is not working and the coach is very hot.');
    await page.getByRole('button', { name: 'Submit Complaint' }).click();
    await page.getByText('Saved on your phone. It will be sent by itself when you are back online.').waitFor();

    await context.setOffline(false);
    await page.getByText('Your saved complaint has been sent.').waitFor({ timeout: 30_000 });
    // Wait past another flush round, then count: one complaint, not two.
    await page.waitForTimeout(2000);
    expect(await complaintCount(page)).toBe(1);
    await context.close();
  });
});
