// Stored bytes (uploaded images, compiled PDFs) kept out of the rows that describe them, so that a
// large object costs the web process only the chunks it streams: files under DATA_DIR/blobs with
// the embedded database, PostgreSQL large objects with DATABASE_URL (shared by every process, as
// the rows are; docs/decisions/0007). A blob is written once under a new key and never changed;
// rows name it, and a key no row names any more is removed by the sweeper (garbage.ts).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DomainError } from '../domain-errors.js';

/** What the writer learnt while the bytes went by. */
export interface StoredBlob {
  key: string;
  size: number;
  /** SHA-256 (hex) of the bytes. */
  sha256: string;
}

/** The part of a store a compile needs: copying a blob into its job directory. */
export interface BlobReader {
  /** Writes the blob to a new file at `path` (which must not exist). */
  copyToFile(key: string, path: string): Promise<void>;
}

export interface BlobStore extends BlobReader {
  readonly kind: 'files' | 'postgres';
  /**
   * Stores what `source` yields under a new key. Past `maxBytes` it stops reading, removes what it
   * wrote and throws BlobTooLargeError; `onChunk` sees each chunk (a sniffer) and may throw to stop.
   */
  write(source: AsyncIterable<Buffer | Uint8Array>, options?: { maxBytes?: number; onChunk?: (chunk: Buffer) => void }): Promise<StoredBlob>;
  /** The blob's bytes, in chunks. */
  read(key: string): Readable;
  /** Removes blobs; a key that is already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
}

export class BlobTooLargeError extends DomainError {
  readonly kind = 'too_large';
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes.`);
  }
}

/** Counts, hashes and limits the chunks on their way to a store. */
export function meter(options: { maxBytes?: number; onChunk?: (chunk: Buffer) => void } = {}) {
  const hash = createHash('sha256');
  let size = 0;
  return {
    take(raw: Buffer | Uint8Array): Buffer {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
      options.onChunk?.(chunk);
      hash.update(chunk);
      return chunk;
    },
    done: (key: string): StoredBlob => ({ key, size, sha256: hash.digest('hex') }),
  };
}

/** A buffer as a source for `write` (compiled PDFs arrive whole from the compiler). */
export async function* chunksOf(bytes: Buffer, chunkBytes = 1 << 20): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
}
