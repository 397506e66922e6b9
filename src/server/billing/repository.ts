// Billing's queries: the user's subscription columns, refill credits, checkouts and processed
// webhook events. The only billing code that runs SQL.
import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { billingCheckouts, users, webhookEvents, type UserRow } from '../db/schema.js';
import type { CheckoutKind, ProviderKind } from './types.js';

export type CheckoutRow = typeof billingCheckouts.$inferSelect;

export interface SubscriptionColumns {
  stripeSubscriptionId: string | null;
  subscriptionTier: string;
  subscriptionStatus: string;
  subscriptionPeriodEnd: Date | null;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionEventAt: Date;
}

export function createBillingRepository(db: Db) {
  return {
    async findUser(userId: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    async findUserByCustomer(customerId: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
      return row ?? null;
    },

    /** Reads the user and holds a row lock until the transaction ends: one account's events apply one at a time. */
    async lockUser(tx: Db, userId: number): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      return row ?? null;
    },

    /** Stores the customer id unless one is stored already; returns the one that is stored. */
    async linkCustomer(userId: number, customerId: string, tx: Db = db): Promise<string | null> {
      await tx
        .update(users)
        .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
      const [row] = await tx.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
      return row?.id ?? null;
    },

    async isEventRecorded(eventId: string): Promise<boolean> {
      const [row] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId)).limit(1);
      return row !== undefined;
    },

    /**
     * Records an event id inside the transaction that applies it. False when it was recorded
     * already: on PostgreSQL a concurrent copy waits here until the first one commits.
     */
    async recordEvent(tx: Db, eventId: string, type: string): Promise<boolean> {
      const rows = await tx.insert(webhookEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
      return rows.length === 1;
    },

    async insertCheckout(values: { id: string; userId: number; provider: ProviderKind; kind: CheckoutKind; tier: string | null }): Promise<void> {
      await db.insert(billingCheckouts).values(values).onConflictDoNothing();
    },

    async findCheckout(id: string, userId: number): Promise<CheckoutRow | null> {
      const [row] = await db
        .select()
        .from(billingCheckouts)
        .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks a checkout fulfilled; true only the first time. Works for checkouts this app did not
     * open itself (the row is created then), so every payment is fulfilled once whatever its events.
     */
    async claimCheckout(
      tx: Db,
      values: { id: string; userId: number; provider: ProviderKind; kind: CheckoutKind; tier: string | null; now: Date },
    ): Promise<boolean> {
      const { now, ...row } = values;
      const rows = await tx
        .insert(billingCheckouts)
        .values({ ...row, fulfilledAt: now })
        .onConflictDoUpdate({
          target: billingCheckouts.id,
          set: { fulfilledAt: now },
          // A refused payment stays refused, whatever arrives about it later.
          setWhere: and(isNull(billingCheckouts.fulfilledAt), isNull(billingCheckouts.refusedAt)),
        })
        .returning({ id: billingCheckouts.id });
      return rows.length === 1;
    },

    /**
     * Records a paid checkout that is not applied, with the reason shown to its buyer; true only
     * the first time (a checkout already fulfilled or refused is left as it is).
     */
    async refuseCheckout(
      tx: Db,
      values: { id: string; userId: number; provider: ProviderKind; kind: CheckoutKind; tier: string | null; now: Date; reason: string; refunded: boolean },
    ): Promise<boolean> {
      const { now, reason, refunded, ...row } = values;
      const refusal = { refusedAt: now, refusalReason: reason, refundedAt: refunded ? now : null };
      const rows = await tx
        .insert(billingCheckouts)
        .values({ ...row, ...refusal })
        .onConflictDoUpdate({
          target: billingCheckouts.id,
          set: refusal,
          setWhere: and(isNull(billingCheckouts.fulfilledAt), isNull(billingCheckouts.refusedAt)),
        })
        .returning({ id: billingCheckouts.id });
      return rows.length === 1;
    },

    async findCheckoutById(id: string): Promise<CheckoutRow | null> {
      const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.id, id)).limit(1);
      return row ?? null;
    },

    async markRefunded(id: string, now: Date): Promise<void> {
      await db.update(billingCheckouts).set({ refundedAt: now }).where(and(eq(billingCheckouts.id, id), isNull(billingCheckouts.refundedAt)));
    },

    /** The user's refused payments since `since`, newest first (the account page explains them). */
    async refusedCheckouts(userId: number, since: Date): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(billingCheckouts)
        .where(and(eq(billingCheckouts.userId, userId), isNotNull(billingCheckouts.refusedAt), gte(billingCheckouts.refusedAt, since)))
        .orderBy(desc(billingCheckouts.refusedAt))
        .limit(10);
    },

    /** The refill grant: one atomic UPDATE, so concurrent grants add up and none is lost. */
    async addRefillCredits(tx: Db, userId: number, credits: number): Promise<number | null> {
      const [row] = await tx
        .update(users)
        .set({ refillPackCredits: sql`${users.refillPackCredits} + ${credits}`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ credits: users.refillPackCredits });
      return row?.credits ?? null;
    },

    async setSubscription(tx: Db, userId: number, values: Partial<SubscriptionColumns>): Promise<void> {
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /**
     * A paid period starts: the monthly allowance starts again unless this period was already
     * started (its end is not later than the current reset date), so a repeat or a late invoice
     * never wipes generations made in the new period.
     */
    async startPeriod(tx: Db, userId: number, periodEnd: Date): Promise<boolean> {
      const end = sql`${periodEnd.toISOString()}::timestamptz`;
      const rows = await tx
        .update(users)
        .set({ monthlyUsage: 0, usageResetDate: periodEnd, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), sql`${users.usageResetDate} < ${end}`))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async setCancelAtPeriodEnd(userId: number, subscriptionId: string, value: boolean): Promise<void> {
      await db
        .update(users)
        .set({ subscriptionCancelAtPeriodEnd: value, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.stripeSubscriptionId, subscriptionId)));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
