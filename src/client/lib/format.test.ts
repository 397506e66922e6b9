import { describe, expect, it } from 'vitest';
import { downloadBaseName, formatBytes, formatDate, formatDateTime, sameMinute, usageLevel, usagePercent } from './format';

describe('usageLevel', () => {
  it('is green below 70 %, amber from 70 %, red from 90 %', () => {
    expect(usageLevel(0, 3)).toBe('ok');
    expect(usageLevel(2, 3)).toBe('ok');
    expect(usageLevel(69, 100)).toBe('ok');
    expect(usageLevel(70, 100)).toBe('warning');
    expect(usageLevel(89, 100)).toBe('warning');
    expect(usageLevel(90, 100)).toBe('critical');
    expect(usageLevel(3, 3)).toBe('critical');
    expect(usageLevel(7, 3)).toBe('critical');
  });
});

describe('usagePercent', () => {
  it('caps at 100 and never goes below 0', () => {
    expect(usagePercent(1, 4)).toBe(25);
    expect(usagePercent(9, 3)).toBe(100);
    expect(usagePercent(-1, 3)).toBe(0);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('downloadBaseName', () => {
  it('capitalises and joins the words of the title', () => {
    expect(downloadBaseName('quantum field theory: notes')).toBe('QuantumFieldTheoryNotes');
    expect(downloadBaseName('  the   e=mc^2 paper ')).toBe('TheEMc2Paper');
    expect(downloadBaseName('snake_case stays')).toBe('Snake_caseStays');
  });
  it('gives GeneratedDocument for an empty title', () => {
    expect(downloadBaseName('')).toBe('GeneratedDocument');
    expect(downloadBaseName('   !!! ')).toBe('GeneratedDocument');
    expect(downloadBaseName(null)).toBe('GeneratedDocument');
  });
  it('truncates to 100 characters', () => {
    expect(downloadBaseName('word '.repeat(60))).toHaveLength(100);
  });
});

describe('formatDate', () => {
  it('uses the en-US short form', () => {
    expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('formatBytes', () => {
  it('gives bytes below 1 KB, then KB and MB with one decimal', () => {
    expect(formatBytes(524)).toBe('524 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});

describe('sameMinute and formatDateTime', () => {
  it('runs of one title in one minute get their seconds; a run in another minute or of another title does not', () => {
    const a = { title: 'Ocean Tides', createdAt: '2026-12-08T01:12:05.000Z' };
    const b = { title: 'Ocean Tides', createdAt: '2026-12-08T01:12:41.000Z' };
    const c = { title: 'Ocean Tides', createdAt: '2026-12-08T01:13:02.000Z' };
    const d = { title: 'Rivers', createdAt: '2026-12-08T01:12:30.000Z' };
    const close = sameMinute([a, b, c, d]);
    expect([...close]).toEqual([a, b]);
    expect(formatDateTime(a.createdAt, true)).not.toBe(formatDateTime(b.createdAt, true));
    expect(formatDateTime(a.createdAt)).toBe(formatDateTime(b.createdAt));
    expect(formatDateTime(a.createdAt, true)).toMatch(/\d{1,2}:12:05 (AM|PM)$/);
  });
});
