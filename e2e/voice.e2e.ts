import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, ROOT, type Server, signedInPassenger as signedInPassengerOn, startServer } from './support/harness';

const PASSWORD = 'voice-pass-2026';
/** Long enough for a loaded two-core CI machine; each wait ends as soon as what it waits for shows. */
const LIVE = { timeout: 20_000 };
const hindi = JSON.parse(readFileSync(join(ROOT, 'web/src/locales/hi/voice.json'), 'utf8')).voice as { startTitle: string; stopTitle: string };
const TRANSCRIPT = 'कोच B2 में पंखा नहीं चल रहा है';

/** A fake OpenAI-compatible transcription server on 127.0.0.1: keeps what each request carried and answers TRANSCRIPT. */
type Heard = { path: string; authorization?: string; model: string | null; language: string | null; format: string | null; fileName: string; fileType: string; bytes: number };
function startFakeTranscriber() {
  const heard: Heard[] = [];
  const server: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: Buffer.concat(chunks) })
        .formData()
        .catch(() => null);
      const file = form?.get('file') as File | null;
      heard.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        model: form?.get('model') as string | null,
        language: form?.get('language') as string | null,
        format: form?.get('response_format') as string | null,
        fileName: file?.name ?? '',
        fileType: file?.type ?? '',
        bytes: file?.size ?? 0,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: TRANSCRIPT }));
    });
  });
  return new Promise<{ base: string; heard: Heard[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, heard, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

const signedInPassenger = (server: Server, browser: Browser, name: string, width: number) => signedInPassengerOn(server, browser, name, width, PASSWORD);

const description = (page: Page) => page.locator('textarea[name="description"]');

describe.skipIf(!hasChromium)('voice input transcribed on the server', () => {
  let server: Server;
  let browser: Browser;
  let transcriber: Awaited<ReturnType<typeof startFakeTranscriber>>;
  beforeAll(async () => {
    transcriber = await startFakeTranscriber();
    server = await startServer({ STT_BASE_URL: `${transcriber.base}/v1`, STT_API_KEY: 'sk-e2e', STT_MODEL: 'whisper-large-v3' });
    // Chromium's fake microphone plays a beep, which the level watch hears as sound.
    browser = await launchBrowser({ media: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await transcriber?.close();
  });

  it('a passenger using Rail Madad in Hindi speaks the description: the recording goes to the transcriber with language=hi and the text lands in the form', async () => {
    const { page } = await signedInPassenger(server, browser, 'Sunita Devi', 360);
    // Hindi saved on the account (choosing it from the top bar is the quality journey's), applied at the next page load.
    const status = await page.evaluate(async () => (await fetch('/api/me/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'hi' }) })).status);
    expect(status).toBe(200);
    await page.goto('/file-complaint');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), LIVE).toBe('hi');
    await description(page).fill('पंखा।');

    await page.getByTitle(hindi.startTitle).click();
    const stop = page.getByTitle(hindi.stopTitle);
    await stop.waitFor(LIVE);
    expect(await stop.getAttribute('aria-pressed')).toBe('true');
    // Two seconds of the fake microphone, by the recording's own clock on screen.
    await page.getByText('0:02', { exact: true }).waitFor(LIVE);
    // The beep never pauses for 1.5 s, so the recording goes on until the passenger presses Stop.
    await stop.click();

    await expect.poll(() => transcriber.heard.length, LIVE).toBe(1);
    const [request] = transcriber.heard;
    expect(request).toMatchObject({ path: '/v1/audio/transcriptions', authorization: 'Bearer sk-e2e', model: 'whisper-large-v3', language: 'hi', format: 'json' });
    expect(request.fileType).toMatch(/^audio\/webm/);
    expect(request.fileName).toBe('speech.webm');
    expect(request.bytes).toBeGreaterThan(2000);

    await expect.poll(() => description(page).inputValue(), LIVE).toBe(`पंखा। ${TRANSCRIPT}`);
    await page.getByTitle(hindi.startTitle).waitFor(LIVE);
    expect(await page.getByTitle(hindi.startTitle).isEnabled()).toBe(true);
  });

  it('the assistant takes a spoken question the same way: transcribed in English, into the box, sent only when the passenger sends it', async () => {
    const { page } = await signedInPassenger(server, browser, 'Arun Pillai', 1280);
    const heardBefore = transcriber.heard.length;
    await page.goto('/ai-assistance');
    await page.getByTitle('Start Recording').click();
    const stop = page.getByTitle('Stop Recording');
    await stop.waitFor(LIVE);
    await page.getByText('0:01', { exact: true }).waitFor(LIVE);
    await stop.click();
    await expect.poll(() => transcriber.heard.length, LIVE).toBe(heardBefore + 1);
    expect(transcriber.heard.at(-1)).toMatchObject({ language: 'en' });
    const box = page.getByRole('textbox');
    await expect.poll(() => box.inputValue(), LIVE).toBe(TRANSCRIPT);
  });
});

describe.skipIf(!hasChromium)('voice input with no provider and no speech recognition', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ media: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the form says voice input is not available on this server and shows no microphone button', async () => {
    const { context, page } = await signedInPassenger(server, browser, 'Arjun Das', 1280);
    // A browser without the Web Speech API (Firefox, or Chromium with it switched off).
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    await page.goto('/file-complaint');
    await page.getByText('Voice input is not available on this server. Please type instead.').waitFor(LIVE);
    expect(await page.getByTitle('Start Recording').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Speak' }).count()).toBe(0);
    expect(await page.evaluate(async () => (await (await fetch('/api/speech')).json()).server)).toBe(false);
  });
});
