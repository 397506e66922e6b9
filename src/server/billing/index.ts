// Billing wired together: the provider the configuration asks for (Stripe with STRIPE_SECRET_KEY,
// the demo otherwise), the fulfilment both feed, and their routes. Nothing here talks to the
// network at start-up, so missing prices never stop the app.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SessionAuth } from '../http/session.js';
import { createDemoProvider } from './demo.js';
import { demoPageRoutes } from './demo-pages.js';
import { createFulfilment, type Fulfilment } from './fulfilment.js';
import { createBillingRepository } from './repository.js';
import { billingRoutes, stripeWebhookRoutes } from './routes.js';
import { createStripeProvider } from './stripe.js';
import type { FulfilmentHooks, PaymentsProvider } from './types.js';

export { DEMO_PAGES_PREFIX } from './demo.js';
export type { FulfilmentHooks, PaymentsProvider } from './types.js';

export interface BillingOverrides {
  /** Fault injection inside each event's transaction (tests). */
  hooks?: FulfilmentHooks;
  /** Where billing logs go (tests read them); defaults to the app's logger. */
  log?: FastifyBaseLogger;
}

export async function registerBilling(
  app: FastifyInstance,
  deps: { config: Config; db: Db; clock: Clock; session: SessionAuth; overrides?: BillingOverrides },
): Promise<{ provider: PaymentsProvider; fulfilment: Fulfilment }> {
  const { config, db, clock, session } = deps;
  const repo = createBillingRepository(db);
  const log = deps.overrides?.log ?? app.log.child({ module: 'billing' });

  // Fulfilment comes first and reaches the provider only through this callback, called while
  // applying an event (after the provider below exists); the demo provider then gets fulfilment.
  const replaceSubscription = (oldId: string, newId: string) => provider.cancelReplacedSubscription(oldId, newId);
  const refundCheckout = (id: string) => provider.refundCheckout(id);
  const fulfilment = createFulfilment({
    db,
    repo,
    clock,
    log,
    replaceSubscription,
    refundCheckout,
    ...(deps.overrides?.hooks ? { hooks: deps.overrides.hooks } : {}),
  });
  const stripe = config.stripe ? createStripeProvider({ settings: config.stripe, publicUrl: config.publicUrl, repo, log }) : null;
  const demo = stripe ? null : createDemoProvider({ repo, publicUrl: config.publicUrl, clock, log, fulfilment });
  const provider: PaymentsProvider = (stripe ?? demo)!;
  if (!stripe && config.production) {
    log.warn('payments: demo provider (ALLOW_DEMO_PAYMENTS=true, no STRIPE_SECRET_KEY): anyone can take a paid plan without paying');
  }
  if (stripe && !config.stripe?.webhookSecret) {
    log.warn('payments: STRIPE_WEBHOOK_SECRET is not set; webhooks are refused and purchases are not applied');
  }

  await app.register(billingRoutes, { provider, session, clock, repo });
  if (stripe) await app.register(stripeWebhookRoutes, { provider: stripe, fulfilment, clock });
  if (demo) await app.register(demoPageRoutes, { demo, session, clock });
  return { provider, fulfilment };
}
