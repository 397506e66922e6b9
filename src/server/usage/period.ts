// When a monthly allowance starts again. Free users reset on the first of each calendar month (UTC);
// paid users on their subscription period (set by billing). Pure functions, shared by the SQL
// that charges and by what the API reports.
export function startOfNextMonthUtc(from: Date): Date {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
}

/** Usage as it stands at `now`: a passed reset date means the month already started again. */
export function effectiveUsage(row: { monthlyUsage: number; usageResetDate: Date }, now: Date) {
  if (row.usageResetDate.getTime() <= now.getTime()) {
    return { monthlyUsage: 0, usageResetDate: startOfNextMonthUtc(now) };
  }
  return { monthlyUsage: row.monthlyUsage, usageResetDate: row.usageResetDate };
}
