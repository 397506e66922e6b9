// Request and response shapes of /api/subscription/* (docs/product.md, Subscriptions API), shared by
// the server's validation and the checkout pages.
import { z } from 'zod';
import { TierSchema } from '../plans.js';

/** Why a refill paid while the account was on the free plan was not applied (shown on the account page). */
export const REFILL_REFUSED_REASON =
  'Refill packs are only available for paid subscribers, and this account was on the Free plan when the payment arrived, so the credits were not added.';

export const REFILL_PAID_ONLY_MESSAGE =
  'Refill packs are only available for paid subscribers. Please upgrade to a paid plan first.';

/** `tier` takes an id ('tier3') or a display name ('Pro'); the server resolves it with parseTier. */
export const CreateSubscriptionBodySchema = z.object({
  tier: z.string({ error: 'Choose a plan' }).trim().min(1, 'Choose a plan').max(40, 'Unknown plan'),
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;

export const CheckoutUrlResponseSchema = z.object({ url: z.string(), sessionId: z.string().optional() });
export type CheckoutUrlResponse = z.infer<typeof CheckoutUrlResponseSchema>;

export const CheckoutStatusQuerySchema = z.object({
  session_id: z.string({ error: 'session_id is required' }).min(1, 'session_id is required').max(255, 'Invalid session id'),
});

export const CheckoutStatusResponseSchema = z.object({
  sessionId: z.string(),
  kind: z.enum(['subscription', 'refill']),
  tier: TierSchema.nullable(),
  /** The checkout page itself: still open, completed by the buyer, or expired. */
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  /** True once the plan or the credits are on the account. */
  fulfilled: z.boolean(),
  /** Why a paid checkout was not applied (a refill paid on the free plan); null otherwise. */
  refusal: z.string().nullable().optional(),
});
export type CheckoutStatusResponse = z.infer<typeof CheckoutStatusResponseSchema>;

/** A payment that was taken but not applied, with the reason; refunded says whether the money went back. */
export const RefusedPaymentSchema = z.object({
  checkoutId: z.string(),
  refusedAt: z.string(),
  reason: z.string(),
  refunded: z.boolean(),
});
export type RefusedPayment = z.infer<typeof RefusedPaymentSchema>;

export const BillingSummarySchema = z.object({
  provider: z.enum(['stripe', 'demo']),
  tier: TierSchema,
  status: z.string(),
  subscriptionId: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  refillPackCredits: z.number().int(),
  /** Payments of the last 90 days that were refused (a refill paid on the free plan). */
  refusedPayments: z.array(RefusedPaymentSchema),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

export const CancelResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  cancelAt: z.string().nullable(),
});
