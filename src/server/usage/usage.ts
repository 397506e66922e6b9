// What a user has left this month, as the API reports it (`usage` beside `usageLimit`).
import type { Usage } from '../../shared/api/latex.js';
import { allowanceFor } from '../../shared/plans.js';
import { DomainError } from '../domain-errors.js';
import { effectiveUsage } from './period.js';

export interface UsageCounters {
  monthlyUsage: number;
  refillPackCredits: number;
  usageResetDate: Date;
  subscriptionTier: string;
}

export function usageOf(row: UsageCounters, now: Date): Usage {
  const current = effectiveUsage(row, now);
  return {
    current: current.monthlyUsage,
    limit: allowanceFor(row.subscriptionTier),
    refillCredits: row.refillPackCredits,
    resetDate: current.usageResetDate.toISOString(),
  };
}

/** True when a generation could be charged now (allowance or refill credits left). */
export function canGenerate(row: UsageCounters, now: Date): boolean {
  const u = usageOf(row, now);
  return u.current < u.limit || u.refillCredits > 0;
}

export function usageLimitMessage(limit: number): string {
  return `You've reached your monthly limit of ${limit} generations. Upgrade your plan to get more.`;
}

/** Nothing left to charge a generation to; the answer carries the usage so the page can show it. */
export class UsageLimitError extends DomainError {
  readonly kind = 'payment_required';
  constructor(usage: Usage) {
    super(usageLimitMessage(usage.limit), { extra: { limit: usage.limit, usage } });
  }
}
