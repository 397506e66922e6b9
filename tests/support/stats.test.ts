import { describe, expect, it } from 'vitest';
import { numberArg } from './cli-args.js';
import { medianAndP95, quantile } from './stats.js';

describe('benchmark helpers', () => {
  it('takes nearest-rank quantiles of unsorted values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(quantile(values, 0.5)).toBe(5);
    expect(quantile(values, 0.95)).toBe(10);
    expect(quantile(values, 0.1)).toBe(1);
    expect(medianAndP95([3])).toEqual({ median: 3, p95: 3 });
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('reads positive numbers after a flag, else the default', () => {
    expect(numberArg('--runs', 50, ['node', 'x', '--runs', '7'])).toBe(7);
    expect(numberArg('--runs', 50, ['node', 'x', '--runs', 'many'])).toBe(50);
    expect(numberArg('--runs', 50, ['node', 'x', '--runs', '0'])).toBe(50);
    expect(numberArg('--runs', 50, ['node', 'x'])).toBe(50);
  });
});
