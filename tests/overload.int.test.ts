// A short overload run in CI (the 60-second one is `npx tsx bench/faults/overload.ts`): refused
// compiles get 503 with Retry-After, the queue stays within its bound, and ordinary requests are
// still answered. Latency figures are printed by the bench, never asserted.
import { describe, expect, it } from 'vitest';
import { runOverload } from '../bench/faults/overload.js';

describe('overload', () => {
  it('refuses extra compiles with 503 + Retry-After and keeps the queue bounded', async () => {
    const r = await runOverload(12, 2);
    expect(r.served).toBeGreaterThan(0);
    expect(r.refused503).toBeGreaterThan(0);
    expect(r.refusedWithRetryAfter).toBe(r.refused503 + r.refused429);
    expect(r.other).toEqual({});
    // Two running plus four waiting at most.
    expect(r.maxInFlight).toBeLessThanOrEqual(6);
    expect(r.loaded.p50).toBeGreaterThan(0);
  }, 300_000);
});
