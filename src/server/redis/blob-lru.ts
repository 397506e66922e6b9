// A bounded, least-recently-used store of binary values in Redis, for what several processes must
// share (compiled PDFs, the compile cache). BullMQ needs Redis's `maxmemory-policy noeviction`, so
// Redis cannot evict these for us: each value carries a TTL (idle entries go by themselves), and a
// sorted set of last uses plus a byte count let one Lua script drop the least recently used values
// whenever the total passes the cap — atomically, whichever process writes. Every key of one store
// shares a hash tag, so the scripts also run on a Redis Cluster.
import type { Redis } from 'ioredis';
import { viaRedis } from './connection.js';

const SET_SCRIPT = `
local index, sizes, total, key = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local value = ARGV[1]
local now, cap, ttl = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local function forget(k)
  local size = tonumber(redis.call('HGET', sizes, k) or '0')
  redis.call('HDEL', sizes, k)
  redis.call('ZREM', index, k)
  redis.call('DECRBY', total, size)
end
for _, k in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now - ttl, 'LIMIT', 0, 100)) do forget(k) end
forget(key)
redis.call('SET', key, value, 'PX', ttl)
redis.call('ZADD', index, now, key)
redis.call('HSET', sizes, key, string.len(value))
local used = redis.call('INCRBY', total, string.len(value))
while used > cap do
  local oldest = redis.call('ZRANGE', index, 0, 0)
  if #oldest == 0 then break end
  forget(oldest[1])
  redis.call('DEL', oldest[1])
  used = tonumber(redis.call('GET', total))
end
return used
`;

const GET_SCRIPT = `
local value = redis.call('GET', KEYS[2])
if not value then return false end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], KEYS[2])
return value
`;

interface LruCommands {
  blobLruSet(index: string, sizes: string, total: string, key: string, value: Buffer, now: number, cap: number, ttl: number): Promise<number>;
  blobLruGetBuffer(index: string, key: string, now: number, ttl: number): Promise<Buffer | null>;
}

export interface BlobLruOptions {
  /** A name of its own per store, e.g. `compile-cache`. */
  name: string;
  maxBytes: number;
  /** An entry unused this long expires. */
  ttlMs: number;
}

export class RedisBlobLru {
  private readonly redis: Redis & LruCommands;
  private readonly tag: string;

  constructor(
    redis: Redis,
    private readonly options: BlobLruOptions,
    private readonly now: () => number = Date.now,
  ) {
    if (!('blobLruSet' in redis)) {
      // Evicted keys come from the index rather than KEYS, which is why a store's keys share a hash tag.
      redis.defineCommand('blobLruSet', { numberOfKeys: 4, lua: SET_SCRIPT });
      redis.defineCommand('blobLruGet', { numberOfKeys: 2, lua: GET_SCRIPT });
    }
    this.redis = redis as Redis & LruCommands;
    this.tag = `latexgen:{${options.name}}`;
  }

  key(id: string): string {
    return `${this.tag}:v:${id}`;
  }

  async get(id: string): Promise<Buffer | null> {
    return viaRedis(() => this.redis.blobLruGetBuffer(`${this.tag}:index`, this.key(id), this.now(), this.options.ttlMs));
  }

  /** Stores a value (a larger one than the whole cap is left out) and evicts the least recently used past the cap. */
  async set(id: string, value: Buffer): Promise<void> {
    if (value.length > this.options.maxBytes) return;
    await viaRedis(() =>
      this.redis.blobLruSet(`${this.tag}:index`, `${this.tag}:sizes`, `${this.tag}:bytes`, this.key(id), value, this.now(), this.options.maxBytes, this.options.ttlMs),
    );
  }
}

/**
 * One binary value from a JSON header and byte parts: a 4-byte header length, the header, then the
 * parts, whose lengths the header lists. Base64 inside JSON would add a third to every PDF.
 */
export function packBlob(header: Record<string, unknown>, parts: ReadonlyArray<Buffer | undefined>): Buffer {
  const head = Buffer.from(JSON.stringify({ ...header, parts: parts.map((p) => (p ? p.length : -1)) }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, ...parts.filter((p): p is Buffer => p !== undefined)]);
}

export function unpackBlob<H>(blob: Buffer): { header: H; parts: Array<Buffer | undefined> } {
  const headLength = blob.readUInt32BE(0);
  const header = JSON.parse(blob.subarray(4, 4 + headLength).toString('utf8')) as H & { parts: number[] };
  let offset = 4 + headLength;
  const parts = header.parts.map((length) => {
    if (length < 0) return undefined;
    const part = blob.subarray(offset, offset + length);
    offset += length;
    return part;
  });
  return { header, parts };
}
