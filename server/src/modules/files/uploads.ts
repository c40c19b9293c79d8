import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { file, pendingUpload } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage';

export type Upload = { key: string; fileId: string; bytes: Buffer; contentType: string };
export type Uploads = ReturnType<typeof createUploads>;

/** Bytes noted this long ago and still pending belong to a request that died: a live one has finished long before. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Writes uploaded bytes so that none outlive a failed save. Bytes go to storage before the
 * transaction that records them, so each key is first noted in `pending_upload`; the recording
 * transaction deletes the note (`settle`). A failure removes the bytes at once (`discard`); a
 * crash leaves the note, and `sweep` removes those bytes later.
 */
export function createUploads(deps: { db: Db; storage: StorageProvider; log: { error: (o: object, m: string) => void } }) {
  const { db, storage, log } = deps;

  /** Removes the bytes and their notes. Never throws: what stays noted, the sweep retries. */
  async function discard(keys: string[]): Promise<void> {
    if (!keys.length) return;
    const removed = await Promise.allSettled(keys.map((key) => storage.remove(key)));
    const gone = keys.filter((_, i) => removed[i].status === 'fulfilled');
    for (const r of removed) if (r.status === 'rejected') log.error({ err: r.reason }, 'removing an unsaved upload failed; the sweep will retry');
    if (gone.length) await db.delete(pendingUpload).where(inArray(pendingUpload.key, gone)).catch((err) => log.error({ err }, 'clearing upload notes failed'));
  }

  return {
    /** Notes the keys, then writes the bytes; if any write fails, removes them all and throws. */
    async put(items: Upload[]): Promise<void> {
      if (!items.length) return;
      await db.insert(pendingUpload).values(items.map(({ key, fileId }) => ({ key, fileId })));
      const written = await Promise.allSettled(items.map((i) => storage.put(i.key, i.bytes, i.contentType)));
      const failed = written.find((r) => r.status === 'rejected');
      if (failed) {
        await discard(items.map((i) => i.key));
        throw failed.reason;
      }
    },

    /** Inside the transaction that inserts the `file` rows: their bytes are no longer pending. */
    async settle(tx: Tx, keys: string[]): Promise<void> {
      if (keys.length) await tx.delete(pendingUpload).where(inArray(pendingUpload.key, keys));
    },

    /** Inside the transaction that deletes `file` rows: their bytes become removable (`discard` them once it commits). */
    async retire(tx: Tx, items: { key: string; fileId: string }[]): Promise<void> {
      if (items.length) await tx.insert(pendingUpload).values(items).onConflictDoNothing();
    },

    discard,

    /**
     * Removes the bytes of notes older than `olderThanMs` whose file has no row, and clears every
     * such note. Safe on several nodes at once (removing twice is harmless). Returns how many
     * keys it removed from storage.
     */
    async sweep(olderThanMs = ORPHAN_AGE_MS): Promise<number> {
      let removed = 0;
      for (;;) {
        // The database's clock, which wrote the notes: the nodes' clocks may differ.
        const stale = await db
          .select({ key: pendingUpload.key, fileId: pendingUpload.fileId, recorded: file.id })
          .from(pendingUpload)
          .leftJoin(file, eq(file.id, pendingUpload.fileId))
          .where(sql`${pendingUpload.createdAt} < now() - ${olderThanMs}::float8 * interval '1 millisecond'`)
          .orderBy(asc(pendingUpload.createdAt))
          .limit(SWEEP_BATCH);
        const orphans = stale.filter((s) => !s.recorded).map((s) => s.key);
        // A note whose file was recorded after all (it should not happen) keeps its bytes.
        const kept = stale.filter((s) => s.recorded).map((s) => s.key);
        if (kept.length) await db.delete(pendingUpload).where(inArray(pendingUpload.key, kept));
        const results = await Promise.allSettled(orphans.map((key) => storage.remove(key)));
        const gone = orphans.filter((_, i) => results[i].status === 'fulfilled');
        if (gone.length) await db.delete(pendingUpload).where(inArray(pendingUpload.key, gone));
        removed += gone.length;
        const failed = results.find((r) => r.status === 'rejected');
        // Storage refusing: stop here and try again at the next sweep rather than spin.
        if (failed) throw (failed as PromiseRejectedResult).reason;
        if (stale.length < SWEEP_BATCH) return removed;
      }
    },
  };
}
