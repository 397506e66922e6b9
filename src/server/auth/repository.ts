// Users and sessions tables: the only auth code that runs queries.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, users, type NewUserRow, type UserRow } from '../db/schema.js';

export function createAuthRepository(db: Db) {
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

    /** Marks verified and clears the token in one statement; false when the token was already used. */
    async consumeVerificationToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerified: true, verificationToken: null, verificationTokenExpiry: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.verificationToken, tokenHash), gt(users.verificationTokenExpiry, now)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async createSession(values: { id: string; userId: number; persistent: boolean; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** The session's user when the session exists and has not expired. */
    async findSessionUser(sessionId: string, now: Date): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
        .limit(1);
      return row?.user ?? null;
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteExpiredSessions(now: Date): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
      return rows.length;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
