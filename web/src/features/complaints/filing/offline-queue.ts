import type { ComplaintDetail } from '@railmadad/contract';
import { ApiError } from '../../../lib/api';

/** The text fields of POST /api/complaints, as the form sends them. */
export type ComplaintFields = {
  type: string;
  severity: string;
  where: string;
  trainNumber?: string;
  pnr?: string;
  utsNumber?: string;
  station?: string;
  location: string;
  incidentDate: string;
  description: string;
  mobile?: string;
  language: string;
};

export type QueuedPhoto = { name: string; type: string; blob: Blob };

/**
 * A complaint kept on the phone until the server has it. `key` is the Idempotency-Key made
 * when the passenger pressed Submit: every attempt sends the same one, so the server files it once.
 */
export type QueuedComplaint = {
  key: string;
  userId: string;
  fields: ComplaintFields;
  photos: QueuedPhoto[];
  createdAt: number;
  attempts: number;
  /** `rejected`: the server refused the content (4xx); it goes back into the form, never resent as is. */
  state: 'waiting' | 'rejected';
  /** Field → problem code, from the server's 400 answer. */
  errors?: Record<string, string>;
  errorCode?: string;
};

/** Where queued complaints live: IndexedDB in the browser, a Map in tests. */
export type QueueStore = {
  list(): Promise<QueuedComplaint[]>;
  put(item: QueuedComplaint): Promise<void>;
  remove(key: string): Promise<void>;
};

/** Runs `task` while no other tab runs one: the Web Locks API in the browser. */
export type Lock = <T>(task: () => Promise<T>) => Promise<T>;

/** Tells the other tabs that the queue changed, and hears them. */
export type Channel = { post(message: QueueMessage): void; listen(handler: (message: QueueMessage) => void): void };
export type QueueMessage = { kind: 'changed' } | { kind: 'sent'; notice: SentNotice };

export type SentNotice = { key: string; reference: string; type: string };

export type SubmitOutcome =
  | { kind: 'sent'; complaint: ComplaintDetail }
  | { kind: 'saved' }
  | { kind: 'failed'; error: unknown };

export type QueueSnapshot = { items: QueuedComplaint[]; sent: SentNotice[] };

export type QueueDeps = {
  store: QueueStore;
  send: (item: QueuedComplaint) => Promise<ComplaintDetail>;
  lock?: Lock;
  isOnline?: () => boolean;
  channel?: Channel;
};

/** No answer reached us: the request may or may not have arrived, so it is kept and retried with its key. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The server read the complaint and refused its content: sending it again would fail the same way. */
export const isRejection = (error: unknown) => error instanceof ApiError && [400, 413, 415, 422].includes(error.status);

const byAge = (a: QueuedComplaint, b: QueuedComplaint) => a.createdAt - b.createdAt;

export function createComplaintQueue({ store, send, lock = (task) => task(), isOnline = () => true, channel }: QueueDeps) {
  let snapshot: QueueSnapshot = { items: [], sent: [] };
  /** Complaints this tab is sending from submit(): its own flush leaves them alone. */
  const claimed = new Set<string>();
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(notice: SentNotice) => void>();

  const publish = (next: Partial<QueueSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const refresh = async () => publish({ items: (await store.list()).sort(byAge) });
  const announceSent = (notice: SentNotice) => {
    if (snapshot.sent.some((n) => n.key === notice.key)) return;
    publish({ sent: [...snapshot.sent, notice] });
    for (const listener of sentListeners) listener(notice);
  };
  const changed = async () => {
    await refresh();
    channel?.post({ kind: 'changed' });
  };

  channel?.listen((message) => {
    if (message.kind === 'sent') announceSent(message.notice);
    void refresh();
  });

  // One task at a time in this tab, and (through the lock) in all tabs: never two uploads at once.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => lock(task));
    tail = run.catch(() => undefined);
    return run;
  };

  const keep = (item: QueuedComplaint) => store.put({ ...item, attempts: item.attempts + 1 });

  async function sendWaiting(userId: string) {
    const waiting = (await store.list()).filter((i) => i.userId === userId && i.state === 'waiting' && !claimed.has(i.key)).sort(byAge);
    for (const item of waiting) {
      if (!isOnline()) break;
      try {
        const complaint = await send(item);
        await store.remove(item.key);
        const notice = { key: item.key, reference: complaint.reference, type: item.fields.type };
        announceSent(notice);
        channel?.post({ kind: 'sent', notice });
      } catch (error) {
        if (isRejection(error)) {
          const apiError = error as ApiError;
          await store.put({ ...item, state: 'rejected', errors: apiError.fields, errorCode: apiError.code });
          continue;
        }
        await keep(item);
        // No signal, or the server is in trouble: the next ones would fail the same way.
        break;
      }
    }
    await changed();
  }

  let queued: Promise<void> | null = null;

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called with each complaint the queue sends by itself (not with the ones sent at once by submit). */
    onSent(listener: (notice: SentNotice) => void) {
      sentListeners.add(listener);
      return () => void sentListeners.delete(listener);
    },
    refresh,

    /**
     * Keeps the complaint on the phone first, then tries to send it. A lost signal leaves it
     * queued (`saved`); any other failure takes it out again and the form keeps the values.
     */
    async submit(item: QueuedComplaint): Promise<SubmitOutcome> {
      claimed.add(item.key);
      try {
        // A full disk must not stop a complaint that could go out at once.
        const isStored = await store.put(item).then(
          () => true,
          () => false,
        );
        await changed();
        if (!isOnline()) return isStored ? { kind: 'saved' } : { kind: 'failed', error: new ApiError(0, 'network', 'offline') };
        return await exclusive(async () => {
          try {
            // Sent even if another tab took it meanwhile: the same key makes the server answer with the same complaint.
            const complaint = await send(item);
            await store.remove(item.key);
            return { kind: 'sent' as const, complaint };
          } catch (error) {
            if (isNetworkFailure(error) && isStored) {
              await keep(item);
              return { kind: 'saved' as const };
            }
            await store.remove(item.key);
            return { kind: 'failed' as const, error };
          }
        });
      } finally {
        claimed.delete(item.key);
        await changed();
      }
    },

    /** Sends this person's waiting complaints, oldest first. Calls made while one flush waits share it. */
    flush(userId: string): Promise<void> {
      if (queued) return queued;
      const run = exclusive(async () => {
        queued = null;
        await sendWaiting(userId);
      });
      queued = run;
      return run;
    },

    /**
     * The oldest complaint the server refused, for the form to show with its errors. It stays on
     * the phone (never resent as is) until the passenger submits it again under the same key.
     */
    async nextRejected(userId: string): Promise<QueuedComplaint | null> {
      return (await store.list()).filter((i) => i.userId === userId && i.state === 'rejected').sort(byAge)[0] ?? null;
    },

    async remove(key: string) {
      await store.remove(key);
      await changed();
    },

    /** A complaint sent by submit() after its page was left: shown like one the queue sent by itself. */
    announceSent,

    dismissSent(key: string) {
      publish({ sent: snapshot.sent.filter((n) => n.key !== key) });
    },
  };
}

export type ComplaintQueue = ReturnType<typeof createComplaintQueue>;

/** For tests, and for browsers where IndexedDB is blocked (the complaint then lives as long as the tab). */
export function memoryStore(): QueueStore {
  const items = new Map<string, QueuedComplaint>();
  return {
    list: async () => [...items.values()],
    put: async (item) => void items.set(item.key, item),
    remove: async (key) => void items.delete(key),
  };
}

const DB_NAME = 'railmadad-complaints';
const STORE_NAME = 'pending';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Complaints and their photo Blobs in IndexedDB, so they survive a closed tab or a restarted phone. */
export function indexedDbStore(factory: IDBFactory = indexedDB): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return db;
  };
  const write = async (change: (store: IDBObjectStore) => void) => {
    const tx = (await open()).transaction(STORE_NAME, 'readwrite');
    change(tx.objectStore(STORE_NAME));
    // Resolved only once the write is on disk.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  };
  return {
    list: async () => done((await open()).transaction(STORE_NAME).objectStore(STORE_NAME).getAll() as IDBRequest<QueuedComplaint[]>),
    put: (item) => write((s) => s.put(item)),
    remove: (key) => write((s) => s.delete(key)),
  };
}

/** IndexedDB when it opens; if the browser refuses it (private mode, storage off), memory instead. */
export function browserStore(): QueueStore {
  const memory = memoryStore();
  if (typeof indexedDB === 'undefined') return memory;
  const idb = indexedDbStore();
  let store: Promise<QueueStore> | null = null;
  const pick = () => {
    store ??= idb.list().then(
      () => idb,
      () => memory,
    );
    return store;
  };
  return {
    list: async () => (await pick()).list(),
    put: async (item) => (await pick()).put(item),
    remove: async (key) => (await pick()).remove(key),
  };
}
