// Removing blobs no row names any more. The database notes a key in blob_garbage whenever a row
// that named it goes or names another (a trigger, so deletes that cascade from a document or an
// account count too, in the same transaction). The sweeper removes a noted key's blob once no row
// names it and the note is a minute old (a re-generation's copy of its images, committing just
// then, names the same keys), then forgets the note. Removing is idempotent, so several processes
// may sweep at once.
import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { blobGarbage, documentImages, documentPdfs } from '../db/schema.js';
import type { BlobStore } from './store.js';

const BATCH = 200;

export interface BlobSweeper {
  /** Sweeps now (after a delete, say); resolves with the number of blobs removed. */
  sweep(options?: { minAgeSeconds?: number }): Promise<number>;
  /** Sweeps every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  stop(): void;
}

export function createBlobSweeper(db: Db, blobs: BlobStore, onError: (err: unknown) => void = () => {}): BlobSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweepOnce(minAgeSeconds: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await db
        .select({ key: blobGarbage.key })
        .from(blobGarbage)
        .where(
          and(
            lte(blobGarbage.createdAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
            notExists(db.select({ one: sql`1` }).from(documentImages).where(eq(documentImages.blobKey, blobGarbage.key))),
            notExists(db.select({ one: sql`1` }).from(documentPdfs).where(eq(documentPdfs.pdfKey, blobGarbage.key))),
          ),
        )
        .orderBy(asc(blobGarbage.createdAt))
        .limit(BATCH);
      const keys = rows.map((r) => r.key);
      if (keys.length === 0) return removed;
      await blobs.remove(keys);
      await db.delete(blobGarbage).where(inArray(blobGarbage.key, keys));
      removed += keys.length;
      if (keys.length < BATCH) return removed;
    }
  }

  return {
    sweep(options = {}) {
      // One sweep at a time in this process; a second caller shares the running one.
      running ??= sweepOnce(options.minAgeSeconds ?? 60).finally(() => (running = undefined));
      return running;
    },
    start(intervalMs = 60_000) {
      timer ??= setInterval(() => {
        this.sweep().catch(onError);
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
