// Limits before work: every API request is counted before its body is read (an onRequest hook;
// Fastify reads and parses the body only after it). A signed-in user's request counts against a
// per-user budget: the route's own rule in ROUTE_RULES, else `signedIn`. A request with a body and
// no session may only go to a route in VISITOR_BODY_ROUTES, counted per address (`visitorBodies`):
// any other route with a body needs a session, so a visitor's body gets 401 unread. Bodies are then
// capped per route (BODY_LIMITS, the server's default below it), and JSON is checked for depth
// before JSON.parse (json-body.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddressKey, createLimiter, type Limiter, type RateLimits } from './rate-limits.js';
import { unauthorized } from './errors.js';
import type { SessionAuth } from './session.js';

type RuleName = keyof RateLimits;

/** A route's per-user rule by method and path (as registered); the others count against `signedIn`. */
const ROUTE_RULES: Record<string, RuleName | ((request: FastifyRequest) => RuleName)> = {
  'GET /api/latex/compiled-ahead/:id': 'compiledAhead',
  'POST /api/latex/compile': 'compileRequests',
  'POST /api/latex/extract-title': 'extractTitle',
  'GET /api/documents': (request) => ((request.query as { search?: unknown } | undefined)?.search ? 'historySearch' : 'documentList'),
  'GET /api/documents/:id/images': 'imageReads',
  'GET /api/documents/:id/images/:name': 'imageReads',
  'POST /api/documents/:id/images': 'imageWrites',
  'DELETE /api/documents/:id/images/:name': 'imageWrites',
};

/** The API routes a visitor (no session) may send a body to; every other one needs a session first. */
export const VISITOR_BODY_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password/check',
  'POST /api/auth/reset-password',
  'POST /api/auth/confirm-email',
  'POST /api/set-status',
]);

/** Bytes a request body may have: the server's default, and the routes that take documents. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** A note (200,000 characters) or a LaTeX document (1 MB) as JSON, escapes included. */
export const DOCUMENT_BODY_LIMIT = 2 * 1024 * 1024;
/** extract-title: the head of a document (EXTRACT_TITLE_MAX_CHARS) as JSON. */
export const TITLE_BODY_LIMIT = 512 * 1024;

export interface RequestLimitOptions {
  session: SessionAuth;
  rateLimits: RateLimits;
  /** Paths (prefixes) that take bodies from anyone and check them themselves (signed webhooks). */
  exemptPrefixes: string[];
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

export function registerRequestLimits(app: FastifyInstance, { session, rateLimits, exemptPrefixes }: RequestLimitOptions): void {
  const limiters = new Map<RuleName, Limiter>();
  const limiter = (name: RuleName, key: (r: FastifyRequest) => string | Promise<string>) => {
    let found = limiters.get(name);
    if (!found) {
      // Fails open while Redis is down: what needs no Redis (sessions, documents) keeps working, and
      // the costly routes' own guards (compile admission, generation slots) refuse with 503 anyway.
      found = createLimiter(app, `request:${name}`, rateLimits[name], key, true);
      limiters.set(name, found);
    }
    return found;
  };
  const userKey = async (request: FastifyRequest) => String((await session.getUser(request))?.id ?? '');

  app.addHook('onRequest', async (request, reply) => {
    try {
      await limit(request);
    } catch (err) {
      // A refused body is not read at all: the connection closes after the answer instead of
      // draining megabytes the server would throw away.
      if (hasBody(request)) void reply.header('connection', 'close');
      throw err;
    }
  });

  async function limit(request: FastifyRequest): Promise<void> {
    if (!request.url.startsWith('/api/') || exemptPrefixes.some((p) => request.url.startsWith(p))) return;
    // No route: the 404 answer reads no body.
    if (request.routeOptions.url === undefined) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    const user = session.readToken(request) ? await session.getUser(request) : null;
    if (user) {
      const rule = ROUTE_RULES[route];
      const name = typeof rule === 'function' ? rule(request) : (rule ?? 'signedIn');
      await limiter(name, userKey).count(request);
      return;
    }
    if (!hasBody(request)) return;
    if (!VISITOR_BODY_ROUTES.has(route)) throw unauthorized('Not authenticated');
    await limiter('visitorBodies', clientAddressKey).count(request);
  }
}
