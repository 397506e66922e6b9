// /api/subscription/* (docs/product.md, Subscriptions API) and the Stripe webhook. Checkout, portal and cancel go to the
// configured provider; checkout-status only reads. The webhook reads the raw bytes (its own
// encapsulated content-type parser), verifies the signature, and hands the event to fulfilment.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckoutStatusQuerySchema,
  CreateSubscriptionBodySchema,
  REFILL_PAID_ONLY_MESSAGE,
  type BillingSummary,
} from '../../shared/api/billing.js';
import { isPaidTier, parseTier, TierSchema } from '../../shared/plans.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../domain-errors.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import type { SessionAuth } from '../http/session.js';
import type { Fulfilment } from './fulfilment.js';
import type { BillingRepository } from './repository.js';
import { WebhookSignatureError, type StripeProvider } from './stripe.js';
import type { PaymentsProvider } from './types.js';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

interface BillingRouteDeps {
  provider: PaymentsProvider;
  session: SessionAuth;
  clock: Clock;
  repo: BillingRepository;
}

/** How far back the account page lists refused payments. */
const REFUSALS_SHOWN_MS = 90 * 24 * 60 * 60 * 1000;

export async function billingRoutes(app: FastifyInstance, { provider, session, clock, repo }: BillingRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Provider failures (network, Stripe errors) become the product's message; our own errors pass through. */
  async function viaProvider<T>(message: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (err) {
      if (err instanceof HttpError || err instanceof DomainError) throw err;
      app.log.error({ err, provider: provider.kind }, message);
      throw Object.assign(new HttpError(502, message), { cause: err });
    }
  }

  r.get('/api/subscription', async (request): Promise<BillingSummary> => {
    const signedIn = await session.requireUser(request);
    const user = provider.settle ? await provider.settle(signedIn) : signedIn;
    const tier = TierSchema.safeParse(user.subscriptionTier);
    const refused = await repo.refusedCheckouts(user.id, new Date(clock.now().getTime() - REFUSALS_SHOWN_MS));
    return {
      refusedPayments: refused.map((r) => ({
        checkoutId: r.id,
        refusedAt: r.refusedAt!.toISOString(),
        reason: r.refusalReason ?? '',
        refunded: r.refundedAt !== null,
      })),
      provider: provider.kind,
      tier: tier.success ? tier.data : 'free',
      status: user.subscriptionStatus,
      subscriptionId: user.stripeSubscriptionId,
      currentPeriodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
      refillPackCredits: user.refillPackCredits,
    };
  });

  r.post('/api/subscription/create', { schema: { body: CreateSubscriptionBodySchema } }, async (request) => {
    const user = await session.requireUser(request);
    const tier = parseTier(request.body.tier);
    if (!tier) throw badRequest('Unknown plan. Choose Basic, Standard, Pro, Advanced or Power.');
    if (!isPaidTier(tier)) throw badRequest('Please manage your subscription in the Account page to downgrade.');
    if (tier === user.subscriptionTier && user.stripeSubscriptionId && !user.subscriptionCancelAtPeriodEnd) {
      throw conflict('You are already subscribed to this plan.');
    }
    return viaProvider('Failed to create subscription', () => provider.createSubscriptionCheckout(user, tier));
  });

  r.post('/api/subscription/refill/create', async (request) => {
    const user = await session.requireUser(request);
    const tier = TierSchema.safeParse(user.subscriptionTier);
    if (!tier.success || !isPaidTier(tier.data)) throw forbidden(REFILL_PAID_ONLY_MESSAGE);
    return viaProvider('Failed to create refill pack checkout', () => provider.createRefillCheckout(user));
  });

  r.post('/api/subscription/portal', async (request) => {
    const user = await session.requireUser(request);
    return viaProvider('Failed to create portal session', () => provider.createPortalSession(user));
  });

  r.post('/api/subscription/cancel', async (request) => {
    const user = await session.requireUser(request);
    if (!user.stripeSubscriptionId || user.subscriptionTier === 'free') throw badRequest('You have no paid subscription to cancel.');
    const { cancelAt } = await viaProvider('Failed to cancel subscription', () => provider.cancelAtPeriodEnd(user));
    const until = cancelAt ? ` It stays active until ${cancelAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.` : '';
    return { success: true, message: `Your subscription will end at the end of the billing period.${until}`, cancelAt: cancelAt?.toISOString() ?? null };
  });

  r.get('/api/subscription/checkout-status', { schema: { querystring: CheckoutStatusQuerySchema } }, async (request) => {
    const user = await session.requireUser(request);
    const status = await viaProvider('Failed to read the checkout', () => provider.checkoutStatus(user, request.query.session_id));
    if (!status) throw notFound('Checkout not found');
    return status;
  });
}

/** Registered in its own encapsulated scope: the raw-body parser applies to this route only. */
export async function stripeWebhookRoutes(app: FastifyInstance, { provider, fulfilment, clock }: { provider: StripeProvider; fulfilment: Fulfilment; clock: Clock }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw) || raw.length === 0) return reply.code(400).send({ message: 'Empty webhook body' });
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined, clock.now().getTime());
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ reason: err.message }, 'stripe webhook refused: bad signature');
        return reply.code(400).send({ message: 'Invalid webhook signature' });
      }
      throw err;
    }
    const outcome = await fulfilment.handle(await provider.toBillingEvent(event));
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook processed');
    return { received: true, outcome };
  });
}
