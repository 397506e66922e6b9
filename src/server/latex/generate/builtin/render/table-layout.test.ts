import { describe, expect, it } from 'vitest';
import { columnGroups, layoutTable, measureColumns, measureEm } from './table-layout.js';

describe('table layout', () => {
  it('keeps natural widths for a narrow table', () => {
    const cols = measureColumns(['a', 'b'], [['1', '2']], 2);
    expect(layoutTable(cols, measureEm({}), 0)).toEqual({ size: '', widths: null });
  });

  it('wraps long cells in columns no narrower than their longest word, within the measure', () => {
    const long = 'word '.repeat(60);
    const cols = measureColumns(['Key', 'Description'], [['timeout', long]], 2);
    const layout = layoutTable(cols, measureEm({}), 0);
    expect(layout?.widths).toHaveLength(2);
    const widths = layout?.widths ?? [];
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThan(1);
    // "timeout" (7 characters) keeps at least its width: 7 × 0.55em of a 40em measure.
    expect(widths[0]).toBeGreaterThanOrEqual((7 * 0.55) / 40 - 1e-9);
    expect(widths[1]).toBeGreaterThan(widths[0] ?? 1);
  });

  it('goes down in size, then into column groups that repeat the first column', () => {
    const header = Array.from({ length: 14 }, (_, i) => `Heading${i}`);
    const cols = measureColumns(header, [header.map(() => 'temperature')], 14);
    expect(layoutTable(cols, measureEm({}), 1)).toBeNull();
    const groups = columnGroups(cols, measureEm({}));
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) expect(g[0]).toBe(0);
    expect(new Set(groups.flat())).toEqual(new Set(Array.from({ length: 14 }, (_, i) => i)));
  });

  it('has less room in lists and on slides', () => {
    expect(measureEm({ inList: 2 })).toBeLessThan(measureEm({}));
    expect(measureEm({ beamer: true })).toBeLessThan(measureEm({}));
  });
});
