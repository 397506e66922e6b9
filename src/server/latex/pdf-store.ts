// Compiled PDFs (and their SyncTeX data) by content hash, for GET /api/latex/pdf/:hash: the
// browser fetches the PDF as binary from a URL it may cache, instead of base64 inside JSON. A hash
// is served only to users who were given it by a compile of theirs. In memory, least recently used
// first out, bounded in bytes; saved documents fall back to their stored PDF (documents table).
// With REDIS_URL the same store lives in Redis (redisPdfFiles), because the browser's fetch may
// reach another web process than the compile did.
import type { Redis } from 'ioredis';
import { RedisBlobLru, packBlob, unpackBlob } from '../redis/blob-lru.js';
import { viaRedis } from '../redis/connection.js';
import { ByteLru } from '../memory/byte-lru.js';

export interface PdfFile {
  pdf: Buffer;
  synctex?: Buffer;
}

interface Entry extends PdfFile {
  owners: Set<number>;
  bytes: number;
}

/** The PDFs users were given, by content hash: this process's memory or Redis. */
export interface PdfFiles {
  /** Records that `userId` may fetch this PDF. */
  put(userId: number, hash: string, file: PdfFile): Promise<void>;
  /** The PDF when this user was given it, else null (the same answer as an unknown hash). */
  get(userId: number, hash: string): Promise<PdfFile | null>;
}

export function memoryPdfFiles(maxBytes?: number): PdfFiles {
  const store = new PdfStore(maxBytes);
  return { put: async (userId, hash, file) => store.put(userId, hash, file), get: async (userId, hash) => store.get(userId, hash) };
}

/** The same store in Redis: bytes in a bounded LRU, owners in a set that expires with them. */
export function redisPdfFiles(redis: Redis, options: { maxBytes: number; ttlMs?: number } = { maxBytes: 256 << 20 }): PdfFiles {
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const bytes = new RedisBlobLru(redis, { name: 'pdfs', maxBytes: options.maxBytes, ttlMs });
  const ownersOf = (hash: string) => `latexgen:{pdfs}:owners:${hash}`;
  return {
    async put(userId, hash, file) {
      const owners = ownersOf(hash);
      const [[, known]] = (await viaRedis(() => redis.multi().exists(bytes.key(hash)).sadd(owners, String(userId)).pexpire(owners, ttlMs).exec())) as [[unknown, number]];
      if (!known || file.synctex) await bytes.set(hash, packBlob({}, [file.pdf, file.synctex]));
    },
    async get(userId, hash) {
      if (!(await viaRedis(() => redis.sismember(ownersOf(hash), String(userId))))) return null;
      const blob = await bytes.get(hash);
      if (!blob) return null;
      const [pdf, synctex] = unpackBlob(blob).parts;
      return pdf ? { pdf, ...(synctex ? { synctex } : {}) } : null;
    },
  };
}

export const PDF_HASH_PATTERN = /^[0-9a-f]{64}$/;

export class PdfStore {
  private readonly lru: ByteLru<Entry>;

  constructor(maxBytes = 128 << 20) {
    this.lru = new ByteLru(maxBytes);
  }

  /** Records that `userId` may fetch this PDF. */
  put(userId: number, hash: string, file: PdfFile): void {
    const existing = this.lru.get(hash);
    if (existing) {
      existing.owners.add(userId);
      if (!existing.synctex && file.synctex) {
        existing.synctex = file.synctex;
        existing.bytes += file.synctex.length;
        this.lru.set(hash, existing, existing.bytes);
      }
      return;
    }
    const bytes = file.pdf.length + (file.synctex?.length ?? 0) + 128;
    this.lru.set(hash, { ...file, owners: new Set([userId]), bytes }, bytes);
  }

  /** The PDF when this user was given it, else null (the same answer as an unknown hash). */
  get(userId: number, hash: string): PdfFile | null {
    const entry = this.lru.get(hash);
    if (!entry || !entry.owners.has(userId)) return null;
    return entry.synctex ? { pdf: entry.pdf, synctex: entry.synctex } : { pdf: entry.pdf };
  }
}

/** Where the client fetches a compiled PDF; `documentId` lets the server fall back to the stored copy. */
export function pdfUrl(hash: string, documentId?: number): string {
  return `/api/latex/pdf/${hash}${documentId !== undefined ? `?doc=${documentId}` : ''}`;
}

export function synctexUrl(hash: string, documentId?: number): string {
  return `/api/latex/pdf/${hash}/synctex${documentId !== undefined ? `?doc=${documentId}` : ''}`;
}
