import { describe, expect, it } from 'vitest';
import { createHistoryCache } from './history-cache.js';

/** A load that answers when told, counting its calls. */
function pending() {
  const calls: Array<(json: string) => void> = [];
  const load = () => new Promise<string>((resolve) => calls.push(resolve));
  return { load, calls };
}

describe('history cache', () => {
  it('answers a kept list without loading, until the user is announced', async () => {
    const cache = createHistoryCache();
    cache.setLive(true);
    let loads = 0;
    const load = async () => `[${++loads}]`;
    expect(await cache.json(1, load)).toBe('[1]');
    expect(await cache.json(1, load)).toBe('[1]');
    expect(loads).toBe(1);
    cache.forgetUser(2);
    expect(await cache.json(1, load)).toBe('[1]');
    cache.forgetUser(1);
    expect(await cache.json(1, load)).toBe('[2]');
    expect(cache.stats).toMatchObject({ hits: 2, misses: 2, size: 1 });
  });

  it('keeps nothing while announcements may be missed, and forgets everything at a gap', async () => {
    const cache = createHistoryCache();
    let loads = 0;
    const load = async () => `[${++loads}]`;
    await cache.json(1, load);
    await cache.json(1, load);
    expect(loads).toBe(2);
    cache.setLive(true);
    await cache.json(1, load);
    cache.setLive(false);
    await cache.json(1, load);
    expect(loads).toBe(4);
    expect(cache.stats.size).toBe(0);
  });

  it('does not keep, nor share with later requests, a list read while its user was announced', async () => {
    const cache = createHistoryCache();
    cache.setLive(true);
    const { load, calls } = pending();
    const first = cache.json(1, load);
    const sharing = cache.json(1, load);
    expect(calls).toHaveLength(1);
    cache.forgetUser(1);
    const after = cache.json(1, load);
    expect(calls).toHaveLength(2);
    calls[0]!('["before"]');
    calls[1]!('["after"]');
    expect(await first).toBe('["before"]');
    expect(await sharing).toBe('["before"]');
    expect(await after).toBe('["after"]');
    expect(await cache.json(1, load)).toBe('["after"]');
    expect(calls).toHaveLength(2);
  });

  it('lets a failed read fail its requests and keeps nothing', async () => {
    const cache = createHistoryCache();
    cache.setLive(true);
    await expect(cache.json(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.json(1, async () => '[]')).toBe('[]');
  });

  it('drops entries after five minutes, and the oldest past its size', async () => {
    const cache = createHistoryCache({ maxChars: 10 });
    cache.setLive(true);
    let loads = 0;
    const load = async () => `[${++loads}]`;
    await cache.json(1, load, 0);
    await cache.json(1, load, 4 * 60_000);
    expect(loads).toBe(1);
    await cache.json(1, load, 5 * 60_000);
    expect(loads).toBe(2);
    await cache.json(2, load, 0);
    await cache.json(3, load, 0);
    expect(cache.stats.size).toBe(3);
    await cache.json(4, load, 0);
    expect(cache.stats.size).toBe(3);
    expect(cache.stats.chars).toBeLessThanOrEqual(10);
    await cache.json(1, load, 0);
    expect(loads).toBe(6);
    expect(await cache.json(5, async () => '[0123456789]')).toBe('[0123456789]');
    expect(cache.stats.chars).toBeLessThanOrEqual(10);
  });
});
