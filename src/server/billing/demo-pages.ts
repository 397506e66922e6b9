// The demo provider's checkout and billing-portal pages: plain server-rendered HTML with forms (the
// app's CSP allows no inline scripts), every value escaped, labelled "Demo payment — no card is
// charged". The forms post urlencoded bodies; the request guard still refuses them cross-site.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatPrice, PLANS, REFILL_PACK, TierSchema } from '../../shared/plans.js';
import type { Clock } from '../clock.js';
import { escapeHtml } from '../http/html.js';
import type { SessionAuth } from '../http/session.js';
import { DEMO_PAGES_PREFIX, type DemoProvider } from './demo.js';

const DEMO_LABEL = 'Demo payment — no card is charged';

const IdParams = z.object({ id: z.string().regex(/^demo_cs_[a-f0-9]{24}$/) });

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
main{max-width:32rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fef3c7;border:1px solid #b45309;color:#78350f;border-radius:.5rem;padding:.75rem 1rem;font-weight:600;text-align:center}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1.5rem;margin-top:1rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.125rem;margin:0}
p{margin:.5rem 0}.muted{color:#475569;font-size:.875rem}.price{font-size:2rem;font-weight:700;margin:.75rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}dt{color:#475569}dd{margin:0;font-weight:600}
.actions{display:grid;gap:.5rem;margin-top:1.25rem}form{margin:0}
button,.button{display:block;width:100%;border-radius:.375rem;padding:.625rem 1rem;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer;border:1px solid transparent}
button.primary{background:#4338ca;color:#fff}button.primary:hover{background:#3730a3}
button.danger{background:#b91c1c;color:#fff}button.secondary{background:#fff;color:#0f172a;border-color:#94a3b8}
.button{background:#fff;color:#3730a3;border-color:#94a3b8}
button:focus-visible,.button:focus-visible{outline:2px solid #4338ca;outline-offset:2px}
.brand{font-weight:700;color:#3730a3;text-decoration:none}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · AI Latex Generator</title><style>${STYLE}</style></head>
<body><main>
<p><a class="brand" href="/">AI Latex Generator</a></p>
<p class="banner" role="note">${escapeHtml(DEMO_LABEL)}</p>
${body}
</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // With the app's no-referrer policy a browser posts these forms with `Origin: null`, which the
      // cross-site guard refuses; same-origin keeps the real origin on same-origin posts only.
      .header('referrer-policy', 'same-origin')
      .send(html)
  );
}

function signInPage(reply: FastifyReply) {
  return send(
    reply,
    401,
    page('Sign in required', `<section class="card"><h1>Sign in required</h1><p>Sign in to continue to the checkout.</p>
<div class="actions"><a class="button" href="/login">Log In</a></div></section>`),
  );
}

function formatDate(date: Date | null): string {
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '—';
}

export async function demoPageRoutes(app: FastifyInstance, { demo, session, clock }: { demo: DemoProvider; session: SessionAuth; clock: Clock }) {
  // Forms post urlencoded; these pages read no fields, so the body is accepted and dropped.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));

  app.get(`${DEMO_PAGES_PREFIX}checkout/:id`, async (request, reply) => {
    const user = await session.getUser(request);
    if (!user) return signInPage(reply);
    const params = IdParams.safeParse(request.params);
    const checkout = params.success ? await demo.findCheckout(user, params.data.id) : null;
    if (!checkout) {
      return send(reply, 404, page('Checkout not found', `<section class="card"><h1>Checkout not found</h1>
<p>This checkout does not exist or belongs to another account.</p><div class="actions"><a class="button" href="/">Return to Home</a></div></section>`));
    }
    if (checkout.fulfilledAt || checkout.refusedAt) {
      return send(reply, 200, page('Already paid', `<section class="card"><h1>Already paid</h1><p>This checkout is complete.</p>
<div class="actions"><a class="button" href="/success?session_id=${encodeURIComponent(checkout.id)}">Continue</a></div></section>`));
    }
    const tier = TierSchema.safeParse(checkout.tier);
    const plan = tier.success ? PLANS[tier.data] : PLANS.tier1;
    const refill = checkout.kind === 'refill';
    const item = refill
      ? { name: REFILL_PACK.name, price: formatPrice(REFILL_PACK.priceCents), detail: `${REFILL_PACK.credits} generations that never expire · one-time payment` }
      : { name: `${plan.name} plan`, price: `${formatPrice(plan.priceCents)} / month`, detail: `${plan.allowance.toLocaleString('en-US')} generations per month · renews monthly` };
    const pay = refill ? formatPrice(REFILL_PACK.priceCents) : formatPrice(plan.priceCents);
    return send(
      reply,
      200,
      page(
        'Demo checkout',
        `<section class="card" aria-labelledby="checkout-title">
<h1 id="checkout-title">Demo checkout</h1>
<p class="muted">Signed in as ${escapeHtml(user.email)}</p>
<h2>${escapeHtml(item.name)}</h2>
<p class="price">${escapeHtml(item.price)}</p>
<p>${escapeHtml(item.detail)}</p>
<p class="muted">This app runs without a payment provider. Paying here applies the purchase exactly as a real payment would, without charging anything.</p>
<div class="actions">
<form method="post" action="${DEMO_PAGES_PREFIX}checkout/${encodeURIComponent(checkout.id)}/pay"><button class="primary" type="submit">Pay ${escapeHtml(pay)} (demo)</button></form>
<a class="button" href="${refill ? '/account' : '/'}">Cancel and return</a>
</div></section>`,
      ),
    );
  });

  app.post(`${DEMO_PAGES_PREFIX}checkout/:id/pay`, async (request, reply) => {
    const user = await session.getUser(request);
    if (!user) return signInPage(reply);
    const params = IdParams.safeParse(request.params);
    if (!params.success) return send(reply, 404, page('Checkout not found', '<section class="card"><h1>Checkout not found</h1></section>'));
    await demo.completeCheckout(user, params.data.id);
    return reply.redirect(`/success?session_id=${encodeURIComponent(params.data.id)}`, 303);
  });

  app.get(`${DEMO_PAGES_PREFIX}portal`, async (request, reply) => {
    const found = await session.getUser(request);
    if (!found) return signInPage(reply);
    const user = await demo.settle(found);
    const tier = TierSchema.safeParse(user.subscriptionTier);
    const plan = tier.success ? PLANS[tier.data] : PLANS.free;
    const paid = plan.tier !== 'free' && user.stripeSubscriptionId !== null;
    const rows = [
      ['Plan', plan.name],
      ['Price', `${formatPrice(plan.priceCents)} / month`],
      ['Status', paid ? user.subscriptionStatus : 'free plan'],
      ...(paid ? [[user.subscriptionCancelAtPeriodEnd ? 'Ends on' : 'Renews on', formatDate(user.subscriptionPeriodEnd)]] : []),
      ['Bonus credits', String(user.refillPackCredits)],
    ];
    const actions = paid
      ? `${user.subscriptionCancelAtPeriodEnd ? '' : `<form method="post" action="${DEMO_PAGES_PREFIX}portal/cancel-at-period-end"><button class="secondary" type="submit">Cancel at period end</button></form>`}
<form method="post" action="${DEMO_PAGES_PREFIX}portal/cancel-now"><button class="danger" type="submit">Cancel now and switch to Free</button></form>`
      : '';
    return send(
      reply,
      200,
      page(
        'Demo billing portal',
        `<section class="card" aria-labelledby="portal-title">
<h1 id="portal-title">Demo billing portal</h1>
<p class="muted">${escapeHtml(user.email)} · ${escapeHtml(formatDate(clock.now()))}</p>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k ?? '')}</dt><dd>${escapeHtml(v ?? '')}</dd>`).join('')}</dl>
<div class="actions">${actions}<a class="button" href="/account">Return to account</a></div>
</section>`,
      ),
    );
  });

  app.post(`${DEMO_PAGES_PREFIX}portal/cancel-at-period-end`, async (request, reply) => {
    const user = await session.getUser(request);
    if (!user) return signInPage(reply);
    if (user.stripeSubscriptionId) await demo.cancelAtPeriodEnd(user);
    return reply.redirect(`${DEMO_PAGES_PREFIX}portal`, 303);
  });

  app.post(`${DEMO_PAGES_PREFIX}portal/cancel-now`, async (request, reply) => {
    const user = await session.getUser(request);
    if (!user) return signInPage(reply);
    if (user.stripeSubscriptionId) await demo.endSubscriptionNow(user);
    return reply.redirect(`${DEMO_PAGES_PREFIX}portal`, 303);
  });
}
