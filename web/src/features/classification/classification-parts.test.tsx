import type { ClassificationSummary, TrainingStatus } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { classificationKeys } from './api';
import { ModelPanel } from './model-panel';
import { SummaryTiles } from './summary-tiles';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary: ClassificationSummary = {
  accuracy: null,
  reviewed: 0,
  processedToday: 12,
  pendingReview: 3,
  threshold: 0.6,
  distribution: [],
  histogram: [],
  weekly: [],
  model: { version: 2, status: 'active', examples: 4374, corrections: 5, accuracy: 0.737, top3: 0.92, emergencyRecall: 0.55, sizeBytes: 7_200_000, createdAt: '2025-03-01T10:00:00.000Z' },
};

const idle: TrainingStatus = { state: 'idle', progress: 0, startedAt: null, finishedAt: null, result: null, error: null };

function renderWithClient(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return client;
}

/** What the socket does with a 'classifier:training' event. */
const report = (client: QueryClient, status: TrainingStatus) =>
  act(async () => {
    client.setQueryData(classificationKeys.training, status);
  });

beforeAll(async () => {
  await initI18n({ screens: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SummaryTiles', () => {
  it('says there is no accuracy before the first review', () => {
    render(<SummaryTiles summary={summary} />);
    expect(screen.getByTestId('tile-accuracy').textContent).toBe('—');
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByTestId('tile-today').textContent).toBe('12');
    expect(screen.getByTestId('tile-pending').textContent).toBe('3');
    expect(screen.getByRole('region', { name: 'Pending review' })).toBeTruthy();
    expect(screen.getByTestId('model-line').textContent).toBe(
      'Model version 2: 73.7% on held-back examples, trained on 4,374 examples with 5 corrections · Calls below 60% confidence wait for review',
    );
  });

  it('shows the share confirmed and how many were reviewed', () => {
    render(<SummaryTiles summary={{ ...summary, accuracy: 0.875, reviewed: 8 }} />);
    expect(screen.getByTestId('tile-accuracy').textContent).toBe('88%');
    expect(screen.getByText('8 reviewed')).toBeTruthy();
  });
});

describe('ModelPanel', () => {
  it('retrains, follows the progress and gives the verdict', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (url === '/api/classifier/retrain' && init?.method === 'POST') return json(202, { ...idle, state: 'training', progress: 0, startedAt: new Date().toISOString() });
      if (url === '/api/classifier/training') return json(200, idle);
      return json(200, {});
    });
    const client = renderWithClient(<ModelPanel />);
    await waitFor(() => expect(client.getQueryData(classificationKeys.training)).toEqual(idle));
    fireEvent.click(screen.getByRole('button', { name: 'Retrain model' }));
    expect(await screen.findByRole('progressbar', { name: 'Training a new version…' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/api/classifier/retrain')).toBe(true);

    // The socket reports the run's progress, then its end.
    await report(client, { ...idle, state: 'training', progress: 0.4 });
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    await report(client,
      {
        ...idle,
        state: 'done',
        progress: 1,
        result: { version: 3, accepted: true, accuracy: 0.912, previousAccuracy: 0.876, emergencyRecall: 0.96, previousEmergencyRecall: 0.95, examples: 4400, corrections: 9 },
      },
    );
    expect((await screen.findByRole('status')).textContent).toBe('Version 3 is now active (accuracy 91.2% vs 87.6%).');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  /** The panel's verdict on a run seen from its progress to its end with this result. */
  async function verdictAfterRun(result: NonNullable<TrainingStatus['result']>) {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, idle));
    const client = renderWithClient(<ModelPanel />);
    await waitFor(() => expect(client.getQueryData(classificationKeys.training)).toEqual(idle));
    await report(client, { ...idle, state: 'training', progress: 0.9 });
    await screen.findByRole('progressbar');
    await report(client, { ...idle, state: 'done', result });
    return (await screen.findByRole('status')).textContent;
  }

  it('says when a new version was kept aside', async () => {
    expect(
      await verdictAfterRun({ version: 4, accepted: false, accuracy: 0.85, previousAccuracy: 0.912, emergencyRecall: 0.96, previousEmergencyRecall: 0.95, examples: 4400, corrections: 9 }),
    ).toBe('Version 4 was kept aside: it scored 85%, the active model 91.2%.');
  });

  it('says when a new version was kept aside for the emergencies it missed', async () => {
    expect(
      await verdictAfterRun({ version: 5, accepted: false, accuracy: 0.93, previousAccuracy: 0.912, emergencyRecall: 0.94, previousEmergencyRecall: 0.96, examples: 4400, corrections: 9 }),
    ).toBe('Version 5 was kept aside: it caught 94% of the held-back emergencies, the active model 96%.');
  });

  it('shows no old verdict when the page opens', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, { ...idle, state: 'done', result: { version: 2, accepted: true, accuracy: 0.9, previousAccuracy: 0.8, emergencyRecall: 0.96, previousEmergencyRecall: 0.95, examples: 1, corrections: 0 } }),
    );
    renderWithClient(<ModelPanel />);
    expect(await screen.findByRole('button', { name: 'Retrain model' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
