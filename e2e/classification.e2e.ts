import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, axeViolations, fileThroughApi, hasChromium, launchBrowser, newPage, passengerAccount, type Server, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;
const PASSWORD = 'train-ticket-77';

describe.skipIf(!hasChromium)('smart classification: suggestions while filing, review and accuracy', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('suggests the type while a passenger types; an admin confirms one call and corrects a pending one, and the accuracy tile follows', async () => {
    const riderEmail = await passengerAccount(server, 'Meera Iyer', PASSWORD);
    const rider = await newPage(browser, server, 360);
    await signInWithEmail(rider.page, riderEmail, PASSWORD);
    await rider.page.waitForURL((url) => url.pathname === '/');

    // While describing the problem, the form offers the likely type; choosing it sets the type.
    await rider.page.goto('/file-complaint');
    await rider.page.getByLabel('Description').fill('The bedsheet is torn and the blanket smells, no pillow in coach A1');
    const suggestions = rider.page.getByRole('group', { name: 'Looks like:' });
    await suggestions.getByRole('button', { name: 'Bed Roll' }).click();
    expect(await rider.page.getByLabel('Type of problem').inputValue()).toBe('bedroll');

    // One complaint the model agrees with, one filed under another type: that one waits for review.
    const agreed = (await fileThroughApi(rider.page, { type: 'water', description: 'No water in the toilets and wash basins of coach B2 since Nagpur.' })).reference;
    const disputed = (await fileThroughApi(rider.page, { type: 'refund', description: 'The bedsheet given in A1 was torn and stained, and there was no blanket at all.' })).reference;

    const admin = await newPage(browser, server);
    await signInWithEmail(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname === '/dashboard');
    await admin.page.goto('/smart-classification');
    const accuracy = admin.page.getByTestId('tile-accuracy');
    const pending = admin.page.getByTestId('tile-pending');
    await expect.poll(() => accuracy.textContent()).toBe('—');
    await expect.poll(() => pending.textContent()).toBe('1');
    expect(await admin.page.getByTestId('tile-today').textContent()).toBe('2');

    // Confirm the model's call on the first: one review, one right.
    await admin.page.getByRole('button', { name: `Confirm ${agreed}` }).click();
    await expect.poll(() => accuracy.textContent()).toBe('100%');

    // The second is pending: the model said Bed Roll, the passenger Refund; the admin settles on
    // Coach - Cleanliness, so the model was wrong: accuracy halves.
    await admin.page.getByRole('combobox', { name: `Correct ${disputed}` }).selectOption('coach-cleanliness');
    await expect.poll(() => accuracy.textContent()).toBe('50%');
    await expect.poll(() => pending.textContent()).toBe('0');

    // The complaint now has the settled type.
    const complaint = await admin.page.evaluate(async (reference) => (await (await fetch(`/api/complaints/${reference}`)).json()) as { type: string }, disputed);
    expect(complaint.type).toBe('coach-cleanliness');

    // A false alarm is cleared in one click: the complaint leaves the emergency queue.
    const alarm = (await fileThroughApi(rider.page, { type: 'medical', description: 'My uncle fainted near the door and is not breathing properly, please send help now.' })).reference;
    await admin.page.getByRole('button', { name: `Not an emergency ${alarm}` }).click();
    await expect.poll(async () => (await admin.page.evaluate(async (reference) => (await (await fetch(`/api/complaints/${reference}`)).json()) as { emergency: boolean }, alarm)).emergency).toBe(false);

    // The screen with its charts drawn passes axe.
    await admin.page.getByRole('heading', { name: 'Accuracy by week' }).waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
  });
});
