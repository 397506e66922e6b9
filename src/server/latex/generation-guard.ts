// One request of a kind in flight per user, held in this process or, with REDIS_URL, in Redis
// (a user's requests may reach any web process). Generation: a second request while the first is
// running gets GenerationInFlightError, so an AI provider is called at most once for each charge
// and parallel requests cannot multiply its cost. Compile: a second compile request of the same
// user is refused before it reads anything (a document's images, say), with the compile service's
// own "already running" answer.
import type { Redis } from 'ioredis';
import { DomainError } from '../domain-errors.js';
import { RedisSlots } from '../redis/user-limits.js';
import { CompileUserBusyError } from './compile/index.js';
import { CompileRefusedError } from './errors.js';

export const GENERATION_IN_FLIGHT_MESSAGE = 'A generation is already running';

export class GenerationInFlightError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(GENERATION_IN_FLIGHT_MESSAGE);
  }
}

export interface UserGuard {
  /** Takes the user's slot, or throws the guard's busy error; the returned function gives it back. */
  acquire(userId: number): Promise<() => void>;
}

export type GenerationGuard = UserGuard;

function localGuard(busy: () => Error): UserGuard {
  const running = new Set<number>();
  return {
    async acquire(userId) {
      if (running.has(userId)) throw busy();
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
function redisGuard(redis: Redis, name: string, busy: () => Error): UserGuard {
  const slots = new RedisSlots(redis, name);
  return {
    async acquire(userId) {
      const release = await slots.tryAcquire(String(userId));
      if (!release) throw busy();
      return release;
    },
  };
}

const generationBusy = () => new GenerationInFlightError();
const compileBusy = () => {
  const busy = new CompileUserBusyError();
  return new CompileRefusedError('rate_limited', busy.message, busy.retryAfterSeconds, busy);
};

export const createGenerationGuard = (): UserGuard => localGuard(generationBusy);
export const createRedisGenerationGuard = (redis: Redis): UserGuard => redisGuard(redis, 'generation', generationBusy);
export const createCompileGuard = (): UserGuard => localGuard(compileBusy);
export const createRedisCompileGuard = (redis: Redis): UserGuard => redisGuard(redis, 'compile-request', compileBusy);
