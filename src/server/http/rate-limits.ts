// Per-route rate limits (in-memory by default; the store is swappable for several processes).
import type { FastifyRequest } from 'fastify';

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  login: RateLimitRule;
  register: RateLimitRule;
  resend: RateLimitRule;
  setStatus: RateLimitRule;
  forgotPassword: RateLimitRule;
  resetPassword: RateLimitRule;
  updateProfile: RateLimitRule;
  changePassword: RateLimitRule;
  changeEmail: RateLimitRule;
  confirmEmail: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Per address and email: guessing one account's password gets 10 tries in 15 minutes.
  login: { max: 10, timeWindow: 15 * 60_000 },
  register: { max: 20, timeWindow: 60 * 60_000 },
  resend: { max: 5, timeWindow: 15 * 60_000 },
  setStatus: { max: 30, timeWindow: 60_000 },
  // Per address and email, like resend: each request mails someone.
  forgotPassword: { max: 5, timeWindow: 15 * 60_000 },
  // Per address: a token cannot be guessed, but each try hashes a password.
  resetPassword: { max: 10, timeWindow: 15 * 60_000 },
  // Per address and signed-in user.
  updateProfile: { max: 20, timeWindow: 15 * 60_000 },
  // Each try checks the current password: the same budget as signing in.
  changePassword: { max: 10, timeWindow: 15 * 60_000 },
  changeEmail: { max: 5, timeWindow: 15 * 60_000 },
  confirmEmail: { max: 10, timeWindow: 15 * 60_000 },
};

/** Key by client address plus the email in the body, so one attacker cannot lock everyone out. */
export function ipAndEmailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

export function rateLimitConfig(rule: RateLimitRule, keyGenerator?: (r: FastifyRequest) => string | Promise<string>) {
  // Keys that read the body must run after parsing, so those limits hook in at preHandler.
  return {
    rateLimit: { max: rule.max, timeWindow: rule.timeWindow, ...(keyGenerator ? { keyGenerator, hook: 'preHandler' as const } : {}) },
  };
}
