// At most one generation in flight per user: a second request while the first is running gets
// GenerationInFlightError, so an AI provider is called at most once for each charge and parallel
// requests cannot multiply its cost. Held in this process, or with REDIS_URL in Redis, because a
// user's requests may reach any web process.
import type { Redis } from 'ioredis';
import { DomainError } from '../domain-errors.js';
import { RedisSlots } from '../redis/user-limits.js';

export const GENERATION_IN_FLIGHT_MESSAGE = 'A generation is already running';

export class GenerationInFlightError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(GENERATION_IN_FLIGHT_MESSAGE);
  }
}

export interface GenerationGuard {
  /** Takes the user's slot, or throws GenerationInFlightError; the returned function gives it back. */
  acquire(userId: number): Promise<() => void>;
}

export function createGenerationGuard(): GenerationGuard {
  const running = new Set<number>();
  return {
    async acquire(userId) {
      if (running.has(userId)) throw new GenerationInFlightError();
      running.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running.delete(userId);
      };
    },
  };
}

/** The same guard for every process on one Redis (a slot that frees itself if its process dies). */
export function createRedisGenerationGuard(redis: Redis): GenerationGuard {
  const slots = new RedisSlots(redis, 'generation');
  return {
    async acquire(userId) {
      const release = await slots.tryAcquire(String(userId));
      if (!release) throw new GenerationInFlightError();
      return release;
    },
  };
}
