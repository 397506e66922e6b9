// Users, sessions and account-token tables: the only auth code that runs queries.
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountTokens, sessions, users, type AccountTokenRow, type NewUserRow, type UserRow } from '../db/schema.js';
import type { SessionFound } from './session-cache.js';

export type AccountTokenPurpose = 'password_reset' | 'email_change';

export interface NewSessionRow {
  id: string;
  userId: number;
  persistent: boolean;
  expiresAt: Date;
}

/** A unique index refused the write (PostgreSQL's code, wrapped or not by the driver). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createAuthRepository(db: Db) {
  // Every signed-in request runs this: prepared once instead of built per request, and the time
  // passed as milliseconds rather than timestamp text, which PGlite parses slowly (bench/http.ts).
  const sessionUser = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`to_timestamp(${sql.placeholder('nowMs')}::float8 / 1000)`)))
    .limit(1)
    .prepare('session_user');
  return {
    async findUserById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /** Inserts unless the email or username exists; null then (the unique indexes decide, so concurrent requests create one user). */
    async insertUser(values: NewUserRow): Promise<UserRow | null> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async findUserByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row ?? null;
    },

    async setVerificationToken(userId: number, tokenHash: string, expiry: Date): Promise<void> {
      await db
        .update(users)
        .set({ verificationToken: tokenHash, verificationTokenExpiry: expiry, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async findUserByVerificationToken(tokenHash: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.verificationToken, tokenHash)).limit(1);
      return row ?? null;
    },

    /**
     * Marks verified in one statement; false when the token was already used. The token's hash
     * stays (its expiry goes) so that opening the link again can say the address is verified already.
     */
    async consumeVerificationToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerified: true, verificationTokenExpiry: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.emailVerified, false), eq(users.verificationToken, tokenHash), gt(users.verificationTokenExpiry, now)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async markSignedIn(userId: number, now: Date): Promise<void> {
      await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
    },

    async createSession(values: NewSessionRow): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /**
     * The signed-in user of every request, and when the session ends (for the session cache), when
     * the session exists and has not expired: built once, and given the time as a number (see above).
     */
    async findSession(sessionId: string, nowMs: number): Promise<SessionFound | null> {
      const [row] = await sessionUser.execute({ sessionId, nowMs });
      return row ? { user: row.user, expiresAtMs: row.expiresAt.getTime() } : null;
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteExpiredSessions(now: Date): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
      return rows.length;
    },

    /** Stores a new link of this purpose for the user; any earlier one stops working. */
    async replaceAccountToken(values: { id: string; userId: number; purpose: AccountTokenPurpose; newEmail?: string; expiresAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(accountTokens).where(and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, values.purpose)));
        await tx.insert(accountTokens).values(values);
      });
    },

    async findAccountToken(id: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | null> {
      const [row] = await db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.id, id), eq(accountTokens.purpose, purpose)))
        .limit(1);
      return row ?? null;
    },

    async deleteAccountToken(id: string): Promise<void> {
      await db.delete(accountTokens).where(eq(accountTokens.id, id));
    },

    /**
     * Uses a reset link: deletes it (false when it was already used), sets the password, counts the
     * address as verified (the link reached it), ends every session of the user and every other
     * link, and starts the one session of the device that reset. One transaction: all or nothing.
     */
    async completePasswordReset(tokenId: string, passwordHash: string, session: NewSessionRow): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .delete(accountTokens)
          .where(and(eq(accountTokens.id, tokenId), eq(accountTokens.purpose, 'password_reset'), eq(accountTokens.userId, session.userId)))
          .returning({ id: accountTokens.id });
        if (used.length !== 1) return false;
        await tx
          .update(users)
          .set({ password: passwordHash, emailVerified: true, verificationToken: null, verificationTokenExpiry: null, updatedAt: sql`now()` })
          .where(eq(users.id, session.userId));
        await tx.delete(sessions).where(eq(sessions.userId, session.userId));
        await tx.delete(accountTokens).where(eq(accountTokens.userId, session.userId));
        await tx.insert(sessions).values(session);
        return true;
      });
    },

    /** The updated user, or null when another account has the name. */
    async updateUsername(userId: number, username: string): Promise<UserRow | null> {
      try {
        const [row] = await db.update(users).set({ username, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
        return row ?? null;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /**
     * Sets the password and ends everything else that speaks for the account: its other sessions and
     * every emailed link (password reset, and a pending email change, which would otherwise move the
     * account to an address chosen before the change); `keepSessionId` stays signed in.
     */
    async changePassword(userId: number, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password: passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
        await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      });
    },

    /**
     * Uses an email-change link: deletes it and moves the account to the new address, verified, and
     * ends every other session and emailed link of the account (a reset link mailed to the old
     * address stops working); the session `keepSessionId`, when it is this account's, stays.
     * 'used' when the link was already used, 'taken' when another account has the address by now.
     */
    async completeEmailChange(tokenId: string, userId: number, newEmail: string, keepSessionId?: string): Promise<'done' | 'used' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const used = await tx
            .delete(accountTokens)
            .where(and(eq(accountTokens.id, tokenId), eq(accountTokens.purpose, 'email_change'), eq(accountTokens.userId, userId)))
            .returning({ id: accountTokens.id });
          if (used.length !== 1) return 'used' as const;
          await tx
            .update(users)
            .set({ email: newEmail, emailVerified: true, verificationToken: null, verificationTokenExpiry: null, updatedAt: sql`now()` })
            .where(eq(users.id, userId));
          await tx.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
          await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
          return 'done' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
