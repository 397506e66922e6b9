// Kept auxiliary files in Redis, for compile workers that share a queue: whichever worker runs a
// workspace's next job finds the files the last one left. One hash per workspace (file name →
// bytes), replaced whole, capped per file and per workspace as in memory, expiring after the same
// idle time; the total across workspaces is bounded by that expiry rather than by a byte count.
import type { Redis } from 'ioredis';
import { viaRedis } from '../../redis/connection.js';
import { selectKeptFiles, type KeptFileBackend, type KeptFileLimits } from './kept-files.js';

export function redisKeptFiles(redis: Redis, limits: KeptFileLimits): KeptFileBackend {
  const keyOf = (workspace: string) => `latexgen:kept:${workspace}`;
  return {
    async get(workspace) {
      const key = keyOf(workspace);
      const [[, fields]] = (await viaRedis(() => redis.multi().hgetallBuffer(key).pexpire(key, limits.ttlMs).exec())) as [[unknown, Record<string, Buffer>]];
      return new Map(Object.entries(fields ?? {}));
    },
    async set(workspace, outputs) {
      const key = keyOf(workspace);
      const { files } = selectKeptFiles(outputs, limits);
      const write = redis.multi().del(key);
      if (files.size > 0) write.hset(key, Object.fromEntries(files)).pexpire(key, limits.ttlMs);
      await viaRedis(() => write.exec());
    },
    async drop(workspace) {
      await viaRedis(() => redis.del(keyOf(workspace)));
    },
    stats: () => ({ workspaces: 0, bytes: 0 }),
    clear: () => {},
  };
}
