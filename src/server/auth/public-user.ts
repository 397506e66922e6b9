// The user as the API shows it: an allow-list of fields, so a new column never leaks by accident.
import type { PublicUser } from '../../shared/api/auth.js';
import { allowanceFor, TierSchema } from '../../shared/plans.js';
import type { UserRow } from '../db/schema.js';
import { effectiveUsage } from '../usage/period.js';

export function toPublicUser(row: UserRow, now: Date): PublicUser {
  const usage = effectiveUsage(row, now);
  const tier = TierSchema.safeParse(row.subscriptionTier);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    subscriptionTier: tier.success ? tier.data : 'free',
    subscriptionStatus: row.subscriptionStatus,
    stripeSubscriptionId: row.stripeSubscriptionId,
    monthlyUsage: usage.monthlyUsage,
    usageResetDate: usage.usageResetDate.toISOString(),
    refillPackCredits: row.refillPackCredits,
  };
}

export function usageLimitOf(row: UserRow): number {
  return allowanceFor(row.subscriptionTier);
}
