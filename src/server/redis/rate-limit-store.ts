// @fastify/rate-limit's own Redis store, so every process counts against the same limits, with one
// change: a failure to reach Redis becomes RedisUnavailableError (503 + Retry-After), never a 500
// and never a silently skipped limit.
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
// The plugin's store is a CommonJS module without types of its own.
// @ts-expect-error no declaration file
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { RedisUnavailableError } from './connection.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface InnerStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(options: unknown): InnerStore;
}

const NAMESPACE = 'latexgen:rate-limit:';

class FailingFastStore {
  constructor(private readonly inner: InnerStore) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.incr(key, (err, result) => (err ? cb(new RedisUnavailableError(err)) : cb(null, result)), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.read(key, (err, result) => (err ? cb(new RedisUnavailableError(err)) : cb(null, result)), timeWindow, max);
  }

  child(options: unknown): FailingFastStore {
    return new FailingFastStore(this.inner.child(options));
  }
}

/** The `store` option of @fastify/rate-limit for limits kept in this Redis. */
export function redisRateLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  const Store = RedisStore as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => InnerStore;
  return class {
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const inner = new Store(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, NAMESPACE);
      return new FailingFastStore(inner) as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
