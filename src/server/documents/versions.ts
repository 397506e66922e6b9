// A document's versions (docs/product.md, Documents API): the states it had after each generation,
// compile and restore, newest first. Recording one is part of the caller's transaction (after the
// document's own write, with the owner's caps checked for its bytes); a version the same as the
// newest is not recorded again, and past MAX_VERSIONS_PER_DOCUMENT the oldest ones go.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { MAX_VERSIONS_PER_DOCUMENT, type VersionKind } from '../../shared/api/versions.js';
import type { Db } from '../db/client.js';
import { documentVersions } from '../db/schema.js';

export interface VersionContent {
  title: string;
  inputContent: string;
  latexContent: string;
  documentType: string;
  compilationSuccessful?: boolean | null;
}

/** Bytes a version takes toward the owner's storage, as the database measures them. */
export const versionBytes = (v: Pick<VersionContent, 'title' | 'inputContent' | 'latexContent'>) =>
  Buffer.byteLength(v.title) + Buffer.byteLength(v.inputContent) + Buffer.byteLength(v.latexContent);

const listColumns = {
  id: documentVersions.id,
  kind: documentVersions.kind,
  title: documentVersions.title,
  documentType: documentVersions.documentType,
  compilationSuccessful: documentVersions.compilationSuccessful,
  createdAt: documentVersions.createdAt,
  bytes: sql<number>`(octet_length(${documentVersions.title}) + octet_length(${documentVersions.inputContent}) + octet_length(${documentVersions.latexContent}))::int`,
};

export function createVersionRepository(db: Db) {
  /** The newest version's text, or null. */
  async function newest(tx: Db, documentId: number) {
    const [row] = await tx
      .select({
        title: documentVersions.title,
        inputContent: documentVersions.inputContent,
        latexContent: documentVersions.latexContent,
        documentType: documentVersions.documentType,
      })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId))
      .orderBy(desc(documentVersions.id))
      .limit(1);
    return row ?? null;
  }

  return {
    /**
     * Whether `content` would be a new version of the document (it differs from the newest), so the
     * caller can count its bytes before recording it.
     */
    async differs(tx: Db, documentId: number, content: VersionContent): Promise<boolean> {
      const last = await newest(tx, documentId);
      return (
        !last ||
        last.latexContent !== content.latexContent ||
        last.inputContent !== content.inputContent ||
        last.title !== content.title ||
        last.documentType !== content.documentType
      );
    },

    /**
     * Adds a version and drops the oldest beyond the cap, in one statement (it runs in every save's
     * transaction); call inside the transaction that wrote the document.
     */
    async record(tx: Db, documentId: number, kind: VersionKind, content: VersionContent): Promise<void> {
      const added = tx.$with('added').as(
        tx
          .insert(documentVersions)
          .values({
            documentId,
            kind,
            title: content.title,
            inputContent: content.inputContent,
            latexContent: content.latexContent,
            documentType: content.documentType,
            compilationSuccessful: content.compilationSuccessful ?? null,
          })
          .returning({ id: documentVersions.id }),
      );
      // The statement sees the versions as they were before its insert: the newest cap - 1 of them
      // stay beside the one it adds.
      const oldestKept = tx
        .select({ id: documentVersions.id })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, documentId))
        .orderBy(desc(documentVersions.id))
        .offset(MAX_VERSIONS_PER_DOCUMENT - 2)
        .limit(1);
      await tx
        .with(added)
        .delete(documentVersions)
        .where(and(eq(documentVersions.documentId, documentId), lt(documentVersions.id, oldestKept), sql`exists (select 1 from ${added})`));
    },

    /**
     * Marks the newest version with a compile's outcome (a compile of exactly its text: the version
     * a generation made is then shown compiled, and no copy of it is added). One statement; call
     * inside the transaction that wrote the document.
     */
    async markNewestCompiled(tx: Db, documentId: number, compilationSuccessful: boolean): Promise<void> {
      const newestId = tx.select({ id: documentVersions.id }).from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.id)).limit(1);
      await tx.update(documentVersions).set({ compilationSuccessful }).where(eq(documentVersions.id, newestId));
    },

    /** The document's versions, newest first (the caller has checked the owner). */
    async list(documentId: number) {
      return db.select(listColumns).from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.id));
    },

    async get(documentId: number, versionId: number) {
      const [row] = await db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.id, versionId)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type VersionRepository = ReturnType<typeof createVersionRepository>;
