// Accounts: register, verify email, sign in and out, resend the verification link.
import type { FastifyBaseLogger } from 'fastify';
import type { LoginBody, RegisterBody } from '../../shared/api/auth.js';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { verificationEmail } from '../mail/verification-email.js';
import { startOfNextMonthUtc } from '../usage/period.js';
import { AccountRequestError, AccountTakenError, EmailNotVerifiedError, InvalidCredentialsError, MailUnavailableError } from './errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository, NewSessionRow } from './repository.js';
import type { SessionCache } from './session-cache.js';
import { hashToken, newToken } from './tokens.js';
import { usernameFromEmail, withNumber } from './usernames.js';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  verifyFirst: 'Please verify your email before signing in.',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  registeredSent: 'Account created. Please check your email to verify your account.',
  registeredNotSent: "Account created. However, we couldn't send the verification email. Please try again later.",
  noToken: 'No verification token provided.',
  tokenExpired: 'Verification token has expired.',
  verifyFailed: 'Email verification failed.',
  verified: 'Your email has been verified. You can now sign in.',
  alreadyVerified: 'Your email address is already verified. You can sign in.',
  resent: 'If an account with this email needs verification, a new link has been sent. Please check your inbox.',
  resendFailed: 'Failed to send verification email. Please try again.',
} as const;

export interface NewSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Sessions this process has looked up, forgotten when the database announces a change (session-cache.ts); none: every lookup asks the database. */
  sessions?: SessionCache;
}

/** A new session's cookie value and the row that stores only its hash. */
export function newSession(userId: number, persistent: boolean, now: Date): { session: NewSession; row: NewSessionRow } {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (persistent ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
  return { session: { token, persistent, expiresAt }, row: { id: hashToken(token), userId, persistent, expiresAt } };
}

export function createAuthService({ repo, mailer, clock, publicUrl, log, sessions }: AuthServiceDeps) {
  async function startSession(userId: number, persistent: boolean): Promise<NewSession> {
    const { session, row } = newSession(userId, persistent, clock.now());
    await repo.createSession(row);
    return session;
  }

  /** Stores a fresh token and mails its link; false when the mail could not be sent. */
  async function sendVerification(user: UserRow): Promise<boolean> {
    const token = newToken();
    await repo.setVerificationToken(user.id, hashToken(token), new Date(clock.now().getTime() + VERIFICATION_TTL_MS));
    const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send(verificationEmail(user.email, link));
      return true;
    } catch (err) {
      log.warn({ err, userId: user.id }, 'verification email could not be sent');
      return false;
    }
  }

  /** A username made from the address, with a number added when that is taken (a few tries). */
  async function freeUsername(email: string): Promise<string> {
    const base = usernameFromEmail(email);
    let name = base;
    for (let attempt = 0; attempt < 5 && (await repo.findUserByUsername(name)); attempt++) name = withNumber(base);
    return name;
  }

  return {
    async register(body: RegisterBody) {
      const email = body.email.trim().toLowerCase();
      if (await repo.findUserByEmail(email)) throw new AccountTakenError(MESSAGES.emailTaken);
      const username = body.username ?? (await freeUsername(email));
      if (await repo.findUserByUsername(username)) throw new AccountTakenError(MESSAGES.usernameTaken);
      const now = clock.now();
      const user = await repo.insertUser({
        username,
        email,
        password: await hashPassword(body.password),
        usageResetDate: startOfNextMonthUtc(now),
      });
      if (!user) {
        // Lost a race with a concurrent registration: the unique index decided.
        throw new AccountTakenError((await repo.findUserByEmail(email)) ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      }
      const emailVerificationSent = await sendVerification(user);
      // Without the email the person could never get in, so they are signed in now (docs/product.md, Accounts API).
      const session = emailVerificationSent ? null : await startSession(user.id, false);
      return { user, emailVerificationSent, session };
    },

    async login(body: LoginBody) {
      const email = body.email.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      // Verify against a dummy hash for unknown emails so timing does not reveal which exist.
      const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), body.password);
      if (!user || !ok) throw new InvalidCredentialsError(MESSAGES.invalidCredentials);
      if (!user.emailVerified) {
        throw new EmailNotVerifiedError(MESSAGES.verifyFirst, user.email);
      }
      const session = await startSession(user.id, body.rememberMe ?? false);
      // The first password sign-in of an account is greeted as such ("Welcome!", not "Welcome back!").
      await repo.markSignedIn(user.id, clock.now());
      return { user, session, firstSignIn: user.lastSignInAt === null };
    },

    async logout(sessionToken: string | undefined): Promise<void> {
      if (!sessionToken) return;
      const id = hashToken(sessionToken);
      await repo.deleteSession(id);
      // Every process hears of it from the database; this one forgets it before it answers.
      sessions?.forgetSession(id);
    },

    async userForSession(sessionToken: string): Promise<UserRow | null> {
      const id = hashToken(sessionToken);
      const nowMs = clock.now().getTime();
      if (sessions) return sessions.user(id, nowMs);
      return (await repo.findSession(id, nowMs))?.user ?? null;
    },

    async verifyEmail(token: string | undefined) {
      if (!token) throw new AccountRequestError(MESSAGES.noToken, { success: false });
      const tokenHash = hashToken(token);
      const user = await repo.findUserByVerificationToken(tokenHash);
      if (!user) throw new AccountRequestError(MESSAGES.verifyFailed, { success: false });
      // The link opened again (docs/product.md, Email verification): nothing failed.
      if (user.emailVerified) return { email: user.email, alreadyVerified: true };
      const now = clock.now();
      if (!user.verificationTokenExpiry || user.verificationTokenExpiry.getTime() <= now.getTime()) {
        throw new AccountRequestError(MESSAGES.tokenExpired, { success: false, tokenExpired: true, email: user.email });
      }
      if (!(await repo.consumeVerificationToken(user.id, tokenHash, now))) {
        // Verified by a request that won the race with this one.
        const again = await repo.findUserByVerificationToken(tokenHash);
        if (again?.emailVerified) return { email: again.email, alreadyVerified: true };
        throw new AccountRequestError(MESSAGES.verifyFailed, { success: false });
      }
      return { email: user.email, alreadyVerified: false };
    },

    async resendVerification(rawEmail: string): Promise<void> {
      const user = await repo.findUserByEmail(rawEmail.trim().toLowerCase());
      // The same answer whether or not the address exists, unless sending itself failed.
      if (!user || user.emailVerified) return;
      if (!(await sendVerification(user))) throw new MailUnavailableError(MESSAGES.resendFailed, { success: false });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
