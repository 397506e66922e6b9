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
import { accountKey, clientAddressKey, createLimiter, ipAndEmailKey, rateLimitConfig, type RateLimits } from '../http/rate-limits.js';
import type { SessionAuth } from '../http/session.js';
import { InvalidCredentialsError } from './errors.js';
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
  // Failed sign-ins are also counted per address (whatever the accounts) and per account
  // (whatever the addresses); once either budget is spent, no password is even hashed.
  const failuresPerAddress = createLimiter(app, 'login-failures-address', rateLimits.loginFailuresPerAddress, clientAddressKey);
  const failuresPerAccount = createLimiter(app, 'login-failures-account', rateLimits.loginFailuresPerAccount, accountKey);

  r.get('/api/auth/me', async (request) => {
    const user = await session.requireUser(request);
    return { user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user) };
  });

  r.post(
    '/api/auth/register',
    { schema: { body: RegisterBodySchema }, config: rateLimitConfig(rateLimits.register) },
    async (request, reply) => {
      const { user, emailVerificationSent, session: newSession } = await auth.register(request.body);
      if (newSession) session.setCookie(request, reply, newSession);
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
      await failuresPerAddress.check(request);
      await failuresPerAccount.check(request);
      let signedIn;
      try {
        signedIn = await auth.login(request.body);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) {
          await failuresPerAddress.count(request);
          await failuresPerAccount.count(request);
        }
        throw err;
      }
      const { user, session: newSession, firstSignIn } = signedIn;
      // A new session at every sign-in; the one the browser had before is revoked (no fixation).
      await auth.logout(session.readToken(request));
      session.setCookie(request, reply, newSession);
      return { success: true, user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user), firstSignIn };
    },
  );

  r.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(session.readToken(request));
    session.clearCookie(request, reply);
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
    const { email, alreadyVerified } = await auth.verifyEmail(request.query.token);
    return alreadyVerified
      ? { success: true, message: MESSAGES.alreadyVerified, user: { email }, alreadyVerified: true }
      : { success: true, message: MESSAGES.verified, user: { email } };
  });
}
