// The demo payments provider, used when no STRIPE_SECRET_KEY is set: checkouts and the billing
// portal are pages the app serves itself (demo-pages.ts), clearly labelled, and no card is ever
// charged. Completing one makes the same billing events Stripe's webhooks would, applied by the same
// fulfilment code, so the demo exercises the real money path.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TierSchema, type PaidTier } from '../../shared/plans.js';
import type { CheckoutStatusResponse } from '../../shared/api/billing.js';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema.js';
import { NotFoundError } from '../domain-errors.js';
import { NoSubscriptionToCancelError } from './errors.js';
import type { Fulfilment, Outcome } from './fulfilment.js';
import type { BillingRepository, CheckoutRow } from './repository.js';
import type { CheckoutKind, PaymentsProvider } from './types.js';

export const DEMO_PAGES_PREFIX = '/billing/demo/';

export interface DemoProvider extends PaymentsProvider {
  readonly kind: 'demo';
  /** The user's open or paid demo checkout; null when there is none. */
  findCheckout(user: UserRow, id: string): Promise<CheckoutRow | null>;
  /** The demo's "Pay" button: the checkout.session.completed a paid Stripe checkout would send. */
  completeCheckout(user: UserRow, id: string): Promise<Outcome>;
  /** The demo portal's "Cancel now": the customer.subscription.deleted Stripe would send. */
  endSubscriptionNow(user: UserRow): Promise<Outcome>;
  /**
   * The demo has no billing clock, so periods that ended are settled when the account is looked
   * at: a subscription set to cancel ends, any other renews (the invoice.paid Stripe would send).
   * Returns the account as it is afterwards.
   */
  settle(user: UserRow): Promise<UserRow>;
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

function addOneMonth(date: Date): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

function paidTierOf(user: UserRow): PaidTier | null {
  const t = TierSchema.safeParse(user.subscriptionTier);
  return t.success && t.data !== 'free' ? t.data : null;
}

export function createDemoProvider(options: {
  repo: BillingRepository;
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Created first: it reaches the provider only through its replaceSubscription callback. */
  fulfilment: Fulfilment;
}): DemoProvider {
  const { repo, publicUrl, clock, log } = options;

  async function open(user: UserRow, kind: CheckoutKind, tier: PaidTier) {
    const id = newId('demo_cs_');
    await repo.insertCheckout({ id, userId: user.id, provider: 'demo', kind, tier });
    return { url: `${publicUrl}${DEMO_PAGES_PREFIX}checkout/${id}`, sessionId: id };
  }

  async function subscriptionEvent(user: UserRow, type: string, change: { deleted: boolean; cancelAtPeriodEnd: boolean }): Promise<Outcome> {
    const id = user.stripeSubscriptionId;
    if (!id) throw new NoSubscriptionToCancelError();
    const now = clock.now();
    return options.fulfilment.handle({
      id: newId('demo_evt_'),
      type,
      created: now,
      kind: 'subscription_changed',
      deleted: change.deleted,
      subscription: {
        id,
        customerId: null,
        status: change.deleted ? 'canceled' : user.subscriptionStatus,
        tier: paidTierOf(user),
        periodEnd: user.subscriptionPeriodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        userId: user.id,
      },
    });
  }

  return {
    kind: 'demo',

    createSubscriptionCheckout: (user, tier) => open(user, 'subscription', tier),

    createRefillCheckout: (user) => open(user, 'refill', paidTierOf(user) ?? 'tier1'),

    async createPortalSession() {
      return { url: `${publicUrl}${DEMO_PAGES_PREFIX}portal` };
    },

    async cancelAtPeriodEnd(user) {
      await subscriptionEvent(user, 'customer.subscription.updated', { deleted: false, cancelAtPeriodEnd: true });
      return { cancelAt: user.subscriptionPeriodEnd };
    },

    endSubscriptionNow: (user) => subscriptionEvent(user, 'customer.subscription.deleted', { deleted: true, cancelAtPeriodEnd: false }),

    async checkoutStatus(user, sessionId): Promise<CheckoutStatusResponse | null> {
      const row = await repo.findCheckout(sessionId, user.id);
      if (!row) return null;
      const tier = TierSchema.safeParse(row.tier);
      const fulfilled = row.fulfilledAt !== null;
      return {
        sessionId,
        kind: row.kind === 'refill' ? 'refill' : 'subscription',
        tier: tier.success ? tier.data : null,
        status: fulfilled ? 'complete' : 'open',
        paymentStatus: fulfilled ? 'paid' : 'unpaid',
        fulfilled,
        ...(row.refusedAt ? { status: 'complete' as const, paymentStatus: 'paid' as const, refusal: row.refusalReason } : {}),
      };
    },

    async cancelReplacedSubscription(oldId, newId) {
      // Demo subscriptions exist only in the users row, which adopting the new one overwrites.
      log.info({ oldSubscription: oldId, newSubscription: newId }, 'demo: replaced subscription ended');
    },

    async refundCheckout(checkoutId) {
      // The demo never charges a card: there is nothing to give back.
      log.info({ checkout: checkoutId }, 'demo: refused checkout, nothing was charged');
    },

    findCheckout: (user, id) => repo.findCheckout(id, user.id),

    async settle(user) {
      const end = user.subscriptionPeriodEnd;
      const now = clock.now();
      if (!user.stripeSubscriptionId || !end || end.getTime() > now.getTime()) return user;
      if (user.subscriptionCancelAtPeriodEnd) {
        await subscriptionEvent(user, 'customer.subscription.deleted', { deleted: true, cancelAtPeriodEnd: false });
        return (await repo.findUser(user.id)) ?? user;
      }
      let next = addOneMonth(end);
      while (next.getTime() <= now.getTime()) next = addOneMonth(next);
      await options.fulfilment.handle({
        id: newId('demo_evt_'),
        type: 'invoice.paid',
        created: now,
        kind: 'invoice_paid',
        customerId: null,
        subscriptionId: user.stripeSubscriptionId,
        userId: user.id,
        periodEnd: next,
      });
      return (await repo.findUser(user.id)) ?? user;
    },

    async completeCheckout(user, id) {
      const row = await repo.findCheckout(id, user.id);
      if (!row) throw new NotFoundError('Checkout not found');
      const tier = TierSchema.safeParse(row.tier);
      const paidTier = tier.success && tier.data !== 'free' ? tier.data : null;
      const now = clock.now();
      const subscription = row.kind === 'subscription' && paidTier
        ? {
            // Random part first: the account page shows a subscription id's first 8 characters.
            id: `${newId('sub_')}_demo`,
            customerId: null,
            status: 'active',
            tier: paidTier,
            periodEnd: addOneMonth(now),
            cancelAtPeriodEnd: false,
            userId: user.id,
          }
        : null;
      // One event id per checkout: paying twice (a double click, a second tab) is one payment.
      return options.fulfilment.handle({
        id: `demo_evt_${row.id}`,
        type: 'checkout.session.completed',
        created: now,
        kind: 'checkout_completed',
        checkout: {
          id: row.id,
          mode: row.kind === 'refill' ? 'payment' : 'subscription',
          paid: true,
          customerId: null,
          userId: user.id,
          kind: row.kind === 'refill' ? 'refill' : 'subscription',
          tier: paidTier,
          subscription,
        },
      });
    },
  };
}
