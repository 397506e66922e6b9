// Compile-time budgets: how much compile time (time holding a compile slot, as the scheduler
// measures it) an account may use per minute and per hour, by plan (COMPILE_TIME_BUDGETS), and how
// much the accounts of one plan may use together (PLAN_COMPILE_SHARE of every slot's time). The
// service asks before it queues a compile: an account past its budget gets CompileRateLimitError
// (429) and a plan past its share CompileBusyError (503), each with the wait; and a compile may run
// at most the account's remaining time. Time is counted in 10-second buckets, in this process or in
// Redis (redis-budget.ts) for every process on it.
import { COMPILE_TIME_BUDGETS, PLAN_COMPILE_SHARE, type Tier } from '../../../shared/plans.js';

export const BUCKET_MS = 10_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** What one key used lately: in the last minute and hour, and the oldest bucket still in the minute. */
export interface BudgetUse {
  minuteMs: number;
  hourMs: number;
  /** Start (ms) of the oldest bucket counted in the minute, or null when the minute is empty. */
  oldestMinuteBucket: number | null;
}

/** Where the buckets live: this process or Redis. */
export interface BudgetStore {
  used(keys: string[], now: number): Promise<BudgetUse[]>;
  add(keys: string[], ms: number, now: number): Promise<void>;
}

/** Who a compile's time is charged to. */
export interface BudgetOwner {
  owner: string;
  plan: Tier;
}

export type Allowance = { allowMs: number } | { waitMs: number; spent: 'account' | 'plan' };

export interface CompileBudgets {
  /** The time this account may compile now, or how long until it (or its plan) may again. */
  allowance(who: BudgetOwner): Promise<Allowance>;
  charge(who: BudgetOwner, ms: number): Promise<void>;
  /** What the owner used in the last minute (the shared queue orders jobs by it). */
  recentMs(owner: string): Promise<number>;
}

const ownerKey = (owner: string) => `owner:${owner}`;
const planKey = (plan: Tier) => `plan:${plan}`;

/** The wait until the oldest bucket of the minute leaves it. */
function minuteWait(use: BudgetUse, now: number): number {
  return use.oldestMinuteBucket === null ? BUCKET_MS : Math.max(1000, use.oldestMinuteBucket + BUCKET_MS + MINUTE_MS - now);
}

/**
 * `slots()`: compile slots behind the budgets (this process's, or every worker's on the shared
 * queue), for the plans' shares.
 */
export function createCompileBudgets(store: BudgetStore, slots: () => number, now: () => number = Date.now): CompileBudgets {
  return {
    async allowance({ owner, plan }) {
      const t = now();
      const [mine, theirs] = await store.used([ownerKey(owner), planKey(plan)], t);
      const rule = COMPILE_TIME_BUDGETS[plan];
      const share = PLAN_COMPILE_SHARE[plan] * Math.max(1, slots());
      if (theirs!.minuteMs >= share * MINUTE_MS) return { waitMs: minuteWait(theirs!, t), spent: 'plan' };
      if (theirs!.hourMs >= share * HOUR_MS) return { waitMs: MINUTE_MS, spent: 'plan' };
      if (mine!.minuteMs >= rule.perMinuteMs) return { waitMs: minuteWait(mine!, t), spent: 'account' };
      if (mine!.hourMs >= rule.perHourMs) return { waitMs: 5 * MINUTE_MS, spent: 'account' };
      return { allowMs: Math.min(rule.perMinuteMs - mine!.minuteMs, rule.perHourMs - mine!.hourMs) };
    },
    async charge({ owner, plan }, ms) {
      if (ms > 0) await store.add([ownerKey(owner), planKey(plan)], Math.round(ms), now());
    },
    async recentMs(owner) {
      const [mine] = await store.used([ownerKey(owner)], now());
      return mine!.minuteMs;
    },
  };
}

/** Charges a job's turn to its owner and plan (a failure to reach Redis loses the charge, not the compile). */
export function chargeTurn(budgets: CompileBudgets, job: { owner?: string; plan?: Tier }, ms: number): void {
  if (job.owner && job.plan) void budgets.charge({ owner: job.owner, plan: job.plan }, ms).catch(() => {});
}

/** The buckets in this process's memory (the embedded default). */
export function memoryBudgetStore(): BudgetStore {
  const keys = new Map<string, Map<number, number>>();
  const sum = (buckets: Map<number, number>, t: number): BudgetUse => {
    const current = Math.floor(t / BUCKET_MS);
    let minuteMs = 0;
    let hourMs = 0;
    let oldest: number | null = null;
    for (const [bucket, ms] of buckets) {
      if (bucket <= current - HOUR_MS / BUCKET_MS) {
        buckets.delete(bucket);
        continue;
      }
      hourMs += ms;
      if (bucket > current - MINUTE_MS / BUCKET_MS) {
        minuteMs += ms;
        oldest = oldest === null ? bucket : Math.min(oldest, bucket);
      }
    }
    return { minuteMs, hourMs, oldestMinuteBucket: oldest === null ? null : oldest * BUCKET_MS };
  };
  return {
    async used(names, t) {
      return names.map((name) => {
        const buckets = keys.get(name);
        const use = buckets ? sum(buckets, t) : { minuteMs: 0, hourMs: 0, oldestMinuteBucket: null };
        if (buckets && buckets.size === 0) keys.delete(name);
        return use;
      });
    },
    async add(names, ms, t) {
      const bucket = Math.floor(t / BUCKET_MS);
      for (const name of names) {
        const buckets = keys.get(name) ?? new Map<number, number>();
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + ms);
        keys.set(name, buckets);
      }
      if (keys.size > 50_000) for (const [name, buckets] of keys) if (sum(buckets, t).hourMs === 0) keys.delete(name);
    },
  };
}
