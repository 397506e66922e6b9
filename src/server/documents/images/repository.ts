// The document_images table: the only image code that runs queries. Every call names the owner, so
// another person's document has no images to read, add or remove. Bytes travel as base64 text and
// are decoded by the database: PGlite turns a bytea parameter or column into JavaScript byte by
// byte (about 10 s for 10 MB here, blocking the event loop), base64 text ten times faster, and
// PostgreSQL does not care either way.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentImages, documents } from '../../db/schema.js';
import type { ImageContentType } from '../../../shared/images.js';

export interface StoredImage {
  name: string;
  contentType: ImageContentType;
  size: number;
  createdAt: Date;
}

export interface NewImage {
  name: string;
  contentType: ImageContentType;
  bytes: Buffer;
  sha256: string;
}

const listColumns = {
  name: documentImages.name,
  contentType: documentImages.contentType,
  size: documentImages.size,
  createdAt: documentImages.createdAt,
};

const bytesAsBase64 = sql<string>`encode(${documentImages.bytes}, 'base64')`;

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

    /** Name and bytes of every image of the document, for a compile. */
    async files(userId: number, documentId: number): Promise<Array<{ name: string; bytes: Buffer }>> {
      const rows = await db
        .select({ name: documentImages.name, base64: bytesAsBase64 })
        .from(documentImages)
        .innerJoin(documents, eq(documents.id, documentImages.documentId))
        .where(owned(userId, documentId))
        .orderBy(asc(documentImages.name));
      return rows.map((r) => ({ name: r.name, bytes: Buffer.from(r.base64, 'base64') }));
    },

    async bytes(userId: number, documentId: number, name: string): Promise<{ contentType: ImageContentType; bytes: Buffer } | null> {
      const [row] = await db
        .select({ contentType: documentImages.contentType, base64: bytesAsBase64 })
        .from(documentImages)
        .innerJoin(documents, eq(documents.id, documentImages.documentId))
        .where(and(owned(userId, documentId), eq(documentImages.name, name)))
        .limit(1);
      return row ? { contentType: row.contentType as ImageContentType, bytes: Buffer.from(row.base64, 'base64') } : null;
    },

    /**
     * Adds the image, or replaces the one of the same name, unless the document's images would
     * then exceed `maxTotalBytes`. The document row is locked for the check, so two uploads at
     * once cannot both pass it. 'missing' when the document is not the user's.
     */
    async put(userId: number, documentId: number, image: NewImage, maxTotalBytes: number): Promise<{ status: 'missing' } | { status: 'too-large'; otherBytes: number } | { status: 'stored'; image: StoredImage; totalBytes: number }> {
      return db.transaction(async (tx) => {
        const [doc] = await tx.select({ id: documents.id }).from(documents).where(owned(userId, documentId)).for('update');
        if (!doc) return { status: 'missing' as const };
        const [others] = await tx
          .select({ bytes: sql<string>`coalesce(sum(${documentImages.size}), 0)` })
          .from(documentImages)
          .where(and(eq(documentImages.documentId, documentId), ne(documentImages.name, image.name)));
        const otherBytes = Number(others?.bytes ?? 0);
        if (otherBytes + image.bytes.length > maxTotalBytes) return { status: 'too-large' as const, otherBytes };
        const values = { name: image.name, contentType: image.contentType, sha256: image.sha256, size: image.bytes.length, bytes: sql`decode(${image.bytes.toString('base64')}, 'base64')` };
        const [row] = await tx
          .insert(documentImages)
          .values({ documentId, ...values })
          // `excluded`: the bytes travel once, not again for the update.
          .onConflictDoUpdate({
            target: [documentImages.documentId, documentImages.name],
            set: {
              contentType: sql`excluded.content_type`,
              sha256: sql`excluded.sha256`,
              size: sql`excluded.size`,
              bytes: sql`excluded.bytes`,
              createdAt: sql`now()`,
            },
          })
          .returning(listColumns);
        return { status: 'stored' as const, image: row as StoredImage, totalBytes: otherBytes + image.bytes.length };
      });
    },

    /**
     * Copies every image of one document to another in the caller's transaction, in one statement
     * (a re-generation's new document keeps the images its note names). Both must be one owner's:
     * the caller has checked that.
     */
    async copy(tx: Db, fromDocumentId: number, toDocumentId: number): Promise<void> {
      await tx.execute(sql`
        insert into ${documentImages} (document_id, name, content_type, size, sha256, bytes)
        select ${toDocumentId}, name, content_type, size, sha256, bytes from ${documentImages}
        where document_id = ${fromDocumentId}
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
