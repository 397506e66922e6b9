// Fulfilment: what a billing event does to an account, the same for Stripe's webhooks and the demo
// provider. Each event is applied in one transaction that also records its id, so a repeat (or 20
// concurrent copies) changes nothing more, and a failure anywhere writes nothing. Older events never
// undo newer ones (event time against users.subscription_event_at), events about a subscription
// that is not the account's current one change nothing, and a plan change ends the old
// subscription only once the new one is paid.
import type { FastifyBaseLogger } from 'fastify';
import { REFILL_REFUSED_REASON } from '../../shared/api/billing.js';
import { isPaidTier, REFILL_PACK, TierSchema, type PaidTier } from '../../shared/plans.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { BillingRepository } from './repository.js';
import type { BillingEvent, CheckoutCompleted, FulfilmentHooks, SubscriptionSnapshot } from './types.js';

/** Statuses of a subscription that is paid for (the only ones a new subscription is adopted in). */
const PAID_STATUSES = new Set(['active', 'trialing']);
/** Statuses after which a subscription never comes back. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

export type Outcome =
  | 'duplicate'
  | 'unknown_customer'
  | 'ignored'
  | 'unpaid'
  | 'refill_granted'
  | 'refill_refused'
  | 'already_fulfilled'
  | 'adopted'
  | 'already_current'
  | 'updated'
  | 'ended'
  | 'stale'
  | 'not_current'
  | 'period_started'
  | 'status_updated';

/** A concurrent plan change got in between: nothing was written, the provider delivers the event again. */
export class RetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

export interface FulfilmentDeps {
  db: Db;
  repo: BillingRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Ends the subscription a paid new one replaces (the provider's cancelReplacedSubscription). */
  replaceSubscription: (oldId: string, newId: string) => Promise<void>;
  /** Gives back the money of a checkout that is refused (the provider's refundCheckout); safe to call twice. */
  refundCheckout: (checkoutId: string) => Promise<void>;
  hooks?: FulfilmentHooks;
}

interface Adoption {
  subscription: SubscriptionSnapshot;
  tier: PaidTier;
}

export function createFulfilment(deps: FulfilmentDeps) {
  const { db, repo, clock, log, hooks } = deps;

  async function resolveUser(event: BillingEvent): Promise<UserRow | null> {
    const { customerId, userId } = identity(event);
    const byId = userId !== null ? await repo.findUser(userId) : null;
    if (byId) {
      if (customerId && byId.stripeCustomerId && byId.stripeCustomerId !== customerId) {
        log.warn({ eventId: event.id, userId, customerId, stored: byId.stripeCustomerId }, 'billing event names a different customer than the account has');
      }
      return byId;
    }
    return customerId ? repo.findUserByCustomer(customerId) : null;
  }

  /** The subscription this event would make the account's current one, if any. */
  function adoption(event: BillingEvent, user: UserRow): Adoption | null {
    if (event.kind === 'checkout_completed') {
      const c = event.checkout;
      const sub = c.subscription;
      if (c.mode !== 'subscription' || !c.paid || !sub || !PAID_STATUSES.has(sub.status)) return null;
      if (sub.id === user.stripeSubscriptionId || !notOlder(event.created, user)) return null;
      const tier = sub.tier ?? c.tier;
      return tier ? { subscription: sub, tier } : null;
    }
    if (event.kind === 'subscription_changed') {
      const sub = event.subscription;
      if (event.deleted || !PAID_STATUSES.has(sub.status) || !sub.tier || sub.id === user.stripeSubscriptionId) return null;
      // Strictly newer: a late 'active' snapshot of a subscription that just ended must not revive it.
      if (user.subscriptionEventAt && event.created.getTime() <= user.subscriptionEventAt.getTime()) return null;
      return { subscription: sub, tier: sub.tier };
    }
    return null;
  }

  async function adopt(tx: Db, user: UserRow, event: BillingEvent, a: Adoption, replaced: string | null): Promise<void> {
    if (user.stripeSubscriptionId && user.stripeSubscriptionId !== a.subscription.id && user.stripeSubscriptionId !== replaced) {
      throw new RetryLaterError(`subscription ${user.stripeSubscriptionId} became current while ${a.subscription.id} was being adopted`);
    }
    await repo.setSubscription(tx, user.id, {
      stripeSubscriptionId: a.subscription.id,
      subscriptionTier: a.tier,
      subscriptionStatus: a.subscription.status,
      subscriptionPeriodEnd: a.subscription.periodEnd,
      subscriptionCancelAtPeriodEnd: a.subscription.cancelAtPeriodEnd,
      subscriptionEventAt: event.created,
    });
    if (a.subscription.periodEnd) await repo.startPeriod(tx, user.id, a.subscription.periodEnd);
    log.info({ eventId: event.id, userId: user.id, subscription: a.subscription.id, tier: a.tier, replaced }, 'subscription adopted');
  }

  async function applyCheckout(tx: Db, user: UserRow, event: BillingEvent, c: CheckoutCompleted, replaced: string | null, refunded: boolean): Promise<Outcome> {
    if (!c.paid) return 'unpaid';
    const now = clock.now();
    if (c.mode === 'payment') {
      if (c.kind !== 'refill') return 'ignored';
      // Refill packs are for paid plans at the moment of payment: a checkout opened on a paid plan
      // and paid after a downgrade is recorded and refused (and refunded), never granted.
      if (refunded || !onPaidTier(user)) {
        const first = await repo.refuseCheckout(tx, {
          id: c.id, userId: user.id, provider: providerOf(event), kind: 'refill', tier: c.tier, now, reason: REFILL_REFUSED_REASON, refunded,
        });
        if (!first) return 'already_fulfilled';
        log.warn({ eventId: event.id, userId: user.id, checkout: c.id, tier: user.subscriptionTier, refunded }, 'refill paid on a free plan: refused');
        return 'refill_refused';
      }
      const first = await repo.claimCheckout(tx, { id: c.id, userId: user.id, provider: providerOf(event), kind: 'refill', tier: c.tier, now });
      if (!first) return 'already_fulfilled';
      const credits = await repo.addRefillCredits(tx, user.id, REFILL_PACK.credits);
      log.info({ eventId: event.id, userId: user.id, checkout: c.id, credits }, 'refill pack granted');
      return 'refill_granted';
    }
    const sub = c.subscription;
    if (!sub) {
      log.warn({ eventId: event.id, checkout: c.id }, 'paid subscription checkout without a subscription');
      return 'ignored';
    }
    const claim = () => repo.claimCheckout(tx, { id: c.id, userId: user.id, provider: providerOf(event), kind: 'subscription', tier: c.tier, now });
    if (sub.id === user.stripeSubscriptionId) {
      await claim();
      return 'already_current';
    }
    const a = adoption(event, user);
    if (!a) {
      log.warn({ eventId: event.id, userId: user.id, subscription: sub.id, status: sub.status }, 'paid checkout not applied: its subscription is not active or a newer change is current');
      return 'stale';
    }
    await adopt(tx, user, event, a, replaced);
    await claim();
    return 'adopted';
  }

  async function applySubscription(tx: Db, user: UserRow, event: Extract<BillingEvent, { kind: 'subscription_changed' }>, replaced: string | null): Promise<Outcome> {
    const sub = event.subscription;
    if (sub.id !== user.stripeSubscriptionId) {
      const a = adoption(event, user);
      if (!a) {
        log.info({ eventId: event.id, userId: user.id, subscription: sub.id, current: user.stripeSubscriptionId }, 'event for a subscription that is not the current one: ignored');
        return 'not_current';
      }
      await adopt(tx, user, event, a, replaced);
      return 'adopted';
    }
    if (!notOlder(event.created, user)) return 'stale';
    if (event.deleted || ENDED_STATUSES.has(sub.status)) {
      await repo.setSubscription(tx, user.id, {
        stripeSubscriptionId: null,
        subscriptionTier: 'free',
        subscriptionStatus: 'canceled',
        subscriptionPeriodEnd: null,
        subscriptionCancelAtPeriodEnd: false,
        subscriptionEventAt: event.created,
      });
      log.info({ eventId: event.id, userId: user.id, subscription: sub.id }, 'subscription ended: account is on the free plan');
      return 'ended';
    }
    if (!sub.tier) log.warn({ eventId: event.id, subscription: sub.id }, 'subscription price is not one of the configured plans; tier kept');
    await repo.setSubscription(tx, user.id, {
      subscriptionTier: sub.tier ?? user.subscriptionTier,
      subscriptionStatus: sub.status,
      subscriptionPeriodEnd: sub.periodEnd ?? user.subscriptionPeriodEnd,
      subscriptionCancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      subscriptionEventAt: event.created,
    });
    return 'updated';
  }

  async function applyInvoice(tx: Db, user: UserRow, event: Extract<BillingEvent, { kind: 'invoice_paid' | 'invoice_payment_failed' }>): Promise<Outcome> {
    if (!event.subscriptionId || event.subscriptionId !== user.stripeSubscriptionId) return 'not_current';
    const newer = notOlder(event.created, user);
    if (event.kind === 'invoice_payment_failed') {
      if (!newer) return 'stale';
      // The plan stays until Stripe gives up and deletes the subscription.
      await repo.setSubscription(tx, user.id, { subscriptionStatus: 'past_due', subscriptionEventAt: event.created });
      return 'status_updated';
    }
    // A paid invoice starts its period whatever the order of arrival; the status only when newer.
    let started = false;
    if (event.periodEnd) {
      started = await repo.startPeriod(tx, user.id, event.periodEnd);
      if (!user.subscriptionPeriodEnd || user.subscriptionPeriodEnd < event.periodEnd) {
        await repo.setSubscription(tx, user.id, { subscriptionPeriodEnd: event.periodEnd });
      }
    }
    if (newer) await repo.setSubscription(tx, user.id, { subscriptionStatus: 'active', subscriptionEventAt: event.created });
    return started ? 'period_started' : newer ? 'status_updated' : 'stale';
  }

  return {
    /** Applies one event exactly once. Throws (and writes nothing) when any step fails. */
    async handle(event: BillingEvent): Promise<Outcome> {
      if (await repo.isEventRecorded(event.id)) return 'duplicate';
      if (event.kind === 'ignored') {
        return db.transaction(async (tx) => ((await repo.recordEvent(tx, event.id, event.type)) ? 'ignored' : 'duplicate'));
      }
      const user = await resolveUser(event);

      // A plan change: the new subscription is paid, so the one it replaces ends now, before
      // anything is written. If this fails nothing is recorded and the event comes again.
      let replaced: string | null = null;
      const a = user ? adoption(event, user) : null;
      if (user && a && user.stripeSubscriptionId && user.stripeSubscriptionId !== a.subscription.id) {
        await deps.replaceSubscription(user.stripeSubscriptionId, a.subscription.id);
        replaced = user.stripeSubscriptionId;
      }

      // A refill paid on the free plan is refunded first, like a replaced subscription is ended
      // first: if that fails nothing is recorded, and the provider delivers the event again.
      const refused = user ? await refillToRefuse(event, user) : null;
      if (refused) await deps.refundCheckout(refused);

      const outcome = await db.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, event.id, event.type))) return 'duplicate' as const;
        const locked = user ? await repo.lockUser(tx, user.id) : null;
        let outcome: Outcome;
        if (!locked) {
          const { customerId, userId } = identity(event);
          log.warn({ eventId: event.id, type: event.type, customerId, userId }, 'billing event for an unknown customer: acknowledged, nothing changed');
          outcome = 'unknown_customer';
        } else {
          const { customerId } = identity(event);
          if (customerId && !locked.stripeCustomerId) await repo.linkCustomer(locked.id, customerId, tx);
          switch (event.kind) {
            case 'checkout_completed':
              outcome = await applyCheckout(tx, locked, event, event.checkout, replaced, refused !== null);
              break;
            case 'subscription_changed':
              outcome = await applySubscription(tx, locked, event, replaced);
              break;
            case 'invoice_paid':
            case 'invoice_payment_failed':
              outcome = await applyInvoice(tx, locked, event);
              break;
            default:
              outcome = 'ignored';
          }
        }
        await hooks?.beforeCommit?.(event);
        return outcome;
      });
      // The plan changed to free between the check above and the transaction: refund now.
      if (outcome === 'refill_refused' && !refused && event.kind === 'checkout_completed') {
        const id = event.checkout.id;
        try {
          await deps.refundCheckout(id);
          await repo.markRefunded(id, clock.now());
        } catch (err) {
          log.error({ err, eventId: event.id, checkout: id }, 'refund of a refused refill failed: refund it by hand');
        }
      }
      return outcome;
    },
  };

  function onPaidTier(user: UserRow): boolean {
    const tier = TierSchema.safeParse(user.subscriptionTier);
    return tier.success && isPaidTier(tier.data);
  }

  /** The checkout to refund when this event is a paid refill, not yet handled, for an account on the free plan. */
  async function refillToRefuse(event: BillingEvent, user: UserRow): Promise<string | null> {
    if (event.kind !== 'checkout_completed') return null;
    const c = event.checkout;
    if (c.mode !== 'payment' || c.kind !== 'refill' || !c.paid || onPaidTier(user)) return null;
    const row = await repo.findCheckoutById(c.id);
    return row?.fulfilledAt || row?.refusedAt ? null : c.id;
  }
}

export type Fulfilment = ReturnType<typeof createFulfilment>;

function notOlder(created: Date, user: UserRow): boolean {
  return !user.subscriptionEventAt || created.getTime() >= user.subscriptionEventAt.getTime();
}

function identity(event: BillingEvent): { customerId: string | null; userId: number | null } {
  switch (event.kind) {
    case 'checkout_completed':
      return { customerId: event.checkout.customerId, userId: event.checkout.userId };
    case 'subscription_changed':
      return { customerId: event.subscription.customerId, userId: event.subscription.userId };
    case 'invoice_paid':
    case 'invoice_payment_failed':
      return { customerId: event.customerId, userId: event.userId };
    default:
      return { customerId: null, userId: null };
  }
}

function providerOf(event: BillingEvent): 'stripe' | 'demo' {
  return event.id.startsWith('demo_') ? 'demo' : 'stripe';
}
