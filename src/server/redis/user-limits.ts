// Per-user limits shared by every process through Redis: a slot one request of a user holds at a
// time (SET NX with an expiry that the holder keeps renewing, so a crashed process frees it within
// seconds), and a sliding window of timestamps for "at most N per minute".
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { viaRedis } from './connection.js';

const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Returns 0 and records `now` when under `max` in the window, else the ms until the oldest leaves it. */
const WINDOW_SCRIPT = `
local key, now, window, max = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= max then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
if ARGV[5] == 'record' then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
end
return 0
`;

interface LimitCommands {
  slotRenew(key: string, token: string, holdMs: number): Promise<number>;
  slotRelease(key: string, token: string): Promise<number>;
  windowCount(key: string, now: number, windowMs: number, max: number, member: string, mode: 'check' | 'record'): Promise<number>;
}

function withCommands(redis: Redis): Redis & LimitCommands {
  if (!('slotRenew' in redis)) {
    redis.defineCommand('slotRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
    redis.defineCommand('slotRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    redis.defineCommand('windowCount', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  }
  return redis as Redis & LimitCommands;
}

/** One holder per key at a time, across every process on the same Redis. */
export class RedisSlots {
  private readonly redis: Redis & LimitCommands;

  constructor(
    redis: Redis,
    private readonly name: string,
    /** How long a slot outlives a holder that stopped renewing it (a crashed process). */
    private readonly holdMs = 15_000,
  ) {
    this.redis = withCommands(redis);
  }

  /** The release function, or null when another request holds the slot. */
  async tryAcquire(key: string): Promise<(() => void) | null> {
    const slot = `latexgen:slot:${this.name}:${key}`;
    const token = randomUUID();
    const taken = await viaRedis(() => this.redis.set(slot, token, 'PX', this.holdMs, 'NX'));
    if (taken !== 'OK') return null;
    const renew = setInterval(() => void this.redis.slotRenew(slot, token, this.holdMs).catch(() => {}), this.holdMs / 3);
    renew.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      // If Redis is away the expiry frees the slot; the request's own answer is already decided.
      void this.redis.slotRelease(slot, token).catch(() => {});
    };
  }
}

/** At most `max` events per key in any `windowMs`, counted across processes. */
export class RedisWindow {
  private readonly redis: Redis & LimitCommands;

  constructor(
    redis: Redis,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.redis = withCommands(redis);
  }

  /** 0 when one more event fits, else the ms to wait; `record` also counts the event when it fits. */
  async take(key: string, mode: 'check' | 'record'): Promise<number> {
    return viaRedis(() => this.redis.windowCount(`latexgen:window:${this.name}:${key}`, this.now(), this.windowMs, this.max, randomUUID(), mode));
  }
}
