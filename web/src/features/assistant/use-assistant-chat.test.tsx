import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { useAssistantChat } from './use-assistant-chat';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAssistantChat', () => {
  it('asks once when asked twice before the screen has redrawn (a double tap)', async () => {
    const questions: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/assistant/chat') {
          questions.push(JSON.parse(String(init?.body)));
          return new Promise<Response>(() => undefined);
        }
        return json(200, { id: null, messages: [], starters: [] });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useAssistantChat(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      void result.current.send('Where is my complaint?');
      second = result.current.send('Where is my complaint?');
    });
    expect(await second).toBe(false);
    await waitFor(() => expect(questions).toHaveLength(1));
    expect(result.current.entries).toHaveLength(1);
  });
});
