// What one account may keep: at most so many documents and so many bytes (notes, LaTeX and stored
// PDFs together). Every write that adds to either is checked inside its own transaction, after
// taking the owner's row lock, so concurrent writes cannot slip past the caps together.
import { DomainError } from '../domain-errors.js';
import type { Db } from '../db/client.js';
import type { DocumentRepository } from './repository.js';

export interface DocumentCaps {
  maxPerUser: number;
  maxBytesPerUser: number;
}

export class DocumentLimitReachedError extends DomainError {
  readonly kind = 'conflict';
  constructor(max: number) {
    super(`You have ${max.toLocaleString('en-US')} documents, the most an account can keep. Delete some documents to save new ones.`, { extra: { limit: max } });
  }
}

export class DocumentStorageFullError extends DomainError {
  readonly kind = 'too_large';
  constructor(maxBytes: number) {
    const mb = Math.round(maxBytes / (1024 * 1024));
    super(`Your documents would take more than the ${mb.toLocaleString('en-US')} MB an account can store. Delete some documents to save this one.`, {
      extra: { limitBytes: maxBytes },
    });
  }
}

export function createDocumentQuota(repo: DocumentRepository, caps: DocumentCaps) {
  return {
    caps,
    /**
     * Throws DocumentLimitReachedError or DocumentStorageFullError when the user cannot add
     * `change.documents` documents and `change.bytes` bytes; a change that frees space always passes.
     * Call inside the transaction that writes the change.
     */
    async assertRoom(tx: Db, userId: number, change: { documents: number; bytes: number }): Promise<void> {
      await repo.lockOwner(tx, userId);
      if (change.documents <= 0 && change.bytes <= 0) return;
      const used = await repo.storage(tx, userId);
      if (change.documents > 0 && used.documents + change.documents > caps.maxPerUser) throw new DocumentLimitReachedError(caps.maxPerUser);
      if (change.bytes > 0 && used.bytes + change.bytes > caps.maxBytesPerUser) throw new DocumentStorageFullError(caps.maxBytesPerUser);
    },
  };
}

export type DocumentQuota = ReturnType<typeof createDocumentQuota>;
