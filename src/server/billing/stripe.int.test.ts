// Billing with Stripe, on PGlite and PostgreSQL: the real Stripe SDK talks to a loopback fake of the
// API (tests/support/fake-stripe.ts), and webhooks arrive signed like Stripe signs them. Checkout,
// portal and refill creation, one customer per user, signature and replay checks, refill credits
// granted once under 20 concurrent deliveries, out-of-order events, unpaid checkouts, unknown
// customers, plan changes that cancel the old subscription only once the new one is paid, and a
// failing handler that writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users, webhookEvents } from '../db/schema.js';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { FakeStripe, startFakeStripe, WEBHOOK_SECRET } from '../../../tests/support/fake-stripe.js';
import { REFILL_PAID_ONLY_MESSAGE, REFILL_REFUSED_REASON } from '../../shared/api/billing.js';
import { STRIPE_API_VERSION } from './stripe.js';
import type { BillingEvent } from './types.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  msg: string;
}

/** A logger that keeps what billing says, so tests can check that something was logged. */
function captureLogger(lines: LogLine[]): FastifyBaseLogger {
  const at = (level: string) => (fields: unknown, msg?: string) => {
    lines.push({ level, fields: typeof fields === 'object' && fields ? (fields as Record<string, unknown>) : {}, msg: msg ?? String(fields) });
  };
  const logger = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

describe.each(DB_KINDS)('Stripe billing on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  const logs: LogLine[] = [];
  let fault: ((event: BillingEvent) => void) | null = null;

  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.addPrice('price_tier1', null, 99);
    fake.addPrice('price_tier3', null, 699);
    fake.addPrice('price_lookup_tier4', 'latexgen_tier4', 1199);
    fake.addPrice('price_refill', null, 99);
    t = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake_key',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        STRIPE_PRICE_TIER1: 'price_tier1',
        STRIPE_PRICE_TIER3: 'price_tier3',
        STRIPE_PRICE_REFILL: 'price_refill',
      },
      billing: { log: captureLogger(logs), hooks: { beforeCommit: (event) => fault?.(event) } },
    });
    fake.now = () => Math.floor(t.clock.now().getTime() / 1000);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => {
    fault = null;
  });

  const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
  const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), origin: ORIGIN } });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** Posts an event the way Stripe does: the exact bytes it signed. */
  function deliver(event: Obj, options: { timestamp?: number; body?: string; signature?: string } = {}) {
    const payload = options.body ?? JSON.stringify(event, null, 2);
    const signature = options.signature ?? FakeStripe.sign(options.body && !options.signature ? JSON.stringify(event, null, 2) : payload, { timestamp: options.timestamp ?? nowSec() });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0' },
    });
  }

  /** A user on a paid plan through the real path: checkout, payment at the fake, signed webhook. */
  async function subscribe(user: { cookie: string; userId: number }, tier: string, options: { periodEnd?: number } = {}) {
    const res = await post('/api/subscription/create', user.cookie, { tier });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    const session = fake.completeCheckout(sessionId, options);
    expect((await deliver(fake.event('checkout.session.completed', session))).statusCode).toBe(200);
    return { sessionId, subscription: fake.subscriptions.get(session.subscription)! };
  }

  it('opens subscription checkouts through the SDK with the user on the session and its subscription, one customer per user', async () => {
    const user = await signUp(t);
    const res = await post('/api/subscription/create', user.cookie, { tier: 'Pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const customers = fake.calls('POST', '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.idempotencyKey).toMatch(new RegExp(`^customer-${user.userId}-\\d+$`));
    expect(customers[0]!.body).toMatchObject({ email: user.email, metadata: { userId: String(user.userId) } });
    expect(customers[0]!.apiVersion).toBe(STRIPE_API_VERSION);
    const customerId = (await userRow(user.userId)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);

    const [created] = fake.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(created!.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(user.userId),
      metadata: { userId: String(user.userId), kind: 'subscription', tier: 'tier3' },
      subscription_data: { metadata: { userId: String(user.userId) } },
      line_items: [{ price: 'price_tier3', quantity: '1' }],
    });
    expect(created!.body.success_url).toBe(`${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(created!.idempotencyKey).toBeTruthy();

    // A second checkout reuses the stored customer.
    const again = await post('/api/subscription/create', user.cookie, { tier: 'tier1' });
    expect(again.statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(fake.calls('POST', '/v1/checkout/sessions').slice(-1)[0]!.body).toMatchObject({ customer: customerId, line_items: [{ price: 'price_tier1' }] });

    // Concurrent first checkouts of a new user still make one customer (same idempotency key).
    const other = await signUp(t);
    const before = fake.calls('POST', '/v1/customers').length;
    const both = await Promise.all([post('/api/subscription/create', other.cookie, { tier: 'tier1' }), post('/api/subscription/create', other.cookie, { tier: 'tier3' })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const newCalls = fake.calls('POST', '/v1/customers').slice(before);
    expect(new Set(newCalls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(new Set(fake.calls('POST', '/v1/checkout/sessions').slice(-2).map((c) => c.body.customer)).size).toBe(1);
  });

  it('finds prices by lookup key, and a plan without a price fails with a clear message', async () => {
    const user = await signUp(t);
    const advanced = await post('/api/subscription/create', user.cookie, { tier: 'Advanced' });
    expect(advanced.statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/checkout/sessions').slice(-1)[0]!.body.line_items[0].price).toBe('price_lookup_tier4');
    const lookups = fake.calls('GET', '/v1/prices').length;
    await post('/api/subscription/create', user.cookie, { tier: 'tier4' });
    expect(fake.calls('GET', '/v1/prices')).toHaveLength(lookups); // cached

    const standard = await post('/api/subscription/create', user.cookie, { tier: 'tier2' });
    expect(standard.statusCode).toBe(503);
    expect(standard.json().message).toBe('The Standard plan cannot be bought right now: its price is not configured.');
    expect(logs.some((l) => l.level === 'error' && l.fields.variable === 'STRIPE_PRICE_TIER2')).toBe(true);

    expect((await post('/api/subscription/create', user.cookie, { tier: 'free' })).json().message).toBe(
      'Please manage your subscription in the Account page to downgrade.',
    );
    expect((await post('/api/subscription/create', user.cookie, { tier: 'platinum' })).statusCode).toBe(400);
    expect((await post('/api/subscription/create', undefined, { tier: 'tier1' })).statusCode).toBe(401);
  });

  it('reports Stripe trouble with the checkout message', async () => {
    const user = await signUp(t);
    fake.failures.push({ path: /^\/v1\/checkout\/sessions$/, status: 400 });
    const res = await post('/api/subscription/create', user.cookie, { tier: 'tier1' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Failed to create subscription');
  });

  it('subscribes by webhook: plan, period, usage reset; checkout-status reads the outcome and only for its owner', async () => {
    const user = await signUp(t);
    await t.database.db.update(users).set({ monthlyUsage: 3 }).where(eq(users.id, user.userId));
    const res = await post('/api/subscription/create', user.cookie, { tier: 'tier3' });
    const { sessionId } = res.json();

    const open = await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie);
    expect(open.json()).toMatchObject({ status: 'open', paymentStatus: 'unpaid', fulfilled: false, kind: 'subscription', tier: 'tier3' });
    const stranger = await signUp(t);
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, stranger.cookie)).statusCode).toBe(404);

    const periodEnd = nowSec() + 30 * 86400;
    const session = fake.completeCheckout(sessionId, { periodEnd });
    const delivered = await deliver(fake.event('checkout.session.completed', session));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ received: true, outcome: 'adopted' });

    const row = await userRow(user.userId);
    expect(row).toMatchObject({ subscriptionTier: 'tier3', subscriptionStatus: 'active', stripeSubscriptionId: session.subscription, monthlyUsage: 0 });
    expect(row.subscriptionPeriodEnd?.getTime()).toBe(periodEnd * 1000);
    expect(row.usageResetDate.getTime()).toBe(periodEnd * 1000);
    const me = (await get('/api/auth/me', user.cookie)).json();
    expect(me).toMatchObject({ usageLimit: 1200, user: { subscriptionTier: 'tier3', monthlyUsage: 0 } });

    const done = await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie);
    expect(done.json()).toMatchObject({ status: 'complete', paymentStatus: 'paid', fulfilled: true });
    expect((await post('/api/subscription/create', user.cookie, { tier: 'tier3' })).json().message).toBe('You are already subscribed to this plan.');

    const portal = await post('/api/subscription/portal', user.cookie);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').slice(-1)[0]!.body).toMatchObject({ customer: row.stripeCustomerId, return_url: `${ORIGIN}/account` });
    const noCustomer = await signUp(t);
    expect((await post('/api/subscription/portal', noCustomer.cookie)).statusCode).toBe(400);
  });

  it('grants a refill once when the same event arrives 20 times at once, and once more for its async twin', async () => {
    const free = await signUp(t);
    const refused = await post('/api/subscription/refill/create', free.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFILL_PAID_ONLY_MESSAGE);

    const user = await signUp(t);
    await subscribe(user, 'tier1');
    const res = await post('/api/subscription/refill/create', user.cookie);
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    expect(fake.calls('POST', '/v1/checkout/sessions').slice(-1)[0]!.body).toMatchObject({
      mode: 'payment',
      client_reference_id: String(user.userId),
      metadata: { userId: String(user.userId), kind: 'refill', tier: 'tier1' },
      line_items: [{ price: 'price_refill' }],
    });

    const session = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().outcome === 'refill_granted')).toHaveLength(1);
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toHaveLength(1);

    // A second event about the same payment (async success) is another id, but the same checkout.
    const twin = await deliver(fake.event('checkout.session.async_payment_succeeded', session));
    expect(twin.json().outcome).toBe('already_fulfilled');
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json()).toMatchObject({ kind: 'refill', fulfilled: true });
  });

  it('grants nothing for an unpaid checkout; the async success later grants once', async () => {
    const user = await signUp(t);
    await subscribe(user, 'tier1');
    const { sessionId } = (await post('/api/subscription/refill/create', user.cookie)).json();
    const unpaid = fake.completeCheckout(sessionId, { paid: false });
    const res = await deliver(fake.event('checkout.session.completed', unpaid));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unpaid');
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json()).toMatchObject({ status: 'complete', paymentStatus: 'unpaid', fulfilled: false });

    // An unpaid subscription checkout does not change the plan either.
    const { sessionId: subSession } = (await post('/api/subscription/create', user.cookie, { tier: 'tier3' })).json();
    const unpaidSub = fake.completeCheckout(subSession, { paid: false });
    expect((await deliver(fake.event('checkout.session.completed', unpaidSub))).json().outcome).toBe('unpaid');
    expect((await userRow(user.userId)).subscriptionTier).toBe('tier1');

    fake.sessions.get(sessionId)!.payment_status = 'paid';
    const paid = await deliver(fake.event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }));
    expect(paid.json().outcome).toBe('refill_granted');
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
  });

  it('refuses bad signatures, stale timestamps and re-serialised bodies with 400, and changes nothing', async () => {
    const user = await signUp(t);
    await subscribe(user, 'tier1');
    const { sessionId } = (await post('/api/subscription/refill/create', user.cookie)).json();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(sessionId));
    const payload = JSON.stringify(event, null, 2);

    const wrongSecret = await deliver(event, { signature: FakeStripe.sign(payload, { timestamp: nowSec(), secret: 'whsec_other' }) });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe('Invalid webhook signature');
    expect((await deliver(event, { signature: 'garbage' })).statusCode).toBe(400);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
    expect(noHeader.statusCode).toBe(400);

    expect((await deliver(event, { timestamp: nowSec() - 301 })).statusCode).toBe(400);
    // Signed over the original bytes, sent re-serialised (same JSON, other bytes).
    expect((await deliver(event, { body: JSON.stringify(event) })).statusCode).toBe(400);
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toHaveLength(0);

    const fresh = await deliver(event, { timestamp: nowSec() - 299 });
    expect(fresh.statusCode).toBe(200);
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
  });

  it('refuses a refill paid after a downgrade to free: records it, grants nothing, refunds once through the SDK, and says why', async () => {
    const user = await signUp(t);
    const { subscription } = await subscribe(user, 'tier1');
    const { sessionId } = (await post('/api/subscription/refill/create', user.cookie)).json();
    // The plan ends while the refill checkout is still open; then the buyer pays.
    expect((await deliver(fake.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }))).json().outcome).toBe('ended');
    const session = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(results.filter((r) => r.json().outcome === 'refill_refused')).toHaveLength(1);
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);

    const refunds = fake.calls('POST', '/v1/refunds');
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${sessionId}`]));
    expect(refunds[0]!.body).toMatchObject({ payment_intent: session.payment_intent, reason: 'requested_by_customer' });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);

    // The async twin of the same payment neither grants nor refunds again.
    const twin = await deliver(fake.event('checkout.session.async_payment_succeeded', session));
    expect(twin.json().outcome).toBe('already_fulfilled');
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);

    const status = (await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json();
    expect(status).toMatchObject({ kind: 'refill', fulfilled: false, paymentStatus: 'paid', refusal: REFILL_REFUSED_REASON });
    const summary = (await get('/api/subscription', user.cookie)).json();
    expect(summary.refusedPayments).toEqual([{ checkoutId: sessionId, refusedAt: expect.any(String), reason: REFILL_REFUSED_REASON, refunded: true }]);
  });

  it('never moves back to an older state: an update after the deletion leaves the user on free', async () => {
    const user = await signUp(t);
    const { subscription } = await subscribe(user, 'tier3');
    const t0 = nowSec();
    const updatedEarlier = fake.event('customer.subscription.updated', { ...subscription, status: 'active' }, { created: t0 + 10 });
    const deleted = fake.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, { created: t0 + 20 });
    expect((await deliver(deleted)).json().outcome).toBe('ended');
    let row = await userRow(user.userId);
    expect(row).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: null, subscriptionStatus: 'canceled' });

    // Delivered late, older than the deletion: ignored.
    expect((await deliver(updatedEarlier)).json().outcome).toBe('not_current');
    // Even one stamped in the same second as the deletion cannot revive it.
    expect((await deliver(fake.event('customer.subscription.updated', subscription, { created: t0 + 20 }))).json().outcome).toBe('not_current');
    row = await userRow(user.userId);
    expect(row).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: null });
    expect((await get('/api/auth/me', user.cookie)).json().usageLimit).toBe(3);
  });

  it('applies subscription updates in event order (portal plan change, stale events ignored)', async () => {
    const user = await signUp(t);
    const { subscription } = await subscribe(user, 'tier1');
    const t0 = nowSec();
    const asTier3 = structuredClone(subscription);
    asTier3.items.data[0].price = { id: 'price_tier3', object: 'price', lookup_key: null };
    expect((await deliver(fake.event('customer.subscription.updated', asTier3, { created: t0 + 5 }))).json().outcome).toBe('updated');
    expect((await userRow(user.userId)).subscriptionTier).toBe('tier3');
    // An older snapshot (still tier1) arriving late changes nothing.
    expect((await deliver(fake.event('customer.subscription.updated', subscription, { created: t0 + 2 }))).json().outcome).toBe('stale');
    expect((await userRow(user.userId)).subscriptionTier).toBe('tier3');
    // Lookup-key prices map to their tier too.
    const asTier4 = structuredClone(subscription);
    asTier4.items.data[0].price = { id: 'price_lookup_tier4', object: 'price', lookup_key: 'latexgen_tier4' };
    await deliver(fake.event('customer.subscription.updated', asTier4, { created: t0 + 6 }));
    expect((await userRow(user.userId)).subscriptionTier).toBe('tier4');
  });

  it('invoice.paid starts a new period once; invoice.payment_failed sets past_due and keeps the tier', async () => {
    const user = await signUp(t);
    const periodEnd = nowSec() + 30 * 86400;
    const { subscription } = await subscribe(user, 'tier3', { periodEnd });
    await t.database.db.update(users).set({ monthlyUsage: 700 }).where(eq(users.id, user.userId));

    const failed = fake.event('invoice.payment_failed', fake.invoice(subscription, { periodEnd: periodEnd + 30 * 86400 }), { created: periodEnd + 10 });
    expect((await deliver(failed)).json().outcome).toBe('status_updated');
    expect(await userRow(user.userId)).toMatchObject({ subscriptionStatus: 'past_due', subscriptionTier: 'tier3' });

    const nextEnd = periodEnd + 30 * 86400;
    const paid = fake.event('invoice.paid', fake.invoice(subscription, { periodEnd: nextEnd }), { created: periodEnd + 20 });
    expect((await deliver(paid)).json().outcome).toBe('period_started');
    let row = await userRow(user.userId);
    expect(row).toMatchObject({ subscriptionStatus: 'active', monthlyUsage: 0, subscriptionTier: 'tier3' });
    expect(row.usageResetDate.getTime()).toBe(nextEnd * 1000);
    expect(row.subscriptionPeriodEnd?.getTime()).toBe(nextEnd * 1000);

    // Generations made in the new period survive a second invoice for the same period.
    await t.database.db.update(users).set({ monthlyUsage: 5 }).where(eq(users.id, user.userId));
    await deliver(fake.event('invoice.paid', fake.invoice(subscription, { periodEnd: nextEnd }), { created: periodEnd + 30 }));
    // The failure reported before the payment, delivered late, does not make it past_due again.
    expect((await deliver(fake.event('invoice.payment_failed', fake.invoice(subscription, { periodEnd: nextEnd }), { created: periodEnd + 15 }))).json().outcome).toBe('stale');
    row = await userRow(user.userId);
    expect(row).toMatchObject({ monthlyUsage: 5, subscriptionStatus: 'active' });
  });

  it('cancels the old subscription only after the new one is paid, and ignores the old one from then on', async () => {
    const user = await signUp(t);
    const { subscription: old } = await subscribe(user, 'tier1');
    const { sessionId } = (await post('/api/subscription/create', user.cookie, { tier: 'tier3' })).json();
    expect(fake.calls('DELETE', `/v1/subscriptions/${old.id}`)).toHaveLength(0);

    // Stripe announces the new subscription before its payment: nothing changes yet.
    const session = fake.completeCheckout(sessionId, { paid: false });
    const pending = fake.subscriptions.get(session.subscription)!;
    expect((await deliver(fake.event('customer.subscription.created', pending))).json().outcome).toBe('not_current');
    expect((await deliver(fake.event('checkout.session.completed', session))).json().outcome).toBe('unpaid');
    expect(fake.calls('DELETE', `/v1/subscriptions/${old.id}`)).toHaveLength(0);
    expect(await userRow(user.userId)).toMatchObject({ stripeSubscriptionId: old.id, subscriptionTier: 'tier1' });

    // Paid: the new one becomes current and only now is the old one cancelled.
    t.clock.advance(5000);
    pending.status = 'active';
    fake.sessions.get(sessionId)!.payment_status = 'paid';
    const paid = await deliver(fake.event('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }));
    expect(paid.json().outcome).toBe('adopted');
    const cancels = fake.calls('DELETE', `/v1/subscriptions/${old.id}`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.idempotencyKey).toBe(`replace-${old.id}-by-${pending.id}`);
    expect(fake.subscriptions.get(old.id)!.status).toBe('canceled');
    expect(await userRow(user.userId)).toMatchObject({ stripeSubscriptionId: pending.id, subscriptionTier: 'tier3' });

    // The old subscription's deletion is about a subscription that is no longer current.
    t.clock.advance(5000);
    expect((await deliver(fake.event('customer.subscription.deleted', fake.subscriptions.get(old.id)!))).json().outcome).toBe('not_current');
    expect(await userRow(user.userId)).toMatchObject({ stripeSubscriptionId: pending.id, subscriptionTier: 'tier3' });
  });

  it('applies a plan change once when its event arrives 10 times at once', async () => {
    const user = await signUp(t);
    const { subscription: old } = await subscribe(user, 'tier1');
    t.clock.advance(3000);
    const { sessionId } = (await post('/api/subscription/create', user.cookie, { tier: 'tier3' })).json();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(sessionId));
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().outcome === 'adopted')).toHaveLength(1);
    // Every attempt at the old subscription's cancel used the one idempotency key: one cancel at Stripe.
    expect(new Set(fake.calls('DELETE', `/v1/subscriptions/${old.id}`).map((c) => c.idempotencyKey)).size).toBe(1);
    expect(fake.subscriptions.get(old.id)!.status).toBe('canceled');
    expect(await userRow(user.userId)).toMatchObject({ subscriptionTier: 'tier3', stripeSubscriptionId: event.data.object.subscription });
  });

  it('acknowledges events for unknown customers with 200 and a log line', async () => {
    const sub = fake.createSubscription({ customer: 'cus_nobody', price: 'price_tier1' });
    const event = fake.event('customer.subscription.updated', sub);
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown_customer');
    expect(logs.some((l) => l.level === 'warn' && l.fields.eventId === event.id && /unknown customer/.test(l.msg))).toBe(true);
    expect((await deliver(fake.event('invoice.created', { id: 'in_x', object: 'invoice' }))).json().outcome).toBe('ignored');
  });

  it('a failing handler answers 500 and writes nothing; the retry applies it once', async () => {
    const user = await signUp(t);
    await subscribe(user, 'tier1');
    const { sessionId } = (await post('/api/subscription/refill/create', user.cookie)).json();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(sessionId));
    fault = (e) => {
      if (e.id === event.id) throw new Error('injected failure after the grant');
    };
    const failed = await deliver(event);
    expect(failed.statusCode).toBe(500);
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toHaveLength(0);
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json().fulfilled).toBe(false);

    // A subscription change that fails leaves the plan as it was.
    const before = await userRow(user.userId);
    const deleted = fake.event('customer.subscription.deleted', { ...fake.subscriptions.get(before.stripeSubscriptionId!)!, status: 'canceled' });
    fault = () => {
      throw new Error('injected');
    };
    expect((await deliver(deleted)).statusCode).toBe(500);
    expect(await userRow(user.userId)).toMatchObject({ subscriptionTier: 'tier1', stripeSubscriptionId: before.stripeSubscriptionId });

    fault = null;
    expect((await deliver(event)).json().outcome).toBe('refill_granted');
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
  });

  it('cancels at period end through Stripe', async () => {
    const user = await signUp(t);
    const periodEnd = nowSec() + 20 * 86400;
    const { subscription } = await subscribe(user, 'tier1', { periodEnd });
    const res = await post('/api/subscription/cancel', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, cancelAt: new Date(periodEnd * 1000).toISOString() });
    expect(fake.calls('POST', `/v1/subscriptions/${subscription.id}`).slice(-1)[0]!.body).toMatchObject({ cancel_at_period_end: 'true' });
    const summary = (await get('/api/subscription', user.cookie)).json();
    expect(summary).toMatchObject({ provider: 'stripe', tier: 'tier1', cancelAtPeriodEnd: true, subscriptionId: subscription.id });
    const free = await signUp(t);
    expect((await post('/api/subscription/cancel', free.cookie)).statusCode).toBe(400);
  });
});
