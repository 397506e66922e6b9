// The quota in SQL. One UPDATE decides and charges: it starts a new month when the reset date has
// passed, uses the tier's allowance first and refill credits after it, and changes nothing when
// neither is left, so concurrent requests can never spend more than there is.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { PLAN_LIST, DEFAULT_USAGE_LIMIT } from '../../shared/plans.js';
import { startOfNextMonthUtc } from './period.js';

/** The tier's allowance as SQL, from the one table in src/shared/plans.ts. */
const allowanceSql: SQL = sql`(CASE ${users.subscriptionTier} ${sql.join(
  PLAN_LIST.map((p) => sql`WHEN ${p.tier} THEN ${sql.raw(String(p.allowance))}`),
  sql` `,
)} ELSE ${sql.raw(String(DEFAULT_USAGE_LIMIT))} END)`;

export interface UsageRow {
  monthlyUsage: number;
  refillPackCredits: number;
  usageResetDate: Date;
  subscriptionTier: string;
}

/** The reset date a new month gets: the paid period's end when Stripe gave one, else the next calendar month. */
function nextResetSql(now: Date): SQL {
  return sql`(CASE WHEN ${users.subscriptionTier} <> 'free' AND ${users.subscriptionPeriodEnd} > ${now.toISOString()}::timestamptz
    THEN ${users.subscriptionPeriodEnd} ELSE ${startOfNextMonthUtc(now).toISOString()}::timestamptz END)`;
}

export function createUsageRepository() {
  return {
    /**
     * Charges one generation inside `tx` (the caller's transaction, which also saves the document).
     * Returns the counters after the charge, or null when nothing is left.
     */
    async charge(tx: Db, userId: number, now: Date): Promise<UsageRow | null> {
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const due = sql`(${users.usageResetDate} <= ${nowSql})`;
      const [row] = await tx
        .update(users)
        .set({
          monthlyUsage: sql`CASE WHEN ${due} THEN 1
            WHEN ${users.monthlyUsage} < ${allowanceSql} THEN ${users.monthlyUsage} + 1
            ELSE ${users.monthlyUsage} END`,
          refillPackCredits: sql`CASE WHEN NOT ${due} AND ${users.monthlyUsage} >= ${allowanceSql}
            THEN ${users.refillPackCredits} - 1 ELSE ${users.refillPackCredits} END`,
          usageResetDate: sql`CASE WHEN ${due} THEN ${nextResetSql(now)} ELSE ${users.usageResetDate} END`,
        })
        .where(
          and(
            eq(users.id, userId),
            sql`(${due} OR ${users.monthlyUsage} < ${allowanceSql} OR ${users.refillPackCredits} > 0)`,
          ),
        )
        .returning({
          monthlyUsage: users.monthlyUsage,
          refillPackCredits: users.refillPackCredits,
          usageResetDate: users.usageResetDate,
          subscriptionTier: users.subscriptionTier,
        });
      return row ?? null;
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
