import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, axeViolations, fileThroughApi, hasChromium, launchBrowser, newPage, ROOT, type Server, signedInPassenger as signedInPassengerOn, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;
const PASSWORD = 'rider-pass-2026';
/** Long enough for a loaded two-core CI machine; each wait ends as soon as what it waits for shows. */
const LIVE = { timeout: 20_000 };
const STATUS_LABELS = (JSON.parse(readFileSync(join(ROOT, 'web/src/locales/en/complaints.json'), 'utf8')) as { status: Record<string, string> }).status;

const apiFrom = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const r = await fetch(p);
    return { status: r.status, body: await r.json().catch(() => null) };
  }, path);

const signedInPassenger = (name: string, width: number) => signedInPassengerOn(server, browser, name, width, PASSWORD);

/** Types into the assistant's box and sends with Enter, as on a keyboard. */
async function ask(page: Page, text: string) {
  const box = page.getByLabel('Message', { exact: true });
  await expect.poll(() => box.isEnabled(), LIVE).toBe(true);
  await box.fill(text);
  await box.press('Enter');
}

describe.skipIf(!hasChromium)('the AI assistant', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a passenger on a phone finds their complaint, turns a description into the prefilled form, gets emergency help and a live agent; the conversation survives a reload until they start a new one', async () => {
    const { page } = await signedInPassenger('Kavita Rao', 360);
    const filed = await fileThroughApi(page, { type: 'water', description: 'No water in the toilets of coach B1 since Kota.' });
    expect(filed.reference).toMatch(/^CMP\d+$/);

    await page.goto('/ai-assistance');
    await page.getByRole('heading', { name: 'AI Assistant' }).waitFor(LIVE);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Namaste! I am the Rail Madad assistant.').waitFor(LIVE);
    // An empty conversation offers questions to start with; blank input sends nothing.
    await log.getByRole('button', { name: 'Where is my complaint?' }).waitFor(LIVE);
    await page.getByLabel('Message', { exact: true }).fill('   ');
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // "Where is my complaint?": its real reference and status, linking to the complaint.
    await ask(page, 'where is my complaint?');
    const card = log.getByRole('listitem').filter({ has: page.getByRole('link', { name: filed.reference }) });
    await card.waitFor(LIVE);
    const status = (await apiFrom(page, `/api/complaints/${filed.reference}`)).body.status as string;
    await card.getByText(STATUS_LABELS[status], { exact: true }).waitFor(LIVE);
    expect(await card.getByRole('link', { name: filed.reference }).getAttribute('href')).toBe(`/complaints/${filed.reference}`);

    // A described problem becomes a draft; "Open the prefilled form" carries every field into the form.
    await ask(page, 'toilet in coach S3 is very dirty, train 12951 PNR 2345678901');
    const draft = log.getByRole('region', { name: 'Complaint ready to file' });
    await draft.waitFor(LIVE);
    await draft.getByText('Coach - Cleanliness').waitFor(LIVE);
    await draft.getByRole('button', { name: 'Open the prefilled form' }).click();
    await page.waitForURL((url) => url.pathname === '/file-complaint', LIVE);
    await page.getByText('The form is filled in from your conversation with the assistant.').waitFor(LIVE);
    expect(await page.getByLabel('Train number').inputValue()).toBe('12951');
    expect(await page.getByLabel('PNR', { exact: true }).inputValue()).toBe('2345678901');
    expect(await page.getByLabel('Type of problem').inputValue()).toBe('coach-cleanliness');
    expect(await page.getByLabel('Location').inputValue()).toMatch(/S3/);
    expect(await page.getByLabel('Description').inputValue()).toContain('toilet in coach S3 is very dirty');

    // The passenger files it from the form; staff then find the conversation on the complaint.
    await page.getByRole('button', { name: 'Submit Complaint' }).click();
    const success = page.getByText(/CMP\d+/).first();
    await success.waitFor(LIVE);
    const fromForm = (await success.textContent())?.match(/CMP\d+/)?.[0] ?? '';
    const admin = await newPage(browser, server, 1280);
    await signInWithEmail(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname === '/dashboard');
    await admin.page.goto(`/complaints/${fromForm}`);
    const transcript = admin.page.getByRole('heading', { name: 'Assistant conversation' });
    await transcript.waitFor(LIVE);
    await admin.page.getByText('Kavita Rao with the assistant').click();
    await admin.page.getByRole('list', { name: 'Conversation of Kavita Rao with the assistant' }).getByText('toilet in coach S3 is very dirty').waitFor(LIVE);
    expect(await axeViolations(admin.page)).toEqual([]);
    await admin.context.close();

    // An emergency: a call button first, impossible to miss, then a live agent at the front of the queue.
    await page.goto('/ai-assistance');
    await log.getByText('toilet in coach S3 is very dirty').first().waitFor(LIVE);
    await ask(page, 'my father has collapsed and is not breathing, coach B2');
    const alert = log.getByRole('alert');
    await alert.waitFor(LIVE);
    const call = log.getByRole('link', { name: 'Call 139' });
    await call.waitFor(LIVE);
    expect(await call.getAttribute('href')).toBe('tel:139');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 900 });

    await log.getByRole('button', { name: 'Connect me to a live agent' }).click();
    await log.getByText('Connected to live support').waitFor(LIVE);
    await log.getByRole('link', { name: 'Open the live chat' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/real-time-support'), LIVE);
    await page.getByText(/Waiting for an agent|Message left|Live now/).first().waitFor(LIVE);
    await page.getByRole('log').first().waitFor(LIVE);

    // The conversation is kept: after a reload it is all there.
    await page.goto('/ai-assistance');
    await page.reload();
    await log.getByText('where is my complaint?', { exact: true }).waitFor(LIVE);
    await log.getByText('my father has collapsed and is not breathing, coach B2').waitFor(LIVE);
    await log.getByRole('link', { name: 'Call 139' }).waitFor(LIVE);

    // New conversation clears it, on the server too.
    await page.getByRole('button', { name: 'New conversation' }).click();
    await log.getByRole('button', { name: 'Where is my complaint?' }).waitFor(LIVE);
    expect(await log.getByText('where is my complaint?', { exact: true }).count()).toBe(0);
    await page.reload();
    await log.getByRole('button', { name: 'Where is my complaint?' }).waitFor(LIVE);
    expect(await log.getByText('my father has collapsed').count()).toBe(0);
  });

  it('says so when the signal goes, keeps the typed words, and shows the original prototype’s network error when a question is lost', async () => {
    const { context, page } = await signedInPassenger('Arjun Mehta', 1280);
    await page.goto('/ai-assistance');
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByRole('button', { name: 'Where is my complaint?' }).waitFor(LIVE);
    const box = page.getByLabel('Message', { exact: true });
    const send = page.getByRole('button', { name: 'Send', exact: true });

    await context.setOffline(true);
    await page.getByText('You are offline.').waitFor(LIVE);
    await box.fill('How long does a refund take?');
    await box.press('Enter');
    expect(await send.isDisabled()).toBe(true);
    expect(await box.inputValue()).toBe('How long does a refund take?');

    await context.setOffline(false);
    await expect.poll(() => send.isEnabled(), LIVE).toBe(true);
    // The connection fails under the question (the browser still says it is online).
    await page.route('**/api/assistant/chat', (route) => route.abort('internetdisconnected'));
    await send.click();
    await log.getByText('Network error occurred. Please check your connection and try again.').waitFor(LIVE);
    expect(await box.inputValue()).toBe('How long does a refund take?');
    await page.unroute('**/api/assistant/chat');

    // Sent again, it is answered, and the answer can be read aloud where the browser can speak.
    await send.click();
    await expect.poll(() => box.inputValue(), LIVE).toBe('');
    await expect.poll(() => log.locator('[lang]').count(), LIVE).toBeGreaterThan(0);
    const canSpeak = await page.evaluate(() => 'speechSynthesis' in window);
    expect(await log.getByRole('button', { name: 'Read aloud' }).count()).toBe(canSpeak ? 1 : 0);
  });
});
