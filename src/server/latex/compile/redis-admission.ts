// The per-user compile limits of admission.ts held in Redis, so they hold across every web process:
// one compile at a time per user key (a slot that expires if its process dies) and the per-minute
// budget (a sliding window). Checked in the same order as in-process: budget, then slot; a refused
// request is not counted.
import type { Redis } from 'ioredis';
import { RedisSlots, RedisWindow } from '../../redis/user-limits.js';
import { WINDOW_MS, type CompileAdmission } from './admission.js';
import { CompileRateLimitError, CompileServiceClosedError, CompileUserBusyError } from './errors.js';

export function redisAdmission(redis: Redis, options: { ratePerMinute: number }): CompileAdmission {
  const slots = new RedisSlots(redis, 'compile');
  const budget = new RedisWindow(redis, 'compile', options.ratePerMinute, WINDOW_MS);
  let closed = false;
  return {
    async admit(userKey) {
      if (closed) throw new CompileServiceClosedError();
      if (userKey === undefined) return () => {};
      const waitMs = await budget.take(userKey, 'check');
      if (waitMs > 0) throw new CompileRateLimitError(Math.max(1, Math.ceil(waitMs / 1000)));
      const release = await slots.tryAcquire(userKey);
      if (!release) throw new CompileUserBusyError();
      try {
        // Holding the slot, no other request of this user can count in between.
        const late = await budget.take(userKey, 'record');
        if (late > 0) throw new CompileRateLimitError(Math.max(1, Math.ceil(late / 1000)));
      } catch (err) {
        release();
        throw err;
      }
      return release;
    },
    close() {
      closed = true;
    },
  };
}
