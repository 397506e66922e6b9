// Blobs as PostgreSQL large objects, for DATABASE_URL: one store that every web process and compile
// worker reaches, with no other server to run. Written and read in 1 MB pieces with the server's
// own functions (lo_from_bytea, lo_put, lo_get), each its own short statement on the shared pool,
// so no transaction stays open while bytes travel and the event loop handles one piece at a time.
// The key is the object's oid.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Sql } from 'postgres';
import { meter, type BlobStore } from './store.js';

const PIECE = 1 << 20;
const KEY = /^[1-9][0-9]{0,9}$/;

function oidOf(key: string): number {
  if (!KEY.test(key)) throw new Error(`not a large object key: ${key.slice(0, 40)}`);
  return Number(key);
}

export function postgresBlobStore(sql: Sql): BlobStore {
  async function* pieces(oid: number): AsyncGenerator<Buffer> {
    for (let offset = 0; ; offset += PIECE) {
      const [row] = await sql<Array<{ piece: Buffer }>>`select lo_get(${oid}::oid, ${offset}::bigint, ${PIECE}) as piece`;
      const piece = row!.piece;
      if (piece.length > 0) yield piece;
      if (piece.length < PIECE) return;
    }
  }

  return {
    kind: 'postgres',
    async write(source, options = {}) {
      const m = meter(options);
      let oid: number | undefined;
      let offset = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const piece = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        if (oid === undefined) {
          const [row] = await sql<Array<{ oid: number }>>`select lo_from_bytea(0, ${piece}) as oid`;
          oid = Number(row!.oid);
        } else {
          await sql`select lo_put(${oid}::oid, ${offset}::bigint, ${piece})`;
        }
        offset += piece.length;
      };
      try {
        for await (const raw of source) {
          const chunk = m.take(raw);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PIECE) await flush();
        }
        if (pendingBytes > 0 || oid === undefined) await flush();
      } catch (err) {
        if (oid !== undefined) await sql`select lo_unlink(${oid}::oid)`.catch(() => {});
        throw err;
      }
      return m.done(String(oid));
    },
    read(key) {
      return Readable.from(pieces(oidOf(key)), { objectMode: false });
    },
    async copyToFile(key, path) {
      await pipeline(Readable.from(pieces(oidOf(key))), createWriteStream(path, { flags: 'wx' }));
    },
    async remove(keys) {
      const oids = keys.map(oidOf);
      if (oids.length === 0) return;
      // Only those that still exist: removing twice (two sweepers) is no error.
      await sql`select lo_unlink(m.oid) from pg_largeobject_metadata m where m.oid = any(${oids}::oid[])`;
    },
  };
}
