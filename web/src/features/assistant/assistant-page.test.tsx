import type { AssistantChatResponse, AssistantConversation, AssistantMessage } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import AssistantPage from './assistant-page';

const at = '2026-11-23T10:00:00.000Z';
const answer = (id: string, content: string, extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
  id,
  role: 'assistant',
  content,
  language: 'en',
  action: null,
  sources: [],
  suggestions: [],
  createdAt: at,
  ...extra,
});
const reply = (message: AssistantMessage): AssistantChatResponse => ({
  conversationId: 'c1',
  reply: message.content,
  language: message.language,
  action: message.action ?? undefined,
  sources: message.sources,
  suggestions: message.suggestions,
  engine: 'builtin',
  message,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Chat = (body: Record<string, unknown>) => Response | Promise<Response>;

/** The server as the screen sees it: the stored conversation, and each question answered by `chat`. */
function serve(conversation: AssistantConversation, chat: Chat) {
  const calls: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/assistant/conversations/current' && init?.method === 'DELETE') return json(200, { ok: true });
    if (url === '/api/assistant/conversations/current') return json(200, conversation);
    if (url === '/api/assistant/chat') {
      const body = JSON.parse(String(init?.body));
      calls.push(body);
      return chat(body);
    }
    return json(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/ai-assistance', element: <AssistantPage /> },
      { path: '/file-complaint', element: <p>Filing form</p> },
    ],
    { initialEntries: ['/ai-assistance'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const box = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.input(box(), { target: { value: text } });
const empty: AssistantConversation = { id: null, messages: [], starters: ['Where is my complaint?', 'How do I get a refund?'] };

beforeAll(async () => {
  await initI18n({ screens: true });
  Element.prototype.scrollTo ??= () => undefined;
});
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AI Assistant', () => {
  it('opens with the greeting and the starters, and sends nothing blank', async () => {
    const { calls } = serve(empty, () => json(200, {}));
    renderPage();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText(/^Namaste! I am the Rail Madad assistant/)).toBeTruthy();
    expect(await within(log).findByRole('button', { name: 'Where is my complaint?' })).toBeTruthy();
    type('   ');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(calls).toEqual([]);
  });

  it('shows the stored conversation instead of the starters', async () => {
    serve({ id: 'c1', starters: ['Where is my complaint?'], messages: [{ ...answer('u1', 'Is there a pantry car?'), role: 'user' }, answer('a1', 'Yes, train 12951 has a pantry car.')] }, () => json(200, {}));
    renderPage();
    expect(await screen.findByText('Yes, train 12951 has a pantry car.')).toBeTruthy();
    expect(screen.getByText('Is there a pantry car?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Where is my complaint?' })).toBeNull();
  });

  it('sends with Enter, says "AI is thinking..." with the input and Send disabled, then shows the answer', async () => {
    let answerNow: (r: Response) => void = () => undefined;
    const { calls } = serve(empty, () => new Promise<Response>((resolve) => (answerNow = resolve)));
    renderPage();
    await screen.findByRole('button', { name: 'Where is my complaint?' });
    type('  Is there a pantry car on 12951?  ');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(calls).toEqual([]);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByText('AI is thinking...')).toBeTruthy();
    expect(box().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    expect(box().value).toBe('');
    expect(calls).toEqual([{ message: 'Is there a pantry car on 12951?' }]);
    await act(async () => answerNow(json(200, reply(answer('a1', 'Yes, it has a pantry car.', { suggestions: [{ label: 'Talk to a person', command: 'live_support' }] })))));
    expect(await screen.findByText('Yes, it has a pantry car.')).toBeTruthy();
    expect(screen.queryByText('AI is thinking...')).toBeNull();
    expect(box().disabled).toBe(false);

    // A suggestion sends its label with its command, in the same conversation.
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(calls[1]).toEqual({ message: 'Talk to a person', conversationId: 'c1', command: 'live_support' }));
  });

  it('writes the answer out as it streams in', async () => {
    let push: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    serve(empty, () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          close = () => controller.close();
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    renderPage();
    await screen.findByRole('button', { name: 'Where is my complaint?' });
    type('refund?');
    fireEvent.click(sendButton());
    await waitFor(() => expect(push).not.toBe(undefined));
    await act(async () => push('event: delta\ndata: {"text":"Refunds take "}\n\n'));
    expect(await screen.findByText(/^Refunds take/)).toBeTruthy();
    expect(screen.queryByText('AI is thinking...')).toBeNull();
    const final = answer('a1', 'Refunds take 5 to 7 working days.', { sources: [{ id: 'refunds', title: 'Refund rules' }] });
    await act(async () => {
      push(`event: delta\ndata: {"text":"5 to 7 working days."}\n\nevent: done\ndata: ${JSON.stringify(reply(final))}\n\n`);
      close();
    });
    expect(await screen.findByText('Refunds take 5 to 7 working days.')).toBeTruthy();
    expect(screen.getByText('Refund rules')).toBeTruthy();
  });

  it('answers a failure in the assistant’s bubble with the original prototype’s words, and keeps unsent words', async () => {
    const answers: (() => Response)[] = [
      () => json(200, { surprise: true }),
      () => json(429, { code: 'rate_limited', message: 'Too many' }),
      () => json(400, { code: 'weird', message: 'That draft has expired.' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    serve(empty, () => answers.shift()!());
    renderPage();
    await screen.findByRole('button', { name: 'Where is my complaint?' });
    for (const [question, expected] of [
      ['one', 'An error occurred while processing your request.'],
      ['two', 'Error: You are sending messages very quickly. Please wait a minute and try again.'],
      ['three', 'Error: That draft has expired.'],
      ['four', 'Network error occurred. Please check your connection and try again.'],
    ]) {
      type(question);
      fireEvent.click(sendButton());
      expect(await screen.findByText(expected)).toBeTruthy();
      await waitFor(() => expect(box().disabled).toBe(false));
    }
    // Only the words that never reached the server come back into the box.
    expect(box().value).toBe('four');
  });

  it('keeps the typed words and disables Send without a signal', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = serve(empty, () => json(200, {}));
    renderPage();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    type('Is my train late?');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(calls).toEqual([]);
    expect(box().value).toBe('Is my train late?');
  });

  it('offers Read aloud only where the browser can speak, in the answer’s language, and toggles it to Stop', async () => {
    serve({ id: 'c1', starters: [], messages: [answer('a1', 'शिकायत दर्ज हो गई है।', { language: 'hi' })] }, () => json(200, {}));
    renderPage();
    await screen.findByText('शिकायत दर्ज हो गई है।');
    expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    cleanup();

    const spoken: SpeechSynthesisUtterance[] = [];
    vi.stubGlobal('SpeechSynthesisUtterance', class {
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {}
    });
    vi.stubGlobal('speechSynthesis', { speak: (u: SpeechSynthesisUtterance) => spoken.push(u), cancel: vi.fn(), getVoices: () => [] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    expect(spoken.map((u) => [u.text, u.lang])).toEqual([['शिकायत दर्ज हो गई है।', 'hi-IN']]);
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(stop);
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('makes an emergency impossible to miss: an alert, Call 139 first, and a live agent on request', async () => {
    const emergency = answer('a1', 'Call 139 now.', { action: { kind: 'call', number: '139', emergency: true }, suggestions: [{ label: 'Connect me to a live agent', command: 'live_support' }] });
    const { calls } = serve(empty, () => json(200, reply({ ...emergency, id: `a${calls.length}` })));
    renderPage();
    await screen.findByRole('button', { name: 'Where is my complaint?' });
    type('my father collapsed in coach B2');
    fireEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Call 139 now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call 139' }).getAttribute('href')).toBe('tel:139');
    // One button, not the card's and the suggestion's.
    const connect = screen.getAllByRole('button', { name: 'Connect me to a live agent' });
    expect(connect).toHaveLength(1);
    fireEvent.click(connect[0]);
    await waitFor(() => expect(calls[1]).toMatchObject({ message: 'Connect me to a live agent', command: 'live_support' }));
  });

  it('opens the filing form with the draft, and files a complete one from the chat', async () => {
    const draft = { type: 'coach-cleanliness' as const, trainNumber: '12951', pnr: '2345678901', location: 'Coach S3', description: 'Toilet in S3 is dirty' };
    const ready = answer('a1', 'Shall I file it now?', { action: { kind: 'file_complaint', draft, missing: [] } });
    const { calls } = serve(empty, () => json(200, reply({ ...ready, id: `a${calls.length}` })));
    const router = renderPage();
    await screen.findByRole('button', { name: 'Where is my complaint?' });
    type('toilet in S3 is dirty, train 12951');
    fireEvent.click(sendButton());
    const card = await screen.findByRole('region', { name: 'Complaint ready to file' });
    expect(within(card).getByText('Coach - Cleanliness')).toBeTruthy();
    expect(within(card).getByText('2345678901')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'File it now' }));
    await waitFor(() => expect(calls[1]).toMatchObject({ command: 'confirm_filing', conversationId: 'c1' }));
    await waitFor(() => expect(box().disabled).toBe(false));
    fireEvent.click(within(screen.getAllByRole('region', { name: 'Complaint ready to file' })[0]).getByRole('button', { name: 'Open the prefilled form' }));
    await screen.findByText('Filing form');
    expect(router.state.location.state).toEqual({ assistantDraft: draft, conversationId: 'c1' });
  });

  it('New conversation clears the list on the server and on the screen', async () => {
    const { fetch } = serve({ id: 'c1', starters: ['Where is my complaint?'], messages: [answer('a1', 'Earlier answer')] }, () => json(200, {}));
    renderPage();
    await screen.findByText('Earlier answer');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByRole('button', { name: 'Where is my complaint?' })).toBeTruthy();
    expect(screen.queryByText('Earlier answer')).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/assistant/conversations/current' && init?.method === 'DELETE')).toBe(true);
  });
});
