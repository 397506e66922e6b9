// The migration path of bytes stored before blobs (drizzle/0005): at start-up, under the migration
// lock, each image and PDF row that still holds its bytes has them copied into the blob store in
// 1 MB pieces (never the whole value at once) and then names its blob instead. A row is switched
// only if nobody switched it meanwhile; a blob that lost that race is removed.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { documentImages, documentPdfs } from '../db/schema.js';
import type { BlobStore, StoredBlob } from './store.js';

const PIECE = 1 << 20;
/** Another lock than the schema migration's, taken after it. */
const ADOPT_LOCK = 727_431_002;

async function* piecesOf(read: (offset: number) => Promise<Buffer | null>): AsyncGenerator<Buffer> {
  for (let offset = 0; ; offset += PIECE) {
    const piece = await read(offset);
    if (!piece || piece.length === 0) return;
    yield piece;
    if (piece.length < PIECE) return;
  }
}

interface StoredColumn {
  /** Rows that still hold their bytes. */
  ids(): Promise<number[]>;
  /** A piece of one row's bytes (null when the row is gone). */
  piece(id: number, offset: number): Promise<Buffer | null>;
  /** Names the blob instead of the bytes, unless someone did already; true when it did. */
  switchTo(id: number, stored: StoredBlob): Promise<boolean>;
}

async function adoptColumn(column: StoredColumn, blobs: BlobStore): Promise<number> {
  let moved = 0;
  for (const id of await column.ids()) {
    const stored = await blobs.write(piecesOf((offset) => column.piece(id, offset)));
    if (await column.switchTo(id, stored)) moved++;
    else await blobs.remove([stored.key]);
  }
  return moved;
}

/** Moves every stored value into `blobs`; resolves with how many rows were moved. */
export async function adoptStoredBytes(database: Database, blobs: BlobStore): Promise<{ images: number; pdfs: number }> {
  const { db } = database;
  const images: StoredColumn = {
    ids: async () => (await db.select({ id: documentImages.id }).from(documentImages).where(and(isNotNull(documentImages.bytes), isNull(documentImages.blobKey)))).map((r) => r.id),
    async piece(id, offset) {
      const [row] = await db.select({ piece: sql<Buffer>`substring(${documentImages.bytes} from ${offset + 1} for ${PIECE})` }).from(documentImages).where(eq(documentImages.id, id));
      return row?.piece ?? null;
    },
    async switchTo(id, stored) {
      const rows = await db.update(documentImages).set({ blobKey: stored.key, bytes: null }).where(and(eq(documentImages.id, id), isNull(documentImages.blobKey))).returning({ id: documentImages.id });
      return rows.length === 1;
    },
  };
  const pdfs: StoredColumn = {
    ids: async () => (await db.select({ id: documentPdfs.documentId }).from(documentPdfs).where(and(isNotNull(documentPdfs.pdf), isNull(documentPdfs.pdfKey)))).map((r) => r.id),
    async piece(id, offset) {
      const [row] = await db.select({ piece: sql<Buffer>`substring(${documentPdfs.pdf} from ${offset + 1} for ${PIECE})` }).from(documentPdfs).where(eq(documentPdfs.documentId, id));
      return row?.piece ?? null;
    },
    async switchTo(id, stored) {
      const rows = await db
        .update(documentPdfs)
        .set({ pdfKey: stored.key, pdfSize: stored.size, pdf: null, pdfHash: sql`coalesce(${documentPdfs.pdfHash}, ${stored.sha256})` })
        .where(and(eq(documentPdfs.documentId, id), isNull(documentPdfs.pdfKey)))
        .returning({ id: documentPdfs.documentId });
      return rows.length === 1;
    },
  };
  return database.withLock(ADOPT_LOCK, async () => ({ images: await adoptColumn(images, blobs), pdfs: await adoptColumn(pdfs, blobs) }));
}
