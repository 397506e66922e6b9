// The blob store of a database: files under DATA_DIR/blobs beside the embedded database, PostgreSQL
// large objects beside PostgreSQL (every process that shares the rows shares the bytes).
import { join } from 'node:path';
import type { Database } from '../db/client.js';
import { fileBlobStore } from './file-store.js';
import { postgresBlobStore } from './pg-store.js';
import type { BlobStore } from './store.js';

export type { BlobReader, BlobStore, StoredBlob } from './store.js';
export { BlobTooLargeError, chunksOf } from './store.js';

export function blobStoreFor(database: Pick<Database, 'kind' | 'sql'>, dataDir: string): BlobStore {
  return database.kind === 'postgres' ? postgresBlobStore(database.sql) : fileBlobStore(join(dataDir, 'blobs'));
}
