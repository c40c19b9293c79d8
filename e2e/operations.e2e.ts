import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, fileThroughApi, hasChromium, launchBrowser, linkFromOutbox, newPage, passengerAccount, type Server, signInWithEmail, startServer, uniqueEmail } from './support/harness';

let server: Server;
let browser: Browser;
const PASSWORD = 'train-ticket-77';

describe.skipIf(!hasChromium)('operations: staff, auto-assignment and the solution library', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin adds a staff member, who sets a password from the outbox link, finds a complaint auto-assigned to them and applies a solution; the passenger rates it and the success rate moves', async () => {
    // The admin adds a bed-roll attendant.
    const admin = await newPage(browser, server);
    await signInWithEmail(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname === '/dashboard');
    await admin.page.goto('/staff');
    await admin.page.getByRole('button', { name: 'Add Staff' }).first().click();
    const staffEmail = uniqueEmail('attendant');
    const form = admin.page.getByRole('dialog');
    await form.getByLabel('Full name').fill('Ravi Kumar');
    await form.getByLabel('E-mail').fill(staffEmail);
    await form.getByLabel('Job role').selectOption('coach_attendant');
    await form.getByLabel('Department', { exact: true }).fill('Mechanical');
    await form.getByLabel('Bed Roll').check();
    await form.getByRole('button', { name: 'Add and send invitation' }).click();
    await admin.page.getByText(`An invitation to set a password was sent to ${staffEmail}`).waitFor();

    // The invitation's link lets them choose a password and sign in.
    const staff = await newPage(browser, server, 360);
    await staff.page.goto(await linkFromOutbox(server, staffEmail, 'invited'));
    await staff.page.getByLabel('New password').fill(PASSWORD);
    await staff.page.getByLabel('Confirm password').fill(PASSWORD);
    await staff.page.getByRole('button', { name: 'Save new password' }).click();
    await staff.page.getByText('Your password is changed. Sign in with the new one.').waitFor();

    // A passenger files a bed-roll complaint: it goes to the only person who handles bed rolls.
    const riderEmail = await passengerAccount(server, 'Kavya Nair', PASSWORD);
    const rider = await newPage(browser, server, 360);
    await signInWithEmail(rider.page, riderEmail, PASSWORD);
    await rider.page.waitForURL((url) => url.pathname === '/');
    const filed = await fileThroughApi(rider.page, { type: 'bedroll', description: 'Bed roll not given and the blanket is missing in coach A1.' });
    expect(filed.assignee?.name).toBe('Ravi Kumar');

    // The staff member signs in and finds it in their own queue.
    await signInWithEmail(staff.page, staffEmail, PASSWORD);
    await staff.page.waitForURL((url) => url.pathname === '/dashboard');
    await staff.page.getByRole('link', { name: filed.reference }).first().click();
    await staff.page.waitForURL((url) => url.pathname === `/complaints/${filed.reference}`);

    // The solution's success rate before.
    const solutionsBefore = await admin.page.evaluate(async () => (await (await fetch('/api/solutions?type=bedroll&pageSize=50')).json()).items);
    await staff.page.getByRole('button', { name: 'Apply and resolve' }).first().click();
    await staff.page.getByRole('button', { name: 'Yes, apply' }).click();
    await staff.page.getByText(/it is resolved and the passenger has been sen/).waitFor();
    const applied = await admin.page.evaluate(async () => (await (await fetch('/api/solutions?type=bedroll&pageSize=50')).json()).items);
    const used = applied.find((s: { id: string; timesApplied: number }) => s.timesApplied > (solutionsBefore.find((b: { id: string }) => b.id === s.id)?.timesApplied ?? 0));
    expect(used).toBeDefined();

    // The passenger gets the steps and rates them.
    await rider.page.goto(`/complaints/${filed.reference}`);
    await rider.page.getByText(used.problem, { exact: false }).first().waitFor();
    await rider.page.locator('label', { hasText: '5 stars' }).click();
    await rider.page.getByRole('button', { name: 'Send rating' }).click();
    await rider.page.getByText('Thank you for your rating.').waitFor();

    const after = await admin.page.evaluate(async (id) => (await (await fetch(`/api/solutions/${id}`)).json()) as { successRate: number | null; timesApplied: number }, used.id);
    expect(after.timesApplied).toBe(1);
    expect(after.successRate).toBe(1);
    for (const p of [admin, staff, rider]) await p.context.close();
  });
});
