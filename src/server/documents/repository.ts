// Documents and their stored PDFs: every query is scoped to the owner, so another user's document
// is simply not found.
import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { StoredBlob } from '../blobs/index.js';
import type { Db } from '../db/client.js';
import { documentImages, documentPdfs, documents, documentVersions, generationRequests, users, type DocumentRow } from '../db/schema.js';

export interface NewDocument {
  userId: number;
  title: string;
  inputContent: string;
  latexContent: string;
  documentType: string;
  metadata?: Record<string, unknown> | null;
  compilationSuccessful?: boolean | null;
  compilationError?: string | null;
}

export type DocumentChanges = Partial<Pick<DocumentRow, 'title' | 'inputContent' | 'latexContent' | 'documentType' | 'compilationSuccessful' | 'compilationError' | 'metadata'>>;

const summaryColumns = {
  id: documents.id,
  title: documents.title,
  documentType: documents.documentType,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  compilationSuccessful: documents.compilationSuccessful,
  hasPdf: sql<boolean>`(${documentPdfs.documentId} IS NOT NULL)`,
};

/** A stored PDF as its row names it: the blob, its size and hash, and the SyncTeX data beside it. */
export interface StoredPdf {
  pdfKey: string;
  pdfSize: number;
  pdfHash: string | null;
  synctex: Buffer | null;
}

const storedPdfColumns = { pdfKey: documentPdfs.pdfKey, pdfSize: documentPdfs.pdfSize, pdfHash: documentPdfs.pdfHash, synctex: documentPdfs.synctex };

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Bytes a document's text takes (title, notes, LaTeX), as the database measures them. */
export const documentTextBytes = (d: { title: string; inputContent: string; latexContent: string }) =>
  Buffer.byteLength(d.title) + Buffer.byteLength(d.inputContent) + Buffer.byteLength(d.latexContent);

export function createDocumentRepository(db: Db) {
  const listQuery = (where: SQL | undefined) =>
    db
      .select(summaryColumns)
      .from(documents)
      .leftJoin(documentPdfs, eq(documentPdfs.documentId, documents.id))
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(500);
  // The history page's list, asked on every visit: built once.
  const history = listQuery(eq(documents.userId, sql.placeholder('userId'))).prepare('document_history');
  return {
    /**
     * Holds the owner's row lock until `tx` ends, so one account's writes are checked against its
     * caps one at a time (the generation charge takes the same lock).
     */
    async lockOwner(tx: Db, userId: number): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** How many documents the user keeps and the bytes they take: text, stored PDFs, images and versions. */
    async storage(tx: Db, userId: number): Promise<{ documents: number; bytes: number }> {
      // octet_length reads a stored value's size from its header, PDFs and images have theirs in a
      // column: no document is read in full.
      const imageBytes = sql`(select coalesce(sum(${documentImages.size}), 0) from ${documentImages} inner join ${documents} on ${documents.id} = ${documentImages.documentId} where ${documents.userId} = ${userId})`;
      // Their versions count too (docs/product.md, Documents API). One statement: this runs inside
      // every save's transaction, and each round trip to the embedded database is a millisecond or two.
      const versionBytes = sql`(select coalesce(sum(octet_length(${documentVersions.title}) + octet_length(${documentVersions.inputContent}) + octet_length(${documentVersions.latexContent})), 0) from ${documentVersions} inner join ${documents} on ${documents.id} = ${documentVersions.documentId} where ${documents.userId} = ${userId})`;
      const [row] = await tx
        .select({
          documents: sql<number>`count(*)::int`,
          bytes: sql<string>`(coalesce(sum(octet_length(${documents.title}) + octet_length(${documents.inputContent}) + octet_length(${documents.latexContent}) + coalesce(${documentPdfs.pdfSize}, 0)), 0) + ${imageBytes} + ${versionBytes})::bigint`,
        })
        .from(documents)
        .leftJoin(documentPdfs, eq(documentPdfs.documentId, documents.id))
        .where(eq(documents.userId, userId));
      return { documents: row?.documents ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    /** Bytes of the document's stored PDF, 0 when it has none. */
    async pdfBytes(tx: Db, documentId: number): Promise<number> {
      const [row] = await tx.select({ bytes: documentPdfs.pdfSize }).from(documentPdfs).where(eq(documentPdfs.documentId, documentId));
      return row?.bytes ?? 0;
    },

    async list(userId: number, search?: string) {
      const term = search?.trim();
      if (!term) return history.execute({ userId });
      const match = or(ilike(documents.title, `%${escapeLike(term)}%`), ilike(documents.inputContent, `%${escapeLike(term)}%`));
      return listQuery(and(eq(documents.userId, userId), match));
    },

    async get(userId: number, id: number) {
      const [row] = await db
        .select({ doc: documents, hasPdf: summaryColumns.hasPdf, pdfHash: documentPdfs.pdfHash })
        .from(documents)
        .leftJoin(documentPdfs, eq(documentPdfs.documentId, documents.id))
        .where(and(eq(documents.id, id), eq(documents.userId, userId)))
        .limit(1);
      return row ? { ...row.doc, hasPdf: row.hasPdf, pdfHash: row.pdfHash } : null;
    },

    async insert(tx: Db, values: NewDocument): Promise<DocumentRow> {
      const [row] = await tx.insert(documents).values(values).returning();
      return row!;
    },

    /** `holding`: only while the document still holds this LaTeX (null otherwise: it changed meanwhile). */
    async update(userId: number, id: number, changes: DocumentChanges, tx: Db = db, holding?: string): Promise<DocumentRow | null> {
      const [row] = await tx
        .update(documents)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(documents.id, id), eq(documents.userId, userId), holding !== undefined ? eq(documents.latexContent, holding) : undefined))
        .returning();
      return row ?? null;
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(documents)
        .where(and(eq(documents.id, id), eq(documents.userId, userId)))
        .returning({ id: documents.id });
      return rows.length === 1;
    },

    /** The stored PDF (its blob) when it was made from exactly this LaTeX. */
    async getPdf(documentId: number, latexHash: string): Promise<StoredPdf | null> {
      const [row] = await db
        .select(storedPdfColumns)
        .from(documentPdfs)
        .where(and(eq(documentPdfs.documentId, documentId), eq(documentPdfs.latexHash, latexHash), isNotNull(documentPdfs.pdfKey)))
        .limit(1);
      return (row as StoredPdf | undefined) ?? null;
    },

    /** The owner's stored PDF with its hash and SyncTeX data, whatever LaTeX it was made from. */
    async getPdfFile(userId: number, documentId: number): Promise<StoredPdf | null> {
      const [row] = await db
        .select(storedPdfColumns)
        .from(documentPdfs)
        .innerJoin(documents, eq(documents.id, documentPdfs.documentId))
        .where(and(eq(documentPdfs.documentId, documentId), eq(documents.userId, userId), isNotNull(documentPdfs.pdfKey)))
        .limit(1);
      return (row as StoredPdf | undefined) ?? null;
    },

    /** Names the PDF's blob (written before, outside the transaction); the one it replaces becomes garbage. */
    async putPdf(tx: Db, documentId: number, pdf: StoredBlob, latexHash: string, extras: { synctex?: Buffer } = {}): Promise<void> {
      const values = { pdfKey: pdf.key, pdfSize: pdf.size, pdfHash: pdf.sha256, pdf: null, latexHash, synctex: extras.synctex ?? null };
      await tx
        .insert(documentPdfs)
        .values({ documentId, ...values })
        .onConflictDoUpdate({ target: documentPdfs.documentId, set: { ...values, createdAt: sql`now()` } });
    },

    async deletePdf(tx: Db, documentId: number): Promise<void> {
      await tx.delete(documentPdfs).where(eq(documentPdfs.documentId, documentId));
    },

    async findGenerationRequest(userId: number, key: string) {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(and(eq(generationRequests.userId, userId), eq(generationRequests.idempotencyKey, key)))
        .limit(1);
      return row ?? null;
    },

    /** Records the request's key; false when the key was already used (then the caller rolls back). */
    async recordGenerationRequest(tx: Db, values: { userId: number; idempotencyKey: string; documentId: number; response: Record<string, unknown> }) {
      const rows = await tx.insert(generationRequests).values(values).onConflictDoNothing().returning({ key: generationRequests.idempotencyKey });
      return rows.length === 1;
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
