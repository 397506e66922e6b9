// /api/auth/*: the calls of docs/product.md, Accounts API.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginBodySchema,
  RegisterBodySchema,
  ResendVerificationBodySchema,
  VerifyEmailQuerySchema,
} from '../../shared/api/auth.js';
import type { Clock } from '../clock.js';
import { ipAndEmailKey, rateLimitConfig, type RateLimits } from '../http/rate-limits.js';
import { clearSessionCookie, readSessionToken, setSessionCookie, type SessionAuth } from '../http/session.js';
import { toPublicUser, usageLimitOf } from './public-user.js';
import { MESSAGES, type AuthService } from './service.js';

export interface AuthRouteDeps {
  auth: AuthService;
  session: SessionAuth;
  clock: Clock;
  rateLimits: RateLimits;
}

export async function authRoutes(app: FastifyInstance, { auth, session, clock, rateLimits }: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/me', async (request) => {
    const user = await session.requireUser(request);
    return { user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user) };
  });

  r.post(
    '/api/auth/register',
    { schema: { body: RegisterBodySchema }, config: rateLimitConfig(rateLimits.register) },
    async (request, reply) => {
      const { user, emailVerificationSent, session: newSession } = await auth.register(request.body);
      if (newSession) setSessionCookie(request, reply, newSession);
      return reply.code(201).send({
        success: true,
        message: emailVerificationSent ? MESSAGES.registeredSent : MESSAGES.registeredNotSent,
        user: toPublicUser(user, clock.now()),
        usageLimit: usageLimitOf(user),
        emailVerificationSent,
        requiresEmailVerification: emailVerificationSent,
      });
    },
  );

  r.post(
    '/api/auth/login',
    { schema: { body: LoginBodySchema }, config: rateLimitConfig(rateLimits.login, ipAndEmailKey) },
    async (request, reply) => {
      const { user, session: newSession } = await auth.login(request.body);
      // A new session at every sign-in; the one the browser had before is revoked (no fixation).
      await auth.logout(readSessionToken(request));
      setSessionCookie(request, reply, newSession);
      return { success: true, user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user) };
    },
  );

  r.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(request, reply);
    return { success: true };
  });

  r.post(
    '/api/auth/resend-verification',
    { schema: { body: ResendVerificationBodySchema }, config: rateLimitConfig(rateLimits.resend, ipAndEmailKey) },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { success: true, message: MESSAGES.resent };
    },
  );

  r.get('/api/auth/verify-email', { schema: { querystring: VerifyEmailQuerySchema } }, async (request) => {
    const { email } = await auth.verifyEmail(request.query.token);
    return { success: true, message: MESSAGES.verified, user: { email } };
  });
}
