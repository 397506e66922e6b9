// Subscription tiers, prices, allowances and the refill pack (docs/product.md, Quotas and plans): the one place
// these numbers live.
import { z } from 'zod';

export const TIERS = ['free', 'tier1', 'tier2', 'tier3', 'tier4', 'tier5'] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;
export type PaidTier = Exclude<Tier, 'free'>;

export interface Plan {
  tier: Tier;
  name: string;
  /** Monthly generation allowance. */
  allowance: number;
  /** Monthly price in US cents. */
  priceCents: number;
  popular: boolean;
}

export const PLANS: Record<Tier, Plan> = {
  free: { tier: 'free', name: 'Free', allowance: 3, priceCents: 0, popular: false },
  tier1: { tier: 'tier1', name: 'Basic', allowance: 100, priceCents: 99, popular: false },
  tier2: { tier: 'tier2', name: 'Standard', allowance: 500, priceCents: 299, popular: false },
  tier3: { tier: 'tier3', name: 'Pro', allowance: 1200, priceCents: 699, popular: false },
  tier4: { tier: 'tier4', name: 'Advanced', allowance: 2500, priceCents: 1199, popular: false },
  tier5: { tier: 'tier5', name: 'Power', allowance: 5000, priceCents: 1999, popular: true },
};

export const PLAN_LIST: Plan[] = TIERS.map((t) => PLANS[t]);

export const DEFAULT_TIER: Tier = 'free';
/** The limit the client assumes when the server gives none. */
export const DEFAULT_USAGE_LIMIT = PLANS.free.allowance;

/**
 * Compile time (the time a compile holds a compile slot) one account may use, per minute and per
 * hour, by plan (docs/product.md, Compile time). One compile runs at a time per account, so a
 * minute's budget of 60 s is no limit beyond that.
 */
export const COMPILE_TIME_BUDGETS: Record<Tier, { perMinuteMs: number; perHourMs: number }> = {
  free: { perMinuteMs: 30_000, perHourMs: 5 * 60_000 },
  tier1: { perMinuteMs: 45_000, perHourMs: 10 * 60_000 },
  tier2: { perMinuteMs: 60_000, perHourMs: 15 * 60_000 },
  tier3: { perMinuteMs: 60_000, perHourMs: 20 * 60_000 },
  tier4: { perMinuteMs: 60_000, perHourMs: 30 * 60_000 },
  tier5: { perMinuteMs: 60_000, perHourMs: 40 * 60_000 },
};

/**
 * The share of all compile slots' time the accounts of one plan may use together, per minute and
 * per hour: however many free accounts loop, half the compile time stays for the paid plans.
 */
export const PLAN_COMPILE_SHARE: Record<Tier, number> = { free: 0.5, tier1: 0.9, tier2: 0.9, tier3: 0.9, tier4: 0.9, tier5: 0.9 };

export const REFILL_PACK = { credits: 100, priceCents: 99, name: 'LaTeX Generation Refill' } as const;

export function isPaidTier(tier: Tier): tier is PaidTier {
  return tier !== 'free';
}

export function allowanceFor(tier: string | null | undefined): number {
  const parsed = TierSchema.safeParse(tier);
  return parsed.success ? PLANS[parsed.data].allowance : DEFAULT_USAGE_LIMIT;
}

/** Accepts a tier id ('tier3') or a display name ('Pro', 'pro'); null when neither. */
export function parseTier(value: string | null | undefined): Tier | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  const byId = TIERS.find((t) => t === v);
  if (byId) return byId;
  return PLAN_LIST.find((p) => p.name.toLowerCase() === v)?.tier ?? null;
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
