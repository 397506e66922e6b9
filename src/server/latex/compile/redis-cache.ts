// The compile cache in Redis, shared by every web process: the same keys as the in-memory cache
// (content hash, scoped to the workspace when kept files shaped the result), each entry one binary
// value (status, log and errors as JSON; PDF and SyncTeX as bytes), bounded in bytes with the least
// recently used evicted first and idle entries expiring (redis/blob-lru.ts).
import type { Redis } from 'ioredis';
import { RedisBlobLru, packBlob, unpackBlob } from '../../redis/blob-lru.js';
import type { Cached, CompileResultCache } from './cache.js';

type Header = Omit<Cached, 'pdf' | 'synctex'>;

export function encodeCached(value: Cached): Buffer {
  const { pdf, synctex, ...header } = value;
  return packBlob(header, [pdf, synctex]);
}

export function decodeCached(blob: Buffer): Cached {
  const { header, parts } = unpackBlob<Header & { parts?: unknown }>(blob);
  const { parts: _lengths, ...rest } = header;
  const [pdf, synctex] = parts;
  return { ...rest, ...(pdf ? { pdf } : {}), ...(synctex ? { synctex } : {}) };
}

export function redisResultCache(redis: Redis, options: { maxBytes: number; ttlMs?: number }): CompileResultCache {
  const store = new RedisBlobLru(redis, { name: 'compile-cache', maxBytes: options.maxBytes, ttlMs: options.ttlMs ?? 24 * 60 * 60_000 });
  return {
    async get(key) {
      const blob = await store.get(key);
      return blob ? decodeCached(blob) : undefined;
    },
    async set(key, value) {
      await store.set(key, encodeCached(value));
    },
    close: async () => {},
  };
}
