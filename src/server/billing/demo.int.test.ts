// The demo payments provider (no STRIPE_SECRET_KEY), on PGlite and PostgreSQL: its checkout and
// portal pages, completing through the same fulfilment as Stripe's webhooks, once per checkout,
// owner-only, same-site forms only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { REFILL_PAID_ONLY_MESSAGE, REFILL_REFUSED_REASON } from '../../shared/api/billing.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DB_KINDS)('demo billing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), origin: ORIGIN } });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const submit = (path: string, cookie: string, headers: Record<string, string> = { origin: ORIGIN }) =>
    t.app.inject({ method: 'POST', url: path, payload: '', headers: { ...FORM, cookie, ...headers } });
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const pathOf = (url: string) => new URL(url).pathname;

  it('subscribes through the demo checkout page: labelled, owner-only, paid once', async () => {
    const user = await signUp(t);
    await t.database.db.update(users).set({ monthlyUsage: 3 }).where(eq(users.id, user.userId));
    const res = await post('/api/subscription/create', user.cookie, { tier: 'pro' });
    expect(res.statusCode).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toBe(`${ORIGIN}/billing/demo/checkout/${sessionId}`);

    const page = await get(pathOf(url), user.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Demo payment — no card is charged');
    expect(page.body).toContain('Pro plan');
    expect(page.body).toContain('$6.99 / month');
    expect(page.body).toContain(`action="/billing/demo/checkout/${sessionId}/pay"`);
    expect(page.body).not.toMatch(/<script/i);
    // Browsers post a form from a no-referrer page with `Origin: null`; these pages keep the real origin.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const nullOrigin = await submit(`${pathOf(url)}/pay`, user.cookie, { origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);

    expect((await get(pathOf(url))).statusCode).toBe(401);
    const stranger = await signUp(t);
    expect((await get(pathOf(url), stranger.cookie)).statusCode).toBe(404);
    expect((await submit(`${pathOf(url)}/pay`, stranger.cookie)).statusCode).toBe(404);
    expect((await userRow(stranger.userId)).subscriptionTier).toBe('free');

    // A form posted from another site is refused before anything happens.
    const cross = await submit(`${pathOf(url)}/pay`, user.cookie, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect((await userRow(user.userId)).subscriptionTier).toBe('free');
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json()).toMatchObject({ status: 'open', fulfilled: false });

    const paid = await submit(`${pathOf(url)}/pay`, user.cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
    const row = await userRow(user.userId);
    expect(row).toMatchObject({ subscriptionTier: 'tier3', subscriptionStatus: 'active', monthlyUsage: 0 });
    expect(row.stripeSubscriptionId).toMatch(/^sub_[a-f0-9]{24}_demo$/);
    expect(row.usageResetDate.getTime()).toBe(row.subscriptionPeriodEnd!.getTime());
    expect((await get(`/api/subscription/checkout-status?session_id=${sessionId}`, user.cookie)).json()).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      fulfilled: true,
      kind: 'subscription',
      tier: 'tier3',
    });
    expect((await get('/api/auth/me', user.cookie)).json()).toMatchObject({ usageLimit: 1200, user: { monthlyUsage: 0, subscriptionTier: 'tier3' } });

    // Paying the same checkout again (double click, second tab) changes nothing.
    await t.database.db.update(users).set({ monthlyUsage: 7 }).where(eq(users.id, user.userId));
    expect((await submit(`${pathOf(url)}/pay`, user.cookie)).statusCode).toBe(303);
    expect(await userRow(user.userId)).toMatchObject({ stripeSubscriptionId: row.stripeSubscriptionId, monthlyUsage: 7 });
    expect((await get(pathOf(url), user.cookie)).body).toContain('Already paid');
  });

  it('sells refill packs to paid users only and grants each once', async () => {
    const free = await signUp(t);
    const refused = await post('/api/subscription/refill/create', free.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFILL_PAID_ONLY_MESSAGE);

    const user = await signUp(t);
    const { url } = (await post('/api/subscription/create', user.cookie, { tier: 'tier1' })).json();
    await submit(`${pathOf(url)}/pay`, user.cookie);
    const refill = (await post('/api/subscription/refill/create', user.cookie)).json();
    const page = await get(pathOf(refill.url), user.cookie);
    expect(page.body).toContain('LaTeX Generation Refill');
    expect(page.body).toContain('Pay $0.99 (demo)');
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(`${pathOf(refill.url)}/pay`, user.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(303));
    expect((await userRow(user.userId)).refillPackCredits).toBe(100);
    expect((await userRow(user.userId)).subscriptionTier).toBe('tier1');

    const second = (await post('/api/subscription/refill/create', user.cookie)).json();
    await submit(`${pathOf(second.url)}/pay`, user.cookie);
    expect((await userRow(user.userId)).refillPackCredits).toBe(200);
  });

  it('refuses a refill paid after the plan ended: nothing granted, and the account says why', async () => {
    const user = await signUp(t);
    const basic = (await post('/api/subscription/create', user.cookie, { tier: 'Basic' })).json();
    await submit(`${pathOf(basic.url)}/pay`, user.cookie);
    const refill = (await post('/api/subscription/refill/create', user.cookie)).json();
    t.clock.advance(2000);
    expect((await submit('/billing/demo/portal/cancel-now', user.cookie)).statusCode).toBe(303);
    expect((await userRow(user.userId)).subscriptionTier).toBe('free');

    const paid = await submit(`${pathOf(refill.url)}/pay`, user.cookie);
    expect(paid.statusCode).toBe(303);
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
    const status = (await get(`/api/subscription/checkout-status?session_id=${refill.sessionId}`, user.cookie)).json();
    expect(status).toMatchObject({ kind: 'refill', fulfilled: false, status: 'complete', refusal: REFILL_REFUSED_REASON });
    const summary = (await get('/api/subscription', user.cookie)).json();
    expect(summary.refusedPayments).toEqual([{ checkoutId: refill.sessionId, refusedAt: expect.any(String), reason: REFILL_REFUSED_REASON, refunded: true }]);
    // Upgrading again does not bring the refused refill back.
    const again = (await post('/api/subscription/create', user.cookie, { tier: 'Basic' })).json();
    await submit(`${pathOf(again.url)}/pay`, user.cookie);
    await submit(`${pathOf(refill.url)}/pay`, user.cookie);
    expect((await userRow(user.userId)).refillPackCredits).toBe(0);
  });

  it('changes plan, cancels at period end and ends now through the demo portal', async () => {
    const user = await signUp(t);
    const basic = (await post('/api/subscription/create', user.cookie, { tier: 'Basic' })).json();
    await submit(`${pathOf(basic.url)}/pay`, user.cookie);
    const firstSub = (await userRow(user.userId)).stripeSubscriptionId;
    t.clock.advance(2000);
    const power = (await post('/api/subscription/create', user.cookie, { tier: 'tier5' })).json();
    await submit(`${pathOf(power.url)}/pay`, user.cookie);
    const row = await userRow(user.userId);
    expect(row.subscriptionTier).toBe('tier5');
    expect(row.stripeSubscriptionId).not.toBe(firstSub);

    const portal = (await post('/api/subscription/portal', user.cookie)).json();
    expect(portal.url).toBe(`${ORIGIN}/billing/demo/portal`);
    const page = await get('/billing/demo/portal', user.cookie);
    expect(page.body).toContain('Demo payment — no card is charged');
    expect(page.body).toContain('Power');

    t.clock.advance(2000);
    const cancel = await post('/api/subscription/cancel', user.cookie);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().cancelAt).toBe(row.subscriptionPeriodEnd!.toISOString());
    expect((await get('/api/subscription', user.cookie)).json()).toMatchObject({ provider: 'demo', tier: 'tier5', cancelAtPeriodEnd: true });

    t.clock.advance(2000);
    expect((await submit('/billing/demo/portal/cancel-now', user.cookie)).statusCode).toBe(303);
    expect(await userRow(user.userId)).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: null });
  });

  it('settles ended demo periods when the account is looked at: renews, or ends a cancelled plan', async () => {
    const user = await signUp(t);
    const { url } = (await post('/api/subscription/create', user.cookie, { tier: 'tier2' })).json();
    await submit(`${pathOf(url)}/pay`, user.cookie);
    // The paid month is over (sessions last a day, so the period moves instead of the clock).
    const ended = new Date(t.clock.now().getTime() - 1000);
    await t.database.db.update(users).set({ monthlyUsage: 400, subscriptionPeriodEnd: ended, usageResetDate: ended }).where(eq(users.id, user.userId));

    const renewed = (await get('/api/subscription', user.cookie)).json();
    expect(renewed).toMatchObject({ tier: 'tier2', cancelAtPeriodEnd: false });
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await userRow(user.userId)).toMatchObject({ monthlyUsage: 0, subscriptionTier: 'tier2' });

    t.clock.advance(1000);
    expect((await post('/api/subscription/cancel', user.cookie)).statusCode).toBe(200);
    expect((await get('/api/subscription', user.cookie)).json()).toMatchObject({ tier: 'tier2', cancelAtPeriodEnd: true });
    const ended2 = new Date(t.clock.now().getTime() - 1000);
    await t.database.db.update(users).set({ subscriptionPeriodEnd: ended2 }).where(eq(users.id, user.userId));
    t.clock.advance(1000);
    expect((await get('/api/subscription', user.cookie)).json()).toMatchObject({ tier: 'free', subscriptionId: null });
  });

  it('keeps the JSON-only rule for the API and has no Stripe webhook in demo mode', async () => {
    const user = await signUp(t);
    const form = await t.app.inject({ method: 'POST', url: '/api/subscription/create', payload: 'tier=tier1', headers: { ...FORM, cookie: user.cookie, origin: ORIGIN } });
    expect(form.statusCode).toBe(415);
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(hook.statusCode).toBe(404);
    expect((await get('/api/subscription/checkout-status?session_id=demo_cs_nope', user.cookie)).statusCode).toBe(404);
    expect((await get('/api/subscription/checkout-status', user.cookie)).statusCode).toBe(400);
  });
});
