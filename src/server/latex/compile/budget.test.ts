import { describe, expect, it } from 'vitest';
import { COMPILE_TIME_BUDGETS } from '../../../shared/plans.js';
import { createCompileBudgets, memoryBudgetStore } from './budget.js';

describe('compile-time budgets', () => {
  function budgets(slots = 2) {
    let now = Date.UTC(2026, 10, 15, 12, 0, 0);
    const b = createCompileBudgets(memoryBudgetStore(), () => slots, () => now);
    return { b, advance: (ms: number) => (now += ms) };
  }
  const free = { owner: 'user:1', plan: 'free' as const };

  it("gives an account its plan's minute budget, less what it used, and refuses it once spent until the minute moves on", async () => {
    const { b, advance } = budgets();
    expect(await b.allowance(free)).toEqual({ allowMs: COMPILE_TIME_BUDGETS.free.perMinuteMs });
    await b.charge(free, 20_000);
    expect(await b.allowance(free)).toEqual({ allowMs: 10_000 });
    await b.charge(free, 10_000);
    const spent = await b.allowance(free);
    expect(spent).toMatchObject({ spent: 'account' });
    expect('waitMs' in spent && spent.waitMs).toBeGreaterThan(0);
    expect(await b.recentMs('user:1')).toBe(30_000);
    advance(70_000);
    expect(await b.allowance(free)).toEqual({ allowMs: COMPILE_TIME_BUDGETS.free.perMinuteMs });
  });

  it('holds the hour budget across minutes', async () => {
    const { b, advance } = budgets();
    for (let minute = 0; minute < 11; minute++) {
      await b.charge(free, 29_000);
      advance(61_000);
    }
    expect(await b.allowance(free)).toMatchObject({ spent: 'account' });
    // A paid plan's hour is longer.
    expect(await b.allowance({ owner: 'user:1', plan: 'tier3' })).toMatchObject({ allowMs: expect.any(Number) });
  });

  it("refuses every account of a plan once the plan's share of the slots is spent, leaving the other plans theirs", async () => {
    const { b } = budgets(2);
    // Free accounts together: half of two slots' minute, 60 s.
    for (let i = 0; i < 3; i++) await b.charge({ owner: `user:${i}`, plan: 'free' }, 20_000);
    expect(await b.allowance({ owner: 'user:99', plan: 'free' })).toMatchObject({ spent: 'plan' });
    expect(await b.allowance({ owner: 'user:98', plan: 'tier1' })).toEqual({ allowMs: COMPILE_TIME_BUDGETS.tier1.perMinuteMs });
  });
});
