// One account cannot take the service from everyone else (the review's High finding): a server
// process on the embedded database, one user compiling a document with four 8 MB images on six
// connections (and asking for its compiled-ahead PDF), while another user lists their documents.
// The other user gets every answer, none of them 503, and the event loop is never held long: no
// image byte is read, hashed or decoded on it, and no query runs on it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { eventLoopWindows, prepareImageAttack, runImageAttack, type AttackSetup } from './support/image-attack.js';

describe('one account compiling a document of big images', { timeout: 240_000 }, () => {
  let app: AppProcess;
  let setup: AttackSetup;
  beforeAll(async () => {
    app = await startAppProcess({}, { pgliteTemplate: inject('pgliteTemplateDir') });
    setup = await prepareImageAttack(app);
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("leaves another user's answers and the event loop alone", async () => {
    const before = await eventLoopWindows(app);
    const outcome = await runImageAttack(app, setup, { seconds: 10, connections: 6 });
    const after = await eventLoopWindows(app);

    // The other user: every request answered, and answered 200.
    expect(outcome.victim.length).toBeGreaterThanOrEqual(10);
    expect(outcome.victim.filter((r) => r.status !== 200)).toEqual([]);
    expect(outcome.healthz.filter((r) => r.status !== 200)).toEqual([]);
    // The attack ran: its compiles were answered (or refused by the per-user limits), never 5xx.
    expect(outcome.attacker['200'] ?? 0).toBeGreaterThan(0);
    expect(Object.keys(outcome.attacker).filter((status) => Number(status) >= 500 || status === '0')).toEqual([]);
    // Every second of the attack had its worst event-loop delay at or under 1 s (the load
    // shedder answers 503 past 2.5 s; the review saw 3.4 s and more).
    const seconds = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
    expect(seconds).toBeGreaterThanOrEqual(8);
    expect((after.get('1') ?? 0) - (before.get('1') ?? 0)).toBe(seconds);
  });
});
