// The golden outlines beside the repository's notes: the generator's outline of each note is
// compared with what a reader expects, and no note may fall below the accuracy recorded in
// tests/fixtures/outline-floor.json (raise it with `npx tsx src/eval/outline/floor.ts`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOOR_FILE, goldenNotes, scoreNotes } from './floor.js';

describe('golden outlines', () => {
  const scores = scoreNotes(goldenNotes());
  const floor = JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as Record<string, number>;

  it('has an outline for every note of the fixture folders, and a floor for every outline', () => {
    expect(scores.length).toBeGreaterThanOrEqual(119);
    expect(scores.filter((s) => floor[s.key] === undefined).map((s) => s.key)).toEqual([]);
  });

  it('keeps every note at or above its recorded accuracy', () => {
    const fallen = scores.filter((s) => s.accuracy < (floor[s.key] ?? 0) - 1e-9).map((s) => `${s.key}: ${s.accuracy.toFixed(3)} < ${floor[s.key]}\n  missing: ${s.missing.join(' | ')}\n  extra: ${s.extra.join(' | ')}`);
    expect(fallen).toEqual([]);
  });
});
