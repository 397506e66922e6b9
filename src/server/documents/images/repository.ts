// The document_images table: the only image code that runs queries. Every call names the owner, so
// another person's document has no images to read, add or remove. The bytes are blobs
// (blobs/store.ts): rows carry a key, a size and a hash, so no query here ever carries an image.
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { StoredBlob } from '../../blobs/index.js';
import type { Db } from '../../db/client.js';
import { documentImages, documents } from '../../db/schema.js';
import type { ImageContentType } from '../../../shared/images.js';
import type { StoredInputFile } from '../../latex/compile/index.js';
import type { DocumentQuota } from '../quota.js';

export interface StoredImage {
  name: string;
  contentType: ImageContentType;
  size: number;
  createdAt: Date;
}

export interface NewImage {
  name: string;
  contentType: ImageContentType;
  /** The bytes, already written to the blob store. */
  blob: StoredBlob;
}

const listColumns = {
  name: documentImages.name,
  contentType: documentImages.contentType,
  size: documentImages.size,
  createdAt: documentImages.createdAt,
};

/** Only the user's own document: a join on the owner, so a foreign id reads as no document. */
const owned = (userId: number, documentId: number) => and(eq(documents.id, documentId), eq(documents.userId, userId));

export function createImageRepository(db: Db) {
  return {
    async list(userId: number, documentId: number): Promise<StoredImage[]> {
      const rows = await db
        .select(listColumns)
        .from(documentImages)
        .innerJoin(documents, eq(documents.id, documentImages.documentId))
        .where(owned(userId, documentId))
        .orderBy(asc(documentImages.name));
      return rows as StoredImage[];
    },

    /** Every image of the document as a compile's input files: names, keys and hashes, no bytes. */
    async files(userId: number, documentId: number): Promise<StoredInputFile[]> {
      const rows = await db
        .select({ name: documentImages.name, blob: documentImages.blobKey, size: documentImages.size, sha256: documentImages.sha256 })
        .from(documentImages)
        .innerJoin(documents, eq(documents.id, documentImages.documentId))
        .where(and(owned(userId, documentId), isNotNull(documentImages.blobKey)))
        .orderBy(asc(documentImages.name));
      return rows as StoredInputFile[];
    },

    /** Where one image's bytes are, for streaming them. */
    async stored(userId: number, documentId: number, name: string): Promise<{ contentType: ImageContentType; key: string; size: number } | null> {
      const [row] = await db
        .select({ contentType: documentImages.contentType, key: documentImages.blobKey, size: documentImages.size })
        .from(documentImages)
        .innerJoin(documents, eq(documents.id, documentImages.documentId))
        .where(and(owned(userId, documentId), eq(documentImages.name, name), isNotNull(documentImages.blobKey)))
        .limit(1);
      return row ? { contentType: row.contentType as ImageContentType, key: row.key!, size: row.size } : null;
    },

    /**
     * Adds the image, or replaces the one of the same name, unless the document's images would
     * then exceed `maxTotalBytes` or its owner's storage the account's cap (DocumentStorageFullError).
     * The owner's row and then the document's are locked for the checks (the order every write
     * takes), so two uploads at once cannot both pass them. 'missing' when the document is not the
     * user's. The replaced image's blob becomes garbage in the same transaction.
     */
    async put(
      userId: number,
      documentId: number,
      image: NewImage,
      limits: { maxTotalBytes: number; quota: DocumentQuota },
    ): Promise<{ status: 'missing' } | { status: 'too-large'; otherBytes: number } | { status: 'stored'; image: StoredImage; totalBytes: number }> {
      return db.transaction(async (tx) => {
        await limits.quota.assertRoom(tx, userId, { documents: 0, bytes: 0 });
        const [doc] = await tx.select({ id: documents.id }).from(documents).where(owned(userId, documentId)).for('update');
        if (!doc) return { status: 'missing' as const };
        const [sizes] = await tx
          .select({
            others: sql<string>`coalesce(sum(${documentImages.size}) filter (where ${ne(documentImages.name, image.name)}), 0)`,
            replaced: sql<string>`coalesce(sum(${documentImages.size}) filter (where ${eq(documentImages.name, image.name)}), 0)`,
          })
          .from(documentImages)
          .where(eq(documentImages.documentId, documentId));
        const otherBytes = Number(sizes?.others ?? 0);
        if (otherBytes + image.blob.size > limits.maxTotalBytes) return { status: 'too-large' as const, otherBytes };
        await limits.quota.assertRoom(tx, userId, { documents: 0, bytes: image.blob.size - Number(sizes?.replaced ?? 0) });
        const values = { name: image.name, contentType: image.contentType, sha256: image.blob.sha256, size: image.blob.size, blobKey: image.blob.key };
        const [row] = await tx
          .insert(documentImages)
          .values({ documentId, ...values })
          .onConflictDoUpdate({
            target: [documentImages.documentId, documentImages.name],
            set: {
              contentType: sql`excluded.content_type`,
              sha256: sql`excluded.sha256`,
              size: sql`excluded.size`,
              blobKey: sql`excluded.blob_key`,
              bytes: null,
              createdAt: sql`now()`,
            },
          })
          .returning(listColumns);
        return { status: 'stored' as const, image: row as StoredImage, totalBytes: otherBytes + image.blob.size };
      });
    },

    /**
     * Copies every image of one document to another in the caller's transaction, in one statement
     * (a re-generation's new document keeps the images its note names): the copies name the same
     * blobs, which stay until no row names them. Both must be one owner's: the caller has checked that.
     */
    async copy(tx: Db, fromDocumentId: number, toDocumentId: number): Promise<void> {
      await tx.execute(sql`
        insert into ${documentImages} (document_id, name, content_type, size, sha256, blob_key)
        select ${toDocumentId}, name, content_type, size, sha256, blob_key from ${documentImages}
        where document_id = ${fromDocumentId} and blob_key is not null
        on conflict (document_id, name) do nothing`);
    },

    async remove(userId: number, documentId: number, name: string): Promise<boolean> {
      const rows = await db
        .delete(documentImages)
        .where(
          and(
            eq(documentImages.documentId, documentId),
            eq(documentImages.name, name),
            sql`exists (select 1 from ${documents} where ${documents.id} = ${documentId} and ${documents.userId} = ${userId})`,
          ),
        )
        .returning({ name: documentImages.name });
      return rows.length === 1;
    },
  };
}

export type ImageRepository = ReturnType<typeof createImageRepository>;
