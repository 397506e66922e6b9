// The account calls of docs/product.md, Accounts API beyond signing up and in: forgot and reset
// password, and the profile changes (username, password, email) of the account page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ConfirmEmailBodySchema,
  ForgotPasswordBodySchema,
  ResetCheckBodySchema,
  ResetPasswordBodySchema,
  UpdateProfileBodySchema,
} from '../../shared/api/account.js';
import type { Clock } from '../clock.js';
import { unauthorized } from '../http/errors.js';
import { clientAddressKey, ipAndEmailKey, rateLimitConfig, type RateLimits } from '../http/rate-limits.js';
import type { SessionAuth } from '../http/session.js';
import type { AccountService } from './account-service.js';
import { toPublicUser, usageLimitOf } from './public-user.js';

export interface AccountRouteDeps {
  account: AccountService;
  session: SessionAuth;
  clock: Clock;
  rateLimits: RateLimits;
}

export async function accountRoutes(app: FastifyInstance, { account, session, clock, rateLimits }: AccountRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Budgets of signed-in calls are per address and user, so people behind one address do not share them. */
  const ipAndUserKey = async (request: FastifyRequest) => `${clientAddressKey(request)}|${(await session.getUser(request))?.id ?? ''}`;
  const ipKey = clientAddressKey;

  r.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordBodySchema }, config: rateLimitConfig(rateLimits.forgotPassword, ipAndEmailKey) },
    async (request) => {
      await account.forgotPassword(request.body.email);
      return { success: true, message: ACCOUNT_MESSAGES.resetSent };
    },
  );

  r.post(
    '/api/auth/reset-password/check',
    { schema: { body: ResetCheckBodySchema }, config: rateLimitConfig(rateLimits.resetPassword, ipKey) },
    async (request) => {
      await account.checkResetToken(request.body.token);
      return { success: true as const, valid: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordBodySchema }, config: rateLimitConfig(rateLimits.resetPassword, ipKey) },
    async (request, reply) => {
      const { user, session: newSession } = await account.resetPassword(request.body.token, request.body.password);
      // Every session was ended, the browser's old one included; this device signs in afresh.
      session.setCookie(request, reply, newSession);
      return { success: true, message: ACCOUNT_MESSAGES.resetDone, user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user) };
    },
  );

  r.patch(
    '/api/auth/me',
    { schema: { body: UpdateProfileBodySchema }, config: rateLimitConfig(rateLimits.updateProfile, ipAndUserKey) },
    async (request) => {
      const user = await account.changeUsername(await session.requireUser(request), request.body.username);
      return { success: true, message: ACCOUNT_MESSAGES.usernameChanged, user: toPublicUser(user, clock.now()), usageLimit: usageLimitOf(user) };
    },
  );

  r.post(
    '/api/auth/change-password',
    { schema: { body: ChangePasswordBodySchema }, config: rateLimitConfig(rateLimits.changePassword, ipAndUserKey) },
    async (request) => {
      const user = await session.requireUser(request);
      const token = session.readToken(request);
      if (!token) throw unauthorized();
      await account.changePassword(user, token, request.body.currentPassword, request.body.newPassword);
      return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  r.post(
    '/api/auth/change-email',
    { schema: { body: ChangeEmailBodySchema }, config: rateLimitConfig(rateLimits.changeEmail, ipAndUserKey) },
    async (request) => {
      const user = await session.requireUser(request);
      const pendingEmail = await account.requestEmailChange(user, request.body.email, request.body.currentPassword);
      return { success: true, message: ACCOUNT_MESSAGES.emailChangeSent(pendingEmail), pendingEmail };
    },
  );

  r.post(
    '/api/auth/confirm-email',
    { schema: { body: ConfirmEmailBodySchema }, config: rateLimitConfig(rateLimits.confirmEmail, ipKey) },
    async (request) => {
      const { email } = await account.confirmEmailChange(request.body.token, session.readToken(request));
      return { success: true, message: ACCOUNT_MESSAGES.emailChanged(email), user: { email } };
    },
  );
}
