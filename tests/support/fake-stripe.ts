// A loopback fake of the Stripe endpoints billing uses, driven by the real SDK (STRIPE_API_BASE
// points at it): customers, checkout sessions, billing portal sessions, subscriptions, prices by
// lookup key, refunds of a payment intent. It records every request with its Idempotency-Key, replays a repeated key like Stripe
// does, and builds signed webhook events (the SDK's generateTestHeaderString) for the tests to post.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_fake_secret_0123456789';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RecordedRequest {
  method: string;
  path: string;
  query: Obj;
  body: Obj;
  idempotencyKey: string | undefined;
  apiVersion: string | undefined;
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(o[k]));
    for (const k of keys) o[k] = arrays(o[k]);
    return o;
  };
  return arrays(root) as Obj;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly prices: Obj[] = [];
  /** Refunds created, by id. */
  readonly refunds = new Map<string, Obj>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private counter = 0;
  /** Seconds since the epoch used for created/period fields; tests align it with their clock. */
  now: () => number = () => Math.floor(Date.now() / 1000);
  /** Makes the next requests whose path matches fail with this status (network-level trouble at Stripe). */
  failures: { path: RegExp; status: number }[] = [];

  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    // The SDK keeps connections alive; close them so the server stops at once.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
  }

  addPrice(id: string, lookupKey: string | null = null, unitAmount = 699): Obj {
    const price = { id, object: 'price', active: true, lookup_key: lookupKey, unit_amount: unitAmount, currency: 'usd' };
    this.prices.push(price);
    return price;
  }

  private priceObject(id: string): Obj {
    return this.prices.find((p) => p.id === id) ?? { id, object: 'price', active: true, lookup_key: null };
  }

  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** A subscription as Stripe holds it (items carry the period, as in current API versions). */
  createSubscription(options: { customer: string; price: string; metadata?: Obj; status?: string; periodEnd?: number }): Obj {
    const now = this.now();
    const sub: Obj = {
      id: this.id('sub_fake_'),
      object: 'subscription',
      customer: options.customer,
      status: options.status ?? 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      created: now,
      metadata: options.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si_'),
            object: 'subscription_item',
            price: this.priceObject(options.price),
            quantity: 1,
            current_period_start: now,
            current_period_end: options.periodEnd ?? now + 30 * 86400,
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** What the hosted checkout does when the buyer pays (or starts a delayed payment). */
  completeCheckout(sessionId: string, options: { paid?: boolean; periodEnd?: number } = {}): Obj {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const paid = options.paid ?? true;
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    if (session.mode === 'subscription') {
      const sub = this.createSubscription({
        customer: session.customer,
        price: session._line_items[0].price,
        metadata: session._subscription_metadata ?? {},
        status: paid ? 'active' : 'incomplete',
        ...(options.periodEnd ? { periodEnd: options.periodEnd } : {}),
      });
      session.subscription = sub.id;
    } else if (paid) {
      session.payment_intent = this.id('pi_');
    }
    return this.publicSession(session);
  }

  private publicSession(session: Obj): Obj {
    const { _line_items: _l, _subscription_metadata: _m, ...rest } = session;
    return { ...rest };
  }

  invoice(sub: Obj, options: { periodEnd: number; periodStart?: number }): Obj {
    return {
      id: this.id('in_'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      period_start: options.periodStart ?? this.now(),
      period_end: options.periodStart ?? this.now(),
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: this.id('il_'),
            object: 'line_item',
            period: { start: options.periodStart ?? this.now(), end: options.periodEnd },
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription: sub.id } },
          },
        ],
      },
    };
  }

  /** A webhook event as Stripe sends it. */
  event(type: string, object: Obj, options: { created?: number; id?: string } = {}): Obj {
    return {
      id: options.id ?? this.id('evt_'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? this.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** The Stripe-Signature header for exactly these bytes. */
  static sign(payload: string, options: { timestamp: number; secret?: string }): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const query = parseStripeForm(url.search.slice(1));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, query, body, idempotencyKey, apiVersion: req.headers['stripe-version'] as string | undefined });

    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req_') });
      res.end(JSON.stringify(payload));
    };
    const failure = this.failures.findIndex((f) => f.path.test(url.pathname));
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      return reply(f!.status, { error: { type: 'api_error', message: 'Injected failure' } });
    }
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) return reply(seen.status, seen.body);
    }
    const [status, payload] = this.route(method, url.pathname, body, query);
    if (method === 'POST' && idempotencyKey && status < 500) this.idempotent.set(idempotencyKey, { status, body: payload });
    reply(status, payload);
  }

  private route(method: string, path: string, body: Obj, query: Obj): [number, unknown] {
    const missing = (what: string): [number, unknown] => [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.id('cus_'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!body.customer || !this.customers.has(body.customer)) return missing('customer');
      const lineItems = (body.line_items ?? []) as Obj[];
      if (!lineItems[0]?.price || !this.prices.some((p) => p.id === lineItems[0]!.price)) return missing('price');
      const id = this.id('cs_test_');
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        payment_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        _line_items: lineItems,
        _subscription_metadata: body.subscription_data?.metadata ?? null,
      };
      this.sessions.set(id, session);
      return [200, this.publicSession(session)];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.sessions.get(m[1]!);
      return session ? [200, this.publicSession(session)] : missing('checkout.session');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer || !this.customers.has(body.customer)) return missing('customer');
      const id = this.id('bps_');
      return [200, { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${id}` }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paid = [...this.sessions.values()].some((s) => s.payment_intent && s.payment_intent === body.payment_intent);
      if (!paid) return missing('payment_intent');
      if ([...this.refunds.values()].some((r) => r.payment_intent === body.payment_intent)) {
        return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } }];
      }
      const refund = { id: this.id('re_'), object: 'refund', payment_intent: body.payment_intent, reason: body.reason ?? null, metadata: body.metadata ?? {}, status: 'succeeded' };
      this.refunds.set(refund.id, refund);
      return [200, refund];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (query.lookup_keys ?? []) as string[];
      const data = this.prices.filter((p) => p.lookup_key && keys.includes(p.lookup_key));
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return missing('subscription');
      if (method === 'GET') return [200, sub];
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return [200, sub];
      }
      if (method === 'DELETE') {
        if (sub.status === 'canceled') return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
        sub.status = 'canceled';
        sub.canceled_at = this.now();
        return [200, sub];
      }
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
