import type { Me } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { meQuery } from '../../../lib/session';
import { complaintQueue } from './complaint-queue';
import FileComplaintPage from './file-complaint-page';

const me = { id: 'u1', name: 'Asha', role: 'passenger', phoneNumber: '+919876543210' } as Me;

function renderPage() {
  const client = new QueryClient();
  client.setQueryData(meQuery.queryKey, me);
  const router = createMemoryRouter([{ path: '/file-complaint', Component: FileComplaintPage }], { initialEntries: ['/file-complaint'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fillComplaint = () => {
  fireEvent.change(screen.getByLabelText('Type of problem'), { target: { value: 'water' } });
  fireEvent.input(screen.getByLabelText('Train number'), { target: { value: '12951' } });
  fireEvent.input(screen.getByLabelText('PNR'), { target: { value: '4512345678' } });
  fireEvent.input(screen.getByLabelText('Location'), { target: { value: 'Coach B2, berth 34' } });
  fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'No water in the toilets since Kota.' } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/**
 * Answers the filing calls in turn (the last answer repeats). While the passenger types, the form
 * also asks for likely types and solutions; those get empty answers whenever they happen to fire.
 */
const serveFiling = (...answers: (() => Response)[]) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    if (url !== '/api/complaints') return json(200, { top3: [], items: [] });
    return (answers.length > 1 ? answers.shift()! : answers[0])();
  });
const filings = (fetch: ReturnType<typeof serveFiling>) => fetch.mock.calls.filter(([url]) => url === '/api/complaints');

beforeAll(async () => {
  await initI18n({ screens: true });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  for (const item of complaintQueue.getSnapshot().items) await complaintQueue.remove(item.key);
});

describe('File a New Complaint', () => {
  it('starts at Medium, on a train, dated today, with the account’s mobile number', () => {
    renderPage();
    expect(screen.getByRole('radio', { name: 'Medium' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'On a train' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Mobile number for SMS updates (optional)') as HTMLInputElement).value).toBe('+919876543210');
    expect((screen.getByLabelText('Date of incident') as HTMLInputElement).max).toBe((screen.getByLabelText('Date of incident') as HTMLInputElement).value);
  });

  it('names every missing field and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPage();
    submit();
    expect(await screen.findByText('Please choose the type of problem.')).toBeTruthy();
    expect(screen.getByText('Please give the 5-digit train number.')).toBeTruthy();
    expect(screen.getByText('Please say where it happened (coach, berth or platform).')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a station instead of a train for a complaint at a station', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'At a station' }));
    expect(screen.getByLabelText('Train number (optional)')).toBeTruthy();
    submit();
    expect(await screen.findByText('Please name the station.')).toBeTruthy();
    expect(screen.queryByText('Please give the 5-digit train number.')).toBeNull();
  });

  it('offers the likely types as the passenger describes the problem, and sets one only when pressed', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      url === '/api/complaints/suggest-type' ? json(200, { top3: [{ category: 'water', confidence: 0.8 }, { category: 'amenities', confidence: 0.05 }] }) : json(200, { items: [] }),
    );
    renderPage();
    const type = screen.getByLabelText('Type of problem') as HTMLSelectElement;
    fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'No water in the toilets since Kota.' } });
    const chip = await screen.findByRole('button', { name: 'Water Availability' }, { timeout: 2000 });
    expect(screen.queryByRole('button', { name: 'Passenger Amenities' })).toBeNull();
    expect(type.value).toBe('');
    fireEvent.click(chip);
    expect(type.value).toBe('water');
  });

  it('files the complaint with an Idempotency-Key, shows its reference and clears the form', async () => {
    const fetch = serveFiling(() => json(201, { reference: 'CMP100001' }));
    renderPage();
    fillComplaint();
    submit();
    expect(await screen.findByText('Complaint submitted successfully!')).toBeTruthy();
    expect(screen.getByTestId('complaint-reference').textContent).toBe('CMP100001');
    expect(screen.getByRole('link', { name: 'Follow this complaint' }).getAttribute('href')).toBe('/complaints/CMP100001');
    expect(filings(fetch)).toHaveLength(1);
    const [url, init] = filings(fetch)[0];
    expect(url).toBe('/api/complaints');
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const body = init?.body as FormData;
    expect([body.get('type'), body.get('pnr'), body.get('mobile'), body.get('where')]).toEqual(['water', '4512345678', '+919876543210', 'train']);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
    expect(complaintQueue.getSnapshot().items).toEqual([]);
  });

  it('keeps the form and marks the field when the server refuses it', async () => {
    serveFiling(() => json(400, { code: 'validation_failed', message: 'pnr: pnr_invalid', fields: { pnr: 'pnr_invalid' } }));
    renderPage();
    fillComplaint();
    submit();
    expect(await screen.findByText('Failed to submit complaint.')).toBeTruthy();
    expect(screen.getByText('A PNR has exactly 10 digits.')).toBeTruthy();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('No water in the toilets since Kota.');
    expect(complaintQueue.getSnapshot().items).toEqual([]);
  });

  it('retries a server failure with the same key, so it cannot be filed twice', async () => {
    const fetch = serveFiling(
      () => json(500, { code: 'internal', message: 'boom' }),
      () => json(200, { reference: 'CMP100002' }),
    );
    renderPage();
    fillComplaint();
    submit();
    expect(await screen.findByText('Failed to submit complaint.')).toBeTruthy();
    submit();
    expect(await screen.findByText('CMP100002')).toBeTruthy();
    const keys = filings(fetch).map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('keeps the complaint on the phone when there is no signal, and lists it as waiting', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPage();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    fillComplaint();
    submit();
    const list = await screen.findByTestId('waiting-list');
    expect(list.textContent).toContain('Saved on your phone. It will be sent by itself when you are back online.');
    expect(list.textContent).toContain('Water Availability');
    expect(list.textContent).toContain('0 photos');
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(''));
  });
});
