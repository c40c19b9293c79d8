import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiFrom, axeViolations, hasChromium, launchBrowser, newPage, type Server, signedInPassenger as signedInPassengerOn, signInWithEmail, startServer } from './support/harness';

let server: Server;
let browser: Browser;
const PASSWORD = 'rider-pass-2026';
/** Long enough for a loaded two-core CI machine; each wait ends as soon as what it waits for shows. */
const LIVE = { timeout: 20_000 };

const signedInPassenger = (name: string, width: number) => signedInPassengerOn(server, browser, name, width, PASSWORD);

/** Bytes received on the page's call so far (audio + video), or -1 when no call is up. */
const bytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const pc = (window as unknown as { __railmadadCall?: RTCPeerConnection }).__railmadadCall;
    if (!pc) return -1;
    let total = 0;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
    });
    return total;
  });

describe.skipIf(!hasChromium)('live support: queue, chat and calls', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ media: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a passenger waits, sees their place drop as the agent frees up, chats, loses the signal without losing a message, and rates the chat; the admin screen follows it live', async () => {
    // The admin answers chats, one at a time.
    const agent = await newPage(browser, server, 1280);
    await signInWithEmail(agent.page, ADMIN.email, ADMIN.password);
    await agent.page.waitForURL((url) => url.pathname === '/dashboard');
    await agent.page.goto('/real-time-support');
    await agent.page.getByRole('heading', { name: 'Real-Time Support Center' }).waitFor(LIVE);
    const myStatus = agent.page.getByRole('group', { name: 'My status' });
    await agent.page.getByLabel('Chats at once').selectOption('1');
    await myStatus.locator('label', { hasText: 'Available' }).click();
    await expect.poll(() => myStatus.getByRole('radio', { name: 'Available' }).isChecked(), LIVE).toBe(true);
    await expect.poll(async () => (await apiFrom(agent.page, '/api/support/agent')).body, LIVE).toMatchObject({ status: 'available', capacity: 1 });

    // Two passengers are already there: one gets the agent, one waits.
    const first = await signedInPassenger('Ravi Shankar', 1280);
    const ahead = await signedInPassenger('Meena Iyer', 1280);
    const firstSession = (await apiFrom(first.page, '/api/support/sessions', 'POST', { type: 'chat', topic: 'water', message: 'No water in coach S4' })).body;
    const offer = agent.page.getByRole('button', { name: 'Accept', exact: true }).first();
    await offer.waitFor(LIVE);
    await offer.click();
    await agent.page.getByText('No water in coach S4').waitFor(LIVE);
    // The text is on the offer too: wait until the server has the chat as taken, or the next one would queue behind it.
    await expect.poll(async () => (await apiFrom(first.page, `/api/support/sessions/${firstSession.id}`)).body.status, LIVE).toBe('active');
    const aheadSession = (await apiFrom(ahead.page, '/api/support/sessions', 'POST', { type: 'chat', topic: 'catering' })).body;
    expect(aheadSession.queuePosition).toBe(1);

    // The passenger on a phone starts a chat and is second in the queue.
    const rider = await signedInPassenger('Asha Verma', 360);
    await rider.page.goto('/real-time-support');
    await rider.page.getByRole('heading', { name: 'Start New Session' }).waitFor(LIVE);
    await rider.page.getByLabel('What is it about?').selectOption('electrical');
    // The only agent is full, so the screen says so at once and offers a message or the queue.
    await rider.page.getByText('No agent is available right now').first().waitFor(LIVE);
    await rider.page.getByLabel('Your message').fill('The fan above berth 14 in coach B2 is not working, train 12951');
    await rider.page.getByRole('button', { name: 'Wait in the queue anyway' }).click();
    await rider.page.getByText('You are number 2 in the queue').waitFor(LIVE);
    expect(await axeViolations(rider.page)).toEqual([]);

    // The admin screen shows one active session and two waiting.
    await agent.page.getByText('2 passengers waiting').waitFor(LIVE);

    // The agent ends the first chat and takes the next: the phone's place drops to the front.
    await apiFrom(agent.page, `/api/support/sessions/${firstSession.id}/end`, 'POST');
    await expect.poll(async () => (await apiFrom(agent.page, `/api/support/sessions/${aheadSession.id}/accept`, 'POST')).status, LIVE).toBe(200);
    await rider.page.getByText('You are next in the queue').waitFor(LIVE);
    await apiFrom(agent.page, `/api/support/sessions/${aheadSession.id}/end`, 'POST');

    // Now it is offered to the agent, who accepts it on screen.
    await agent.page.reload();
    const accept = agent.page.getByRole('button', { name: 'Accept', exact: true }).first();
    await accept.waitFor(LIVE);
    await accept.click();
    await rider.page.getByText('Live now').waitFor(LIVE);
    await rider.page.getByText('Administrator has joined the chat.').waitFor(LIVE);

    // They chat both ways.
    const agentChat = agent.page.getByRole('log').first();
    await agentChat.getByText('The fan above berth 14').waitFor(LIVE);
    await agent.page.getByLabel('Message', { exact: true }).first().fill('Namaste Asha, an electrician is coming. Which coach exactly?');
    await agent.page.getByRole('button', { name: 'Send', exact: true }).first().click();
    await rider.page.getByText('an electrician is coming').waitFor(LIVE);
    await rider.page.getByLabel('Message', { exact: true }).fill('Coach B2, berth 14.');
    await rider.page.getByRole('button', { name: 'Send', exact: true }).click();
    await agentChat.getByText('Coach B2, berth 14.').waitFor(LIVE);

    // The train enters a tunnel: the agent writes meanwhile, the passenger types offline.
    await rider.context.setOffline(true);
    await rider.page.getByText('No signal. Your messages will be sent as soon as it returns.').waitFor(LIVE);
    await agent.page.getByLabel('Message', { exact: true }).first().fill('He will be there in 10 minutes.');
    await agent.page.getByRole('button', { name: 'Send', exact: true }).first().click();
    await rider.page.getByLabel('Message', { exact: true }).fill('Thank you, waiting.');
    await rider.page.getByRole('button', { name: 'Send', exact: true }).click();
    await rider.page.getByText('Waiting for signal').waitFor(LIVE);
    await rider.context.setOffline(false);
    await rider.page.getByText('He will be there in 10 minutes.').waitFor(LIVE);
    await agentChat.getByText('Thank you, waiting.').waitFor(LIVE);
    // Once each, on both screens and on the server.
    expect(await rider.page.getByText('He will be there in 10 minutes.').count()).toBe(1);
    expect(await rider.page.getByText('Thank you, waiting.').count()).toBe(1);
    expect(await agentChat.getByText('Thank you, waiting.').count()).toBe(1);
    const sessionId = new URL(rider.page.url()).searchParams.get('session') ?? (await apiFrom(rider.page, '/api/support/sessions')).body.items[0].id;
    const transcript = (await apiFrom(rider.page, `/api/support/sessions/${sessionId}/messages`)).body.items as { body: string }[];
    expect(transcript.filter((m) => m.body === 'Thank you, waiting.')).toHaveLength(1);

    // Both screens stay accessible with a live chat on them.
    expect(await axeViolations(rider.page)).toEqual([]);
    expect(await axeViolations(agent.page)).toEqual([]);

    // The admin screen counts the chat as active.
    expect((await apiFrom(agent.page, '/api/support/overview')).body).toMatchObject({ activeSessions: 1, waiting: 0 });

    // The passenger ends the chat and rates it.
    await rider.page.getByRole('button', { name: 'End chat' }).click();
    await rider.page.getByRole('dialog').getByRole('button', { name: 'End chat' }).click();
    await rider.page.getByText('Chat ended').first().waitFor(LIVE);
    await rider.page.locator('label', { hasText: '5 stars' }).click();
    await rider.page.getByRole('button', { name: 'Send rating' }).click();
    await rider.page.getByText('Thank you for your feedback!').waitFor(LIVE);
    // The agent's rating on the admin screen comes from it.
    const agents = (await apiFrom(agent.page, '/api/support/agents')).body as { name: string; rating: number | null }[];
    expect(agents.find((a) => a.name === 'Administrator')?.rating).toBe(5);

    await Promise.all([agent.context.close(), first.context.close(), ahead.context.close(), rider.context.close()]);
  }, 180_000);

  it('a video call connects both ways, with media flowing, and hangs up', async () => {
    const agent = await newPage(browser, server, 1280);
    await signInWithEmail(agent.page, ADMIN.email, ADMIN.password);
    await agent.page.waitForURL((url) => url.pathname === '/dashboard');
    await apiFrom(agent.page, '/api/support/agent', 'PUT', { status: 'available', capacity: 3 });
    await agent.page.goto('/real-time-support');

    const rider = await signedInPassenger('Kiran Rao', 360);
    await rider.page.goto('/real-time-support');
    await rider.page.locator('label', { hasText: 'Video call' }).click();
    await rider.page.getByRole('button', { name: 'Start video call' }).click();
    const accept = agent.page.getByRole('button', { name: 'Accept', exact: true }).first();
    await accept.waitFor(LIVE);
    await accept.click();
    await rider.page.getByText('Live now').waitFor(LIVE);

    const started = Date.now();
    await agent.page.getByRole('button', { name: /Call passenger/ }).first().click();
    const ringing = rider.page.getByRole('alertdialog');
    await ringing.waitFor(LIVE);
    await ringing.getByRole('button', { name: 'Answer' }).click();
    await rider.page.locator('[data-testid=call-panel][data-phase=connected]').waitFor({ timeout: 30_000 });
    await agent.page.locator('[data-testid=call-panel][data-phase=connected]').waitFor({ timeout: 30_000 });
    console.log(`call set up in ${Date.now() - started} ms (ring, answer, ICE, DTLS)`);
    // Media arrives on both sides.
    await expect.poll(() => bytesReceived(rider.page), LIVE).toBeGreaterThan(5_000);
    await expect.poll(() => bytesReceived(agent.page), LIVE).toBeGreaterThan(5_000);

    await agent.page.getByRole('button', { name: 'Hang up' }).click();
    await rider.page.getByText(/Call ended/).waitFor(LIVE);
    expect(await bytesReceived(rider.page)).toBe(-1);
    await Promise.all([agent.context.close(), rider.context.close()]);
  }, 120_000);

  it("the staff history's page is in the address: Next, a reload and Back keep to it", async () => {
    // One passenger's chat ends first, then twenty of another's: hers is the first on the history's second page.
    const older = await signedInPassenger('Lata Menon', 1280);
    const newer = await signedInPassenger('Gopal Das', 1280);
    const endedChat = async (page: Page) => {
      const started = await apiFrom(page, '/api/support/sessions', 'POST', { type: 'chat', topic: 'water' });
      expect(started.status).toBe(201);
      expect((await apiFrom(page, `/api/support/sessions/${started.body.id}/end`, 'POST')).status).toBe(200);
    };
    await endedChat(older.page);
    for (let i = 0; i < 20; i++) await endedChat(newer.page);

    const agent = await newPage(browser, server, 1280);
    await signInWithEmail(agent.page, ADMIN.email, ADMIN.password);
    await agent.page.waitForURL((url) => url.pathname === '/dashboard');
    await agent.page.goto('/real-time-support');
    const history = agent.page.locator('section', { has: agent.page.getByRole('heading', { name: 'History', exact: true }) });
    const cursorInAddress = () => new URL(agent.page.url()).searchParams.get('historyCursor');
    await history.getByText('Gopal Das').first().waitFor(LIVE);
    expect(await history.getByText('Lata Menon').count()).toBe(0);
    expect(cursorInAddress()).toBeNull();

    await history.getByRole('button', { name: 'Next' }).click();
    await history.getByText('Lata Menon').waitFor(LIVE);
    const second = cursorInAddress();
    expect(second).toBeTruthy();

    // A reload opens the same page.
    await agent.page.reload();
    await history.getByText('Lata Menon').waitFor(LIVE);
    expect(cursorInAddress()).toBe(second);

    // Back returns to the newest page.
    await agent.page.goBack();
    await expect.poll(cursorInAddress, LIVE).toBeNull();
    await history.getByText('Gopal Das').first().waitFor(LIVE);
    await expect.poll(() => history.getByText('Lata Menon').count(), LIVE).toBe(0);

    // A forged cursor is refused: the newest page shows, with the line saying so, and the address drops it.
    await agent.page.goto('/real-time-support?historyCursor=forged');
    await history.getByText('That page of the history is no longer available.', { exact: false }).waitFor(LIVE);
    await history.getByText('Gopal Das').first().waitFor(LIVE);
    expect(cursorInAddress()).toBeNull();

    await Promise.all([agent.context.close(), older.context.close(), newer.context.close()]);
  }, 120_000);
});
