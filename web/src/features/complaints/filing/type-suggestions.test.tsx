import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { SUGGEST_PAUSE_MS, TypeSuggestions, typesToOffer } from './type-suggestions';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answer = {
  top3: [
    { category: 'water', confidence: 0.71 },
    { category: 'coach-cleanliness', confidence: 0.16 },
    { category: 'amenities', confidence: 0.08 },
  ],
};

function Form({ description, isOnline = true }: { description: string; isOnline?: boolean }) {
  const [type, setType] = useState('');
  return (
    <>
      <output data-testid="type">{type}</output>
      <TypeSuggestions description={description} type={type} isOnline={isOnline} onChoose={setType} />
    </>
  );
}

function renderForm(description: string, isOnline = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Form description={description} isOnline={isOnline} />
    </QueryClientProvider>,
  );
}

const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_PAUSE_MS + 100)));

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('typesToOffer', () => {
  it('offers up to three types that are likely enough, best first', () => {
    expect(typesToOffer(answer as never)).toEqual(['water', 'coach-cleanliness']);
    expect(typesToOffer(undefined)).toEqual([]);
    expect(typesToOffer({ top3: [{ category: 'water', confidence: 0.1 }] })).toEqual([]);
  });
});

describe('TypeSuggestions', () => {
  it('asks once the passenger pauses, and sets the type only when a chip is pressed', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, answer));
    renderForm('No water in the toilets since Kota.');
    const chip = await screen.findByRole('button', { name: 'Water Availability' }, { timeout: 2000 });
    expect(screen.getByRole('group', { name: 'Looks like:' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Coach - Cleanliness' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Passenger Amenities' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/complaints/suggest-type');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'No water in the toilets since Kota.' });
    // The guess alone changes nothing.
    expect(screen.getByTestId('type').textContent).toBe('');
    fireEvent.click(chip);
    expect(screen.getByTestId('type').textContent).toBe('water');
    expect(chip.getAttribute('aria-pressed')).toBe('true');
  });

  it('stays silent for a short description or without signal', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, answer));
    renderForm('No water');
    await pause();
    cleanup();
    renderForm('No water in the toilets since Kota.', false);
    await pause();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('shows nothing when the server cannot guess', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(500, { code: 'internal', message: 'boom' }));
    renderForm('No water in the toilets since Kota.');
    await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 2000 });
    expect(screen.queryByRole('group')).toBeNull();
  });
});
