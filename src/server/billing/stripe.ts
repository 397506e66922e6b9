// Stripe: the only module that imports the Stripe SDK. It opens hosted checkouts and portal
// sessions, verifies webhook signatures on the raw body, and translates Stripe's events into the
// app's billing events (types.ts). API version pinned to the SDK's own; STRIPE_API_BASE points the
// SDK at another host (the tests' loopback fake).
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { PLANS, TierSchema, type PaidTier } from '../../shared/plans.js';
import type { CheckoutStatusResponse } from '../../shared/api/billing.js';
import type { Config, StripeProduct } from '../config.js';
import type { UserRow } from '../db/schema.js';
import { BillingNotConfiguredError, NoSubscriptionToCancelError, NothingToManageError } from './errors.js';
import type { BillingRepository } from './repository.js';
import type { BillingEvent, CheckoutKind, CheckoutLink, PaymentsProvider, SubscriptionSnapshot } from './types.js';

/** The API version stripe@23.1.0 is built for (Stripe.API_VERSION); bump it together with the SDK. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
/** Stripe's limit on a webhook's age, and ours. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Prices not configured by id are looked up by these keys (set them on the prices in Stripe). */
export const PRICE_LOOKUP_KEYS: Record<StripeProduct, string> = {
  tier1: 'latexgen_tier1',
  tier2: 'latexgen_tier2',
  tier3: 'latexgen_tier3',
  tier4: 'latexgen_tier4',
  tier5: 'latexgen_tier5',
  refill: 'latexgen_refill',
};

type StripeSettings = NonNullable<Config['stripe']>;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface StripeProvider extends PaymentsProvider {
  readonly kind: 'stripe';
  /** Verifies the signature of the exact bytes received; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): Stripe.Event;
  toBillingEvent(event: Stripe.Event): Promise<BillingEvent>;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ai-latex-generator' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

export function createStripeProvider(options: {
  settings: StripeSettings;
  publicUrl: string;
  repo: BillingRepository;
  log: FastifyBaseLogger;
  client?: Stripe;
}): StripeProvider {
  const { settings, publicUrl, repo, log } = options;
  const stripe = options.client ?? createStripeClient(settings);
  const resolved = new Map<StripeProduct, string>();

  function productName(product: StripeProduct): string {
    return product === 'refill' ? 'The refill pack' : `The ${PLANS[product].name} plan`;
  }

  /** The price id to sell `product` at: configured, or found once by lookup key. */
  async function priceFor(product: StripeProduct): Promise<string> {
    const configured = settings.prices[product];
    if (configured) return configured;
    const cached = resolved.get(product);
    if (cached) return cached;
    const lookupKey = PRICE_LOOKUP_KEYS[product];
    const list = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = list.data[0];
    if (!price) {
      log.error(
        { product, lookupKey, variable: `STRIPE_PRICE_${product.toUpperCase()}` },
        'no Stripe price configured: set the variable or give a price this lookup key',
      );
      throw new BillingNotConfiguredError(`${productName(product)} cannot be bought right now: its price is not configured.`);
    }
    resolved.set(product, price.id);
    return price.id;
  }

  function tierForPrice(price: Stripe.Price | string | null | undefined): PaidTier | null {
    if (!price) return null;
    const id = typeof price === 'string' ? price : price.id;
    const lookupKey = typeof price === 'string' ? null : price.lookup_key;
    for (const tier of ['tier1', 'tier2', 'tier3', 'tier4', 'tier5'] as const) {
      if (settings.prices[tier] === id || resolved.get(tier) === id) return tier;
      if (lookupKey && lookupKey === PRICE_LOOKUP_KEYS[tier]) return tier;
    }
    return null;
  }

  function snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
    const items = sub.items?.data ?? [];
    const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
    const tier = items.map((i) => tierForPrice(i.price)).find((t) => t !== null) ?? null;
    return {
      id: sub.id,
      customerId: idOf(sub.customer),
      status: sub.status,
      tier,
      periodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      userId: parseUserId(sub.metadata?.userId),
    };
  }

  async function ensureCustomer(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    // One customer per account, even if two checkouts start at once: the key makes a repeat
    // return the first customer, and the stored id is reused from then on.
    const customer = await stripe.customers.create(
      { email: user.email, name: user.username, metadata: { userId: String(user.id) } },
      { idempotencyKey: `customer-${user.id}-${user.createdAt.getTime()}` },
    );
    return (await repo.linkCustomer(user.id, customer.id)) ?? customer.id;
  }

  async function openCheckout(user: UserRow, kind: CheckoutKind, tier: PaidTier, params: Stripe.Checkout.SessionCreateParams): Promise<CheckoutLink> {
    const session = await stripe.checkout.sessions.create({
      ...params,
      customer: await ensureCustomer(user),
      client_reference_id: String(user.id),
      metadata: { userId: String(user.id), kind, tier },
      success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/account`,
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    await repo.insertCheckout({ id: session.id, userId: user.id, provider: 'stripe', kind, tier });
    return { url: session.url, sessionId: session.id };
  }

  return {
    kind: 'stripe',

    async createSubscriptionCheckout(user, tier) {
      const price = await priceFor(tier);
      return openCheckout(user, 'subscription', tier, {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        subscription_data: { metadata: { userId: String(user.id), tier } },
      });
    },

    async createRefillCheckout(user) {
      const price = await priceFor('refill');
      const tier = TierSchema.safeParse(user.subscriptionTier);
      const paidTier = tier.success && tier.data !== 'free' ? tier.data : 'tier1';
      return openCheckout(user, 'refill', paidTier, {
        mode: 'payment',
        line_items: [{ price, quantity: 1 }],
        payment_intent_data: { metadata: { userId: String(user.id), kind: 'refill' } },
      });
    },

    async createPortalSession(user) {
      if (!user.stripeCustomerId) throw new NothingToManageError('There is no billing account yet. Choose a plan first.');
      const session = await stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId, return_url: `${publicUrl}/account` });
      return { url: session.url };
    },

    async cancelAtPeriodEnd(user) {
      const id = user.stripeSubscriptionId;
      if (!id) throw new NoSubscriptionToCancelError();
      // No fixed idempotency key: cancel, resume in the portal, cancel again must reach Stripe each
      // time (the SDK still sends its own key for its retries).
      const sub = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      const s = snapshot(sub);
      // The webhook confirms it; storing the flag now lets the account page show it at once.
      await repo.setCancelAtPeriodEnd(user.id, id, s.cancelAtPeriodEnd);
      return { cancelAt: s.periodEnd };
    },

    async checkoutStatus(user, sessionId): Promise<CheckoutStatusResponse | null> {
      const row = await repo.findCheckout(sessionId, user.id);
      if (!row) return null;
      const tier = TierSchema.safeParse(row.tier);
      const base = { sessionId, kind: row.kind === 'refill' ? ('refill' as const) : ('subscription' as const), tier: tier.success ? tier.data : null };
      if (row.fulfilledAt) return { ...base, status: 'complete', paymentStatus: 'paid', fulfilled: true };
      if (row.refusedAt) return { ...base, status: 'complete', paymentStatus: 'paid', fulfilled: false, refusal: row.refusalReason };
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.client_reference_id !== String(user.id)) return null;
      return {
        ...base,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
        fulfilled: false,
      };
    },

    async cancelReplacedSubscription(oldId, newId) {
      try {
        await stripe.subscriptions.cancel(oldId, { prorate: true }, { idempotencyKey: `replace-${oldId}-by-${newId}` });
      } catch (err) {
        // Already ended (by the customer in the portal, say): nothing left to do.
        if (err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404 || err.statusCode === 400)) {
          const current = await stripe.subscriptions.retrieve(oldId).catch(() => null);
          if (!current || current.status === 'canceled' || current.status === 'incomplete_expired') return;
        }
        throw err;
      }
      log.info({ oldSubscription: oldId, newSubscription: newId }, 'replaced subscription cancelled after the new one was paid');
    },

    async refundCheckout(checkoutId) {
      const session = await stripe.checkout.sessions.retrieve(checkoutId);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`checkout ${checkoutId} has no payment to refund`);
      // One refund per checkout, however often this runs (a webhook delivered again, say).
      await stripe.refunds.create(
        { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { checkout: checkoutId, why: 'refill paid on the free plan' } },
        { idempotencyKey: `refund-${checkoutId}` },
      );
      log.info({ checkout: checkoutId, paymentIntent }, 'refused refill refunded');
    },

    verifyWebhook(rawBody, signature, receivedAtMs) {
      if (!settings.webhookSecret) throw new BillingNotConfiguredError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(err.message.split('\n')[0] ?? 'Invalid signature');
        if (err instanceof SyntaxError) throw new WebhookSignatureError('The body is not JSON');
        throw err;
      }
    },

    async toBillingEvent(event) {
      const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object;
          const mode = s.mode === 'subscription' ? 'subscription' : s.mode === 'payment' ? 'payment' : null;
          if (!mode) return { ...base, kind: 'ignored' };
          const paid = s.payment_status === 'paid' || (s.mode === 'subscription' && s.payment_status === 'no_payment_required');
          const subscriptionId = idOf(s.subscription);
          // The subscription as it stands now, not as some earlier event described it.
          const subscription = s.mode === 'subscription' && paid && subscriptionId ? snapshot(await stripe.subscriptions.retrieve(subscriptionId)) : null;
          const kind = s.metadata?.kind === 'refill' || s.metadata?.kind === 'subscription' ? s.metadata.kind : null;
          const tier = TierSchema.safeParse(s.metadata?.tier);
          return {
            ...base,
            kind: 'checkout_completed',
            checkout: {
              id: s.id,
              mode,
              paid,
              customerId: idOf(s.customer),
              userId: parseUserId(s.client_reference_id ?? s.metadata?.userId),
              kind,
              tier: tier.success && tier.data !== 'free' ? tier.data : null,
              subscription,
            },
          };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return { ...base, kind: 'subscription_changed', subscription: snapshot(event.data.object), deleted: event.type === 'customer.subscription.deleted' };
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = event.data.object;
          const details = invoice.parent?.subscription_details ?? null;
          const ends = (invoice.lines?.data ?? []).map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
          return {
            ...base,
            kind: event.type === 'invoice.paid' ? 'invoice_paid' : 'invoice_payment_failed',
            customerId: idOf(invoice.customer),
            subscriptionId: idOf(details?.subscription ?? null),
            userId: parseUserId(details?.metadata?.userId),
            periodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
          };
        }
        default:
          return { ...base, kind: 'ignored' };
      }
    },
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function parseUserId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
