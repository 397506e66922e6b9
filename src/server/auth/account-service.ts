// Accounts without dead ends: a forgotten password reset through an emailed link, and the profile
// changes of the account page (username, password with the current one, email confirmed from the
// new address before it replaces the old one). docs/product.md, Accounts API.
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_TTL_MS, PASSWORD_RESET_TTL_MS } from '../../shared/api/account.js';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema.js';
import { emailChangedNotice, emailChangeEmail, passwordResetEmail } from '../mail/account-emails.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { AccountRequestError, AccountTakenError, MailUnavailableError } from './errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';
import { MESSAGES, newSession, type NewSession } from './service.js';
import { hashToken, newToken } from './tokens.js';

export interface AccountServiceDeps {
  repo: AuthRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The username for a mail to the account's own address: only once the account has verified it. */
function nameFor(user: UserRow): string | undefined {
  return user.emailVerified ? user.username : undefined;
}

export function createAccountService({ repo, mailer, clock, publicUrl, log }: AccountServiceDeps) {
  /** Mails sent after the answer; close() waits for them so a shutdown loses none. */
  const sending = new Set<Promise<void>>();

  function sendLater(message: MailMessage, what: string, userId: number): void {
    const task = mailer
      .send(message)
      .catch((err: unknown) => log.warn({ err, userId }, `${what} could not be sent`))
      .finally(() => sending.delete(task));
    sending.add(task);
  }

  function expired(expiresAt: Date): boolean {
    return expiresAt.getTime() <= clock.now().getTime();
  }

  async function requireCurrentPassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.password, password))) throw new AccountRequestError(ACCOUNT_MESSAGES.wrongPassword, { field: 'currentPassword' });
  }

  return {
    /**
     * Mails a reset link when the address has an account. The answer and its timing are the same
     * either way: the link is made and mailed after the answer, so nothing tells whether it exists.
     */
    async forgotPassword(rawEmail: string): Promise<void> {
      const user = await repo.findUserByEmail(rawEmail.trim().toLowerCase());
      if (!user) return;
      const token = newToken();
      const task = repo
        .replaceAccountToken({
          id: hashToken(token),
          userId: user.id,
          purpose: 'password_reset',
          expiresAt: new Date(clock.now().getTime() + PASSWORD_RESET_TTL_MS),
        })
        .then(() => sendLater(passwordResetEmail(user.email, nameFor(user), `${publicUrl}/reset-password?token=${token}`), 'password reset email', user.id))
        .catch((err: unknown) => log.error({ err, userId: user.id }, 'password reset link could not be stored'))
        .finally(() => sending.delete(task));
      sending.add(task);
    },

    /** Sets the new password, ends every session and signs in here. */
    /**
     * Whether a reset link still works, without using it: the page asks before showing the form, so
     * a used or expired link says so before anyone types a password
     * (docs/product.md, Sign-in and registration pages). Throws what resetPassword would.
     */
    async checkResetToken(token: string): Promise<void> {
      const row = await repo.findAccountToken(hashToken(token), 'password_reset');
      if (!row) throw new AccountRequestError(ACCOUNT_MESSAGES.resetInvalid, { success: false });
      if (expired(row.expiresAt)) throw new AccountRequestError(ACCOUNT_MESSAGES.resetExpired, { success: false, tokenExpired: true });
    },

    async resetPassword(token: string, password: string): Promise<{ user: UserRow; session: NewSession }> {
      const tokenId = hashToken(token);
      const row = await repo.findAccountToken(tokenId, 'password_reset');
      if (!row) throw new AccountRequestError(ACCOUNT_MESSAGES.resetInvalid, { success: false });
      if (expired(row.expiresAt)) {
        await repo.deleteAccountToken(tokenId);
        throw new AccountRequestError(ACCOUNT_MESSAGES.resetExpired, { success: false, tokenExpired: true });
      }
      const { session, row: sessionRow } = newSession(row.userId, false, clock.now());
      // Two requests with one link: the transaction's DELETE lets exactly one through.
      if (!(await repo.completePasswordReset(tokenId, await hashPassword(password), sessionRow))) {
        throw new AccountRequestError(ACCOUNT_MESSAGES.resetInvalid, { success: false });
      }
      const user = await repo.findUserById(row.userId);
      if (!user) throw new AccountRequestError(ACCOUNT_MESSAGES.resetInvalid, { success: false });
      return { user, session };
    },

    async changeUsername(user: UserRow, username: string): Promise<UserRow> {
      if (username === user.username) return user;
      const updated = await repo.updateUsername(user.id, username);
      if (!updated) throw new AccountTakenError(MESSAGES.usernameTaken);
      return updated;
    },

    /** Needs the current password; every other session and emailed link of the user ends, this session stays. */
    async changePassword(user: UserRow, currentSessionToken: string, currentPassword: string, password: string): Promise<void> {
      await requireCurrentPassword(user, currentPassword);
      await repo.changePassword(user.id, await hashPassword(password), hashToken(currentSessionToken));
    },

    /** Mails a confirmation link to the new address; the account keeps the old one until it is opened. */
    async requestEmailChange(user: UserRow, rawEmail: string, currentPassword: string): Promise<string> {
      await requireCurrentPassword(user, currentPassword);
      const email = rawEmail.trim().toLowerCase();
      if (email === user.email) throw new AccountRequestError(ACCOUNT_MESSAGES.sameEmail);
      if (await repo.findUserByEmail(email)) throw new AccountTakenError(MESSAGES.emailTaken);
      const token = newToken();
      await repo.replaceAccountToken({
        id: hashToken(token),
        userId: user.id,
        purpose: 'email_change',
        newEmail: email,
        expiresAt: new Date(clock.now().getTime() + EMAIL_CHANGE_TTL_MS),
      });
      try {
        await mailer.send(emailChangeEmail(email, `${publicUrl}/confirm-email?token=${token}`));
      } catch (err) {
        log.warn({ err, userId: user.id }, 'email change confirmation could not be sent');
        await repo.deleteAccountToken(hashToken(token));
        throw new MailUnavailableError(ACCOUNT_MESSAGES.emailChangeFailed, undefined, 60);
      }
      return email;
    },

    /**
     * Opens the confirmation link: the account moves to the new address, every other session and
     * link of the account ends (`sessionToken`, the browser that opened it, stays signed in when it
     * is this account's), and the old address is told.
     */
    async confirmEmailChange(token: string, sessionToken?: string): Promise<{ email: string }> {
      const tokenId = hashToken(token);
      const row = await repo.findAccountToken(tokenId, 'email_change');
      if (!row?.newEmail) throw new AccountRequestError(ACCOUNT_MESSAGES.emailChangeInvalid, { success: false });
      if (expired(row.expiresAt)) {
        await repo.deleteAccountToken(tokenId);
        throw new AccountRequestError(ACCOUNT_MESSAGES.emailChangeExpired, { success: false, tokenExpired: true });
      }
      const before = await repo.findUserById(row.userId);
      const outcome = await repo.completeEmailChange(tokenId, row.userId, row.newEmail, sessionToken ? hashToken(sessionToken) : undefined);
      if (outcome === 'used' || !before) throw new AccountRequestError(ACCOUNT_MESSAGES.emailChangeInvalid, { success: false });
      if (outcome === 'taken') throw new AccountTakenError(MESSAGES.emailTaken);
      sendLater(emailChangedNotice(before.email, nameFor(before), row.newEmail), 'email change notice', before.id);
      return { email: row.newEmail };
    },

    /** Waits for mails still being sent (shutdown, tests). */
    async drain(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
