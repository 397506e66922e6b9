// Every rate limit of the app, declared here and nowhere else, and the keys they count by. The
// counters live in @fastify/rate-limit's store: in memory, per process, by default; in Redis,
// shared by every process, when REDIS_URL is set (app.ts hands the plugin the Redis store).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIPv4 } from 'node:net';
import { DomainError } from '../domain-errors.js';
import { HttpError } from './errors.js';

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  /** Sign-in attempts per address and email: one address guessing one account's password. */
  login: RateLimitRule;
  /** Failed sign-ins per address, whatever the accounts: one address trying many accounts. */
  loginFailuresPerAddress: RateLimitRule;
  /** Failed sign-ins per account, whatever the addresses: many addresses guessing one password. */
  loginFailuresPerAccount: RateLimitRule;
  /** Registrations per address (each answer says whether an email or username is taken). */
  register: RateLimitRule;
  resend: RateLimitRule;
  setStatus: RateLimitRule;
  /** Documents created or changed per user (POST and PATCH /api/documents). */
  documentWrites: RateLimitRule;
  /** Downloads of a document as .tex, .zip or .docx per user (GET /api/documents/{id}/export). */
  documentExports: RateLimitRule;
  forgotPassword: RateLimitRule;
  resetPassword: RateLimitRule;
  updateProfile: RateLimitRule;
  changePassword: RateLimitRule;
  changeEmail: RateLimitRule;
  confirmEmail: RateLimitRule;
  /** Requests per signed-in user on any API route without a tighter rule of its own (request-limits.ts). */
  signedIn: RateLimitRule;
  /** Per user: asking whether the compile started ahead is done (the client asks a few times per document). */
  compiledAhead: RateLimitRule;
  /** Per user: the history list, and searches through it (each search reads every note of the user). */
  documentList: RateLimitRule;
  historySearch: RateLimitRule;
  /** Per user: compile requests (the compile service also counts the compiles it admits). */
  compileRequests: RateLimitRule;
  /** Per user: the title of a LaTeX document. */
  extractTitle: RateLimitRule;
  /** Per user: an image's bytes or a document's list of images; uploads and deletions. */
  imageReads: RateLimitRule;
  imageWrites: RateLimitRule;
  /** Per address: requests with a body from a visitor (no session), counted before the body is read. */
  visitorBodies: RateLimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindow: 15 * MINUTE },
  loginFailuresPerAddress: { max: 20, timeWindow: 15 * MINUTE },
  loginFailuresPerAccount: { max: 20, timeWindow: 15 * MINUTE },
  register: { max: 20, timeWindow: 60 * MINUTE },
  resend: { max: 5, timeWindow: 15 * MINUTE },
  setStatus: { max: 30, timeWindow: MINUTE },
  documentWrites: { max: 120, timeWindow: MINUTE },
  // A Word file runs pandoc (about a second of CPU): a person downloads a few, a script no more.
  documentExports: { max: 30, timeWindow: MINUTE },
  // Per address and email, like resend: each request mails someone.
  forgotPassword: { max: 5, timeWindow: 15 * MINUTE },
  // Per address: a token cannot be guessed, but each try hashes a password.
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
  // Per address and signed-in user.
  updateProfile: { max: 20, timeWindow: 15 * MINUTE },
  // Each try checks the current password: the same budget as signing in.
  changePassword: { max: 10, timeWindow: 15 * MINUTE },
  changeEmail: { max: 5, timeWindow: 15 * MINUTE },
  confirmEmail: { max: 10, timeWindow: 15 * MINUTE },
  signedIn: { max: 600, timeWindow: MINUTE },
  compiledAhead: { max: 60, timeWindow: MINUTE },
  documentList: { max: 240, timeWindow: MINUTE },
  historySearch: { max: 30, timeWindow: MINUTE },
  compileRequests: { max: 60, timeWindow: MINUTE },
  extractTitle: { max: 30, timeWindow: MINUTE },
  imageReads: { max: 300, timeWindow: MINUTE },
  imageWrites: { max: 60, timeWindow: MINUTE },
  visitorBodies: { max: 60, timeWindow: MINUTE },
};

/**
 * The client's address as a rate-limit key (request.ip honours TRUST_PROXY). An IPv6 client
 * usually holds a whole /64, so its addresses count together.
 */
export function clientAddressKey(request: FastifyRequest): string {
  const ip = request.ip;
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** Key by client address plus the email in the body, so one attacker cannot lock everyone out. */
export function ipAndEmailKey(request: FastifyRequest): string {
  return `${clientAddressKey(request)}|${emailOf(request)}`;
}

export function accountKey(request: FastifyRequest): string {
  return emailOf(request);
}

/**
 * A route's own limit, counted on every request (route config of @fastify/rate-limit). A limit by
 * address alone is counted before the body is read (onRequest); keys that read the body must run
 * after parsing, so those hook in at preHandler (request-limits.ts counts every body by address
 * before it is read all the same).
 */
export function rateLimitConfig(rule: RateLimitRule, keyGenerator: (r: FastifyRequest) => string | Promise<string> = clientAddressKey) {
  const hook = keyGenerator === clientAddressKey ? ('onRequest' as const) : ('preHandler' as const);
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindow, keyGenerator, hook } };
}

/** The answer when a route's own limit is spent (errorResponseBuilder of @fastify/rate-limit). */
export function rateLimitedAnswer(_request: FastifyRequest, context: { after: string; ttl: number }): HttpError {
  return new HttpError(429, `Too many attempts. Please try again in ${context.after}.`, {}, { 'retry-after': String(Math.ceil(context.ttl / 1000)) });
}

export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A limit checked and counted by the code that knows what to count (only failed sign-ins, say),
 * for cases one route config cannot express. `check` throws RateLimitedError once the budget is
 * spent without counting; `count` counts one and throws when that went over.
 */
export interface Limiter {
  check(request: FastifyRequest): Promise<void>;
  count(request: FastifyRequest): Promise<void>;
}

/**
 * `failOpen`: when the store cannot be reached (Redis down), the request is not counted rather than
 * refused (for budgets that sit in front of every request, where other guards still hold).
 */
export function createLimiter(app: FastifyInstance, name: string, rule: RateLimitRule, key: (r: FastifyRequest) => string | Promise<string>, failOpen = false): Limiter {
  const limit = app.createRateLimit({ max: rule.max, timeWindow: rule.timeWindow, keyGenerator: async (r) => `${name}:${await key(r)}`, skipOnError: failOpen });
  return {
    async check(request) {
      const state = await limit(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0 && state.ttl > 0) throw new RateLimitedError(state.ttlInSeconds);
    },
    async count(request) {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) throw new RateLimitedError(state.ttlInSeconds);
    },
  };
}
