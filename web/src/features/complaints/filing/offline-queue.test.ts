import type { ComplaintDetail } from '@railmadad/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { type ComplaintFields, createComplaintQueue, memoryStore, type QueuedComplaint, type QueueStore } from './offline-queue';

const fields: ComplaintFields = {
  type: 'water',
  severity: 'medium',
  where: 'train',
  trainNumber: '12951',
  pnr: '1234567890',
  location: 'B2 34',
  incidentDate: '2025-01-01',
  description: 'No water in the toilet since Kota.',
  language: 'en',
};

let counter = 0;
const complaint = (key: string, userId = 'u1'): QueuedComplaint => ({
  key,
  userId,
  fields,
  photos: [{ name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['x'], { type: 'image/jpeg' }) }],
  createdAt: ++counter,
  attempts: 0,
  state: 'waiting',
});

const detail = (reference: string) => ({ reference }) as ComplaintDetail;
const offlineError = () => new ApiError(0, 'network', 'offline');
const invalid = () => new ApiError(400, 'validation_failed', 'pnr: pnr_invalid', { pnr: 'pnr_invalid' });

/** A send the test finishes by hand, to hold a request "on the wire". */
function deferredSend() {
  const calls: { item: QueuedComplaint; resolve: (d: ComplaintDetail) => void; reject: (e: unknown) => void }[] = [];
  const send = vi.fn(
    (item: QueuedComplaint) =>
      new Promise<ComplaintDetail>((resolve, reject) => {
        calls.push({ item, resolve, reject });
      }),
  );
  return { send, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function seeded(items: QueuedComplaint[]): Promise<QueueStore> {
  const store = memoryStore();
  for (const item of items) await store.put(item);
  return store;
}

describe('the offline complaint queue', () => {
  it('sends waiting complaints oldest first and forgets them once the server has them', async () => {
    const store = await seeded([complaint('k1'), complaint('k2')]);
    const send = vi.fn(async (item: QueuedComplaint) => detail(item.key === 'k1' ? 'CMP100001' : 'CMP100002'));
    const queue = createComplaintQueue({ store, send });
    const sent = vi.fn();
    queue.onSent(sent);

    await queue.flush('u1');

    expect(send.mock.calls.map(([item]) => item.key)).toEqual(['k1', 'k2']);
    expect(await store.list()).toEqual([]);
    expect(queue.getSnapshot().sent.map((n) => n.reference)).toEqual(['CMP100001', 'CMP100002']);
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('keeps a complaint whose send failed for want of signal, and tries it again later with the same key', async () => {
    const store = await seeded([complaint('k1'), complaint('k2')]);
    const send = vi.fn().mockRejectedValueOnce(offlineError()).mockResolvedValue(detail('CMP100001'));
    const queue = createComplaintQueue({ store, send });

    await queue.flush('u1');
    // One failure for want of signal stops the round: the second would fail the same way.
    expect(send).toHaveBeenCalledTimes(1);
    const kept = await store.list();
    expect(kept.map((i) => [i.key, i.state, i.attempts])).toEqual([
      ['k1', 'waiting', 1],
      ['k2', 'waiting', 0],
    ]);

    await queue.flush('u1');
    expect(send.mock.calls.map(([item]) => item.key)).toEqual(['k1', 'k1', 'k2']);
    expect(await store.list()).toEqual([]);
  });

  it('keeps a complaint when the server is in trouble (5xx) or the session ended (401)', async () => {
    const store = await seeded([complaint('k1')]);
    const send = vi.fn().mockRejectedValueOnce(new ApiError(503, 'internal', 'down')).mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'signed out'));
    const queue = createComplaintQueue({ store, send });
    await queue.flush('u1');
    await queue.flush('u1');
    expect((await store.list()).map((i) => [i.state, i.attempts])).toEqual([['waiting', 2]]);
  });

  it('takes a refused complaint (4xx) out of the waiting queue and hands it back with the errors until it is submitted again', async () => {
    const store = await seeded([complaint('k1'), complaint('k2')]);
    const send = vi.fn().mockRejectedValueOnce(invalid()).mockResolvedValue(detail('CMP100002'));
    const queue = createComplaintQueue({ store, send });

    await queue.flush('u1');
    // The refusal does not stop the others.
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot().items.filter((i) => i.state === 'waiting')).toEqual([]);

    // Never sent again as it is.
    await queue.flush('u1');
    expect(send).toHaveBeenCalledTimes(2);

    const back = await queue.nextRejected('u1');
    expect(back?.key).toBe('k1');
    expect(back?.errors).toEqual({ pnr: 'pnr_invalid' });
    expect(back?.photos).toHaveLength(1);
    // Still on the phone: a reload before the passenger fixes it loses nothing.
    expect((await queue.nextRejected('u1'))?.key).toBe('k1');

    // Corrected and submitted under its key, it replaces the refused one.
    const outcome = await queue.submit({ ...back!, state: 'waiting', errors: undefined, fields: { ...fields, pnr: '4512345678' } });
    expect(outcome.kind).toBe('sent');
    expect(await queue.nextRejected('u1')).toBeNull();
    expect(await store.list()).toEqual([]);
  });

  it('sends once when flushed twice at the same moment', async () => {
    const store = await seeded([complaint('k1')]);
    const { send, calls } = deferredSend();
    const queue = createComplaintQueue({ store, send });

    const first = queue.flush('u1');
    const second = queue.flush('u1');
    await tick();
    expect(calls).toHaveLength(1);
    // A third flush while the first is on the wire waits for it, then finds nothing left.
    const third = queue.flush('u1');
    calls[0].resolve(detail('CMP100001'));
    await Promise.all([first, second, third]);

    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().sent).toHaveLength(1);
  });

  it('never sends two complaints at once, even from two queues sharing the store and the lock', async () => {
    const store = await seeded([complaint('k1'), complaint('k2')]);
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async (item: QueuedComplaint) => {
      most = Math.max(most, ++inFlight);
      await tick();
      inFlight--;
      return detail(`CMP-${item.key}`);
    });
    // Two tabs: one lock between them, as navigator.locks gives.
    let held: Promise<unknown> = Promise.resolve();
    const lock = <T>(task: () => Promise<T>) => {
      const run = held.then(task);
      held = run.catch(() => undefined);
      return run;
    };
    const tabA = createComplaintQueue({ store, send, lock });
    const tabB = createComplaintQueue({ store, send, lock });

    await Promise.all([tabA.flush('u1'), tabB.flush('u1')]);

    expect(most).toBe(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await store.list()).toEqual([]);
  });

  it('sends only the signed-in person’s complaints', async () => {
    const store = await seeded([complaint('mine', 'u1'), complaint('theirs', 'u2')]);
    const send = vi.fn(async (_item: QueuedComplaint) => detail('CMP100001'));
    const queue = createComplaintQueue({ store, send });
    await queue.flush('u1');
    expect(send.mock.calls.map(([item]) => item.key)).toEqual(['mine']);
    expect((await store.list()).map((i) => i.key)).toEqual(['theirs']);
  });

  it('does not try while the phone is offline', async () => {
    const store = await seeded([complaint('k1')]);
    const send = vi.fn();
    const queue = createComplaintQueue({ store, send, isOnline: () => false });
    await queue.flush('u1');
    expect(send).not.toHaveBeenCalled();
    expect(await store.list()).toHaveLength(1);
  });
});

describe('submitting through the queue', () => {
  it('writes the complaint to the store before sending it, and removes it once sent', async () => {
    const store = memoryStore();
    let storedWhenSent = 0;
    const send = vi.fn(async () => {
      storedWhenSent = (await store.list()).length;
      return detail('CMP100001');
    });
    const queue = createComplaintQueue({ store, send });
    const outcome = await queue.submit(complaint('k1'));
    expect(outcome).toEqual({ kind: 'sent', complaint: detail('CMP100001') });
    expect(storedWhenSent).toBe(1);
    expect(await store.list()).toEqual([]);
    // The page shows its own success; the background notices are for complaints sent later.
    expect(queue.getSnapshot().sent).toEqual([]);
  });

  it('keeps the complaint on the phone when there is no signal', async () => {
    const store = memoryStore();
    const queue = createComplaintQueue({ store, send: vi.fn().mockRejectedValue(offlineError()) });
    expect(await queue.submit(complaint('k1'))).toEqual({ kind: 'saved' });
    expect((await store.list()).map((i) => i.key)).toEqual(['k1']);
    expect(queue.getSnapshot().items).toHaveLength(1);
  });

  it('does not even try when the phone says it is offline', async () => {
    const store = memoryStore();
    const send = vi.fn();
    const queue = createComplaintQueue({ store, send, isOnline: () => false });
    expect(await queue.submit(complaint('k1'))).toEqual({ kind: 'saved' });
    expect(send).not.toHaveBeenCalled();
    expect(await store.list()).toHaveLength(1);
  });

  it('takes the complaint back out on a refusal or a server failure: the form keeps it', async () => {
    for (const error of [invalid(), new ApiError(500, 'internal', 'boom')]) {
      const store = memoryStore();
      const queue = createComplaintQueue({ store, send: vi.fn().mockRejectedValue(error) });
      expect(await queue.submit(complaint('k1'))).toEqual({ kind: 'failed', error });
      expect(await store.list()).toEqual([]);
    }
  });

  it('is not sent a second time by a flush that runs meanwhile', async () => {
    const store = memoryStore();
    const { send, calls } = deferredSend();
    const queue = createComplaintQueue({ store, send });
    const submitted = queue.submit(complaint('k1'));
    await tick();
    const flushed = queue.flush('u1');
    await tick();
    expect(calls).toHaveLength(1);
    calls[0].resolve(detail('CMP100001'));
    expect((await submitted).kind).toBe('sent');
    await flushed;
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('still sends at once when the phone’s storage refuses the complaint', async () => {
    const store = memoryStore();
    store.put = () => Promise.reject(new Error('QuotaExceededError'));
    const queue = createComplaintQueue({ store, send: vi.fn().mockResolvedValue(detail('CMP100001')) });
    expect((await queue.submit(complaint('k1'))).kind).toBe('sent');
  });
});
