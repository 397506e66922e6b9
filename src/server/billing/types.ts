// The billing domain in the app's own words: the payments provider interface (Stripe or the demo)
// and the few events that change an account. stripe.ts translates Stripe's events into these; the
// demo provider makes them itself; fulfilment.ts applies them, whoever sent them.
import type { PaidTier } from '../../shared/plans.js';
import type { CheckoutStatusResponse } from '../../shared/api/billing.js';
import type { UserRow } from '../db/schema.js';

export type ProviderKind = 'stripe' | 'demo';
export type CheckoutKind = 'subscription' | 'refill';

/** A subscription as the provider last described it. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  /** Stripe's status words: active, trialing, past_due, unpaid, incomplete, incomplete_expired, canceled, paused. */
  status: string;
  /** The plan its price stands for; null when the price is not one of ours. */
  tier: PaidTier | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** metadata.userId, set on every subscription our checkouts create. */
  userId: number | null;
}

export interface CheckoutCompleted {
  id: string;
  mode: 'subscription' | 'payment';
  /** payment_status 'paid' (or 'no_payment_required' for a subscription). */
  paid: boolean;
  customerId: string | null;
  /** client_reference_id / metadata.userId. */
  userId: number | null;
  kind: CheckoutKind | null;
  tier: PaidTier | null;
  /** The subscription it created, as it stands now (subscription mode only). */
  subscription: SubscriptionSnapshot | null;
}

interface EventBase {
  /** Stripe's event id (or the demo's own); recorded so a repeat does nothing. */
  id: string;
  type: string;
  /** When the provider created the event: older events never undo newer ones. */
  created: Date;
}

export type BillingEvent =
  | (EventBase & { kind: 'checkout_completed'; checkout: CheckoutCompleted })
  | (EventBase & { kind: 'subscription_changed'; subscription: SubscriptionSnapshot; deleted: boolean })
  | (EventBase & {
      kind: 'invoice_paid' | 'invoice_payment_failed';
      customerId: string | null;
      subscriptionId: string | null;
      userId: number | null;
      /** End of the period the invoice pays for. */
      periodEnd: Date | null;
    })
  | (EventBase & { kind: 'ignored' });

export interface CheckoutLink {
  url: string;
  sessionId: string;
}

export interface PaymentsProvider {
  readonly kind: ProviderKind;
  createSubscriptionCheckout(user: UserRow, tier: PaidTier): Promise<CheckoutLink>;
  createRefillCheckout(user: UserRow): Promise<CheckoutLink>;
  createPortalSession(user: UserRow): Promise<{ url: string }>;
  /** Asks the provider to end the user's subscription at the end of the paid period. */
  cancelAtPeriodEnd(user: UserRow): Promise<{ cancelAt: Date | null }>;
  /** Reads a checkout of the user's; null when there is none (or it is someone else's). */
  checkoutStatus(user: UserRow, sessionId: string): Promise<CheckoutStatusResponse | null>;
  /**
   * Ends a subscription that a newer paid one replaces (a plan change). Called only after the new
   * one is paid; safe to call twice.
   */
  cancelReplacedSubscription(oldSubscriptionId: string, newSubscriptionId: string): Promise<void>;
  /** Refunds the payment of a checkout whose purchase is refused; safe to call twice. */
  refundCheckout(checkoutId: string): Promise<void>;
  /** Brings the account up to date where the provider has no clock of its own (the demo); Stripe's webhooks do this. */
  settle?(user: UserRow): Promise<UserRow>;
}

/** Fault injection for tests: runs inside the event's transaction, after its effect. */
export interface FulfilmentHooks {
  beforeCommit?: (event: BillingEvent) => void | Promise<void>;
}
