// The Redis connections of a process (REDIS_URL): one for commands, which fails fast while Redis is
// away (no offline queue, one retry), and the ones BullMQ needs for its queue, events and worker,
// which wait for Redis instead. Every connection reconnects on its own, so a process recovers when
// Redis comes back without a restart. A command that fails because Redis is unreachable becomes
// RedisUnavailableError: 503 with Retry-After at the HTTP edge.
import { Redis, type RedisOptions } from 'ioredis';
import { DomainError } from '../domain-errors.js';

export const REDIS_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/** Redis could not be reached (or answered with an error): nothing was done; retry later. */
export class RedisUnavailableError extends DomainError {
  readonly kind = 'busy';
  constructor(cause?: unknown) {
    super(REDIS_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 5, cause });
  }
}

/** Reconnect quickly at first, then every two seconds, for ever. */
function retryStrategy(times: number): number {
  return Math.min(times * 100, 2_000);
}

/**
 * `commands`: request-path calls; they fail at once while disconnected. `queue`: BullMQ's Queue
 * (adds fail fast too). `blocking`: BullMQ's worker and events, which wait for Redis to return.
 */
export type RedisRole = 'commands' | 'queue' | 'blocking';

export function redisOptions(role: RedisRole): RedisOptions {
  const common: RedisOptions = { retryStrategy, connectTimeout: 2_000, lazyConnect: false };
  if (role === 'blocking') return { ...common, maxRetriesPerRequest: null, enableOfflineQueue: true };
  return { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 5_000 };
}

export function connectRedis(url: string, role: RedisRole): Redis {
  const redis = new Redis(url, redisOptions(role));
  // Connection errors are reported through the commands that fail; without a listener ioredis
  // would print each reconnect attempt as an unhandled error event.
  redis.on('error', () => {});
  return redis;
}

/**
 * Resolves when the connection is ready, or after `timeoutMs` either way: a process that starts
 * while Redis is away still starts, and answers 503 until Redis comes.
 */
export async function whenReady(redis: Redis, timeoutMs = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/** Runs a Redis call, turning any failure of Redis itself into RedisUnavailableError. */
export async function viaRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new RedisUnavailableError(err);
  }
}

/** The shared fast state of a process: one commands connection, its URL for BullMQ, and a ping. */
export interface SharedState {
  url: string;
  redis: Redis;
  /** A fresh connection of the given role (the caller closes it). */
  connect(role: RedisRole): Redis;
  /** Waits (a few seconds at most) for the commands connection; true when it is up. */
  ready(): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function createSharedState(url: string): SharedState {
  const redis = connectRedis(url, 'commands');
  return {
    url,
    redis,
    connect: (role) => connectRedis(url, role),
    ready: () => whenReady(redis),
    ping: async () => (await redis.ping().catch(() => '')) === 'PONG',
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
