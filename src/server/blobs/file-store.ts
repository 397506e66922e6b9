// Blobs as files under one folder (DATA_DIR/blobs), for the embedded default: written through a
// temporary name and renamed when complete, so a key always names a whole file; read and copied by
// the kernel (streams, copy_file_range), never held whole by the event loop.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, constants, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { meter, type BlobStore } from './store.js';

const KEY = /^[0-9a-f]{32}$/;

export function fileBlobStore(root: string): BlobStore {
  /** Keys are ours (random hex), checked anyway: a key never reaches outside the folder. */
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error(`not a blob key: ${key.slice(0, 40)}`);
    return join(root, key.slice(0, 2), key);
  };
  const temp = join(root, 'tmp');

  return {
    kind: 'files',
    async write(source, options = {}) {
      const key = randomBytes(16).toString('hex');
      const partial = join(temp, key);
      await mkdir(temp, { recursive: true });
      const m = meter(options);
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer | Uint8Array>) {
            for await (const chunk of chunks) yield m.take(chunk);
          },
          createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        );
        const final = pathOf(key);
        await mkdir(join(root, key.slice(0, 2)), { recursive: true });
        await rename(partial, final);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return m.done(key);
    },
    read(key): Readable {
      return createReadStream(pathOf(key), { highWaterMark: 256 << 10 });
    },
    async copyToFile(key, path) {
      await copyFile(pathOf(key), path, constants.COPYFILE_EXCL);
    },
    async remove(keys) {
      for (const key of keys) await rm(pathOf(key), { force: true });
    },
  };
}
