// The compile-time buckets of budget.ts in Redis, so that every web process checks, and every
// worker charges, the same budgets: one hash per key (an account, a plan), a field per 10-second
// bucket, read and pruned by one script, expiring an hour after its last charge.
import type { Redis } from 'ioredis';
import { viaRedis } from '../../redis/connection.js';
import { BUCKET_MS, HOUR_MS, MINUTE_MS, type BudgetStore, type BudgetUse } from './budget.js';

/** Returns {minute ms, hour ms, oldest bucket in the minute or -1} for KEYS[1], dropping buckets older than an hour. */
const USED_SCRIPT = `
local current, hourBuckets, minuteBuckets = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local fields = redis.call('HGETALL', KEYS[1])
local minute, hour, oldest = 0, 0, -1
for i = 1, #fields, 2 do
  local bucket, ms = tonumber(fields[i]), tonumber(fields[i + 1])
  if bucket <= current - hourBuckets then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    hour = hour + ms
    if bucket > current - minuteBuckets then
      minute = minute + ms
      if oldest < 0 or bucket < oldest then oldest = bucket end
    end
  end
end
return {minute, hour, oldest}
`;

interface BudgetCommands {
  budgetUsed(key: string, current: number, hourBuckets: number, minuteBuckets: number): Promise<[number, number, number]>;
}

const keyOf = (name: string) => `latexgen:compile-budget:${name}`;

export function redisBudgetStore(redis: Redis): BudgetStore {
  if (!('budgetUsed' in redis)) redis.defineCommand('budgetUsed', { numberOfKeys: 1, lua: USED_SCRIPT });
  const commands = redis as Redis & BudgetCommands;
  return {
    async used(names, now) {
      const current = Math.floor(now / BUCKET_MS);
      const rows = await viaRedis(() => Promise.all(names.map((name) => commands.budgetUsed(keyOf(name), current, HOUR_MS / BUCKET_MS, MINUTE_MS / BUCKET_MS))));
      return rows.map(([minuteMs, hourMs, oldest]): BudgetUse => ({ minuteMs, hourMs, oldestMinuteBucket: oldest < 0 ? null : oldest * BUCKET_MS }));
    },
    async add(names, ms, now) {
      const bucket = String(Math.floor(now / BUCKET_MS));
      const multi = redis.multi();
      for (const name of names) multi.hincrby(keyOf(name), bucket, ms).pexpire(keyOf(name), HOUR_MS + MINUTE_MS);
      await viaRedis(() => multi.exec());
    },
  };
}
