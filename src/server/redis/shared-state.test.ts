// The Redis-backed shared state against a real redis-server: the bounded LRU evicts the least
// recently used, per-user slots free themselves when their holder's process goes away, the sliding
// window counts across connections, and failures of Redis become RedisUnavailableError.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { startRedis, type RedisServer } from '../../../tests/support/redis-server.js';
import { RedisBlobLru, packBlob, unpackBlob } from './blob-lru.js';
import { connectRedis, RedisUnavailableError, whenReady } from './connection.js';
import { RedisSlots, RedisWindow } from './user-limits.js';

describe('shared state in Redis', () => {
  let server: RedisServer;
  let a: Redis;
  let b: Redis;

  beforeAll(async () => {
    server = await startRedis();
    a = connectRedis(server.url, 'commands');
    b = connectRedis(server.url, 'commands');
    expect(await Promise.all([whenReady(a), whenReady(b)])).toEqual([true, true]);
  });

  afterAll(async () => {
    a?.disconnect();
    b?.disconnect();
    await server?.stop();
  });

  it('packs a header and byte parts into one value and back', () => {
    const blob = packBlob({ status: 'success', log: 'ünïcode' }, [Buffer.from('%PDF-1.5'), undefined, Buffer.alloc(3, 7)]);
    const { header, parts } = unpackBlob<{ status: string; log: string }>(blob);
    expect(header.status).toBe('success');
    expect(header.log).toBe('ünïcode');
    expect(parts.map((p) => p?.toString('hex'))).toEqual([Buffer.from('%PDF-1.5').toString('hex'), undefined, '070707']);
  });

  it('keeps the total under its cap by evicting the least recently used entry, across connections', async () => {
    let clock = Date.now();
    const tick = () => clock++;
    const lruA = new RedisBlobLru(a, { name: 'test-lru', maxBytes: 250, ttlMs: 60_000 }, tick);
    const lruB = new RedisBlobLru(b, { name: 'test-lru', maxBytes: 250, ttlMs: 60_000 }, tick);
    await lruA.set('one', Buffer.alloc(100, 1));
    await lruB.set('two', Buffer.alloc(100, 2));
    // Reading "one" through the other connection makes "two" the least recently used.
    expect((await lruB.get('one'))?.[0]).toBe(1);
    await lruA.set('three', Buffer.alloc(100, 3));
    expect(await lruA.get('two')).toBeNull();
    expect((await lruA.get('one'))?.length).toBe(100);
    expect((await lruB.get('three'))?.[0]).toBe(3);
    expect(Number(await a.get('latexgen:{test-lru}:bytes'))).toBe(200);
    // A value larger than the whole cap is not stored (and evicts nothing).
    await lruA.set('huge', Buffer.alloc(300));
    expect(await lruA.get('huge')).toBeNull();
    expect(await lruA.get('one')).not.toBeNull();
  });

  it('gives a per-user slot to one holder at a time, and frees it when the holder disappears', async () => {
    const slotsA = new RedisSlots(a, 'test', 400);
    const slotsB = new RedisSlots(b, 'test', 400);
    const release = await slotsA.tryAcquire('user:1');
    expect(release).not.toBeNull();
    expect(await slotsB.tryAcquire('user:1')).toBeNull();
    expect(await slotsB.tryAcquire('user:2')).not.toBeNull();
    // The holder keeps renewing: still taken well after its first expiry.
    await new Promise((r) => setTimeout(r, 700));
    expect(await slotsB.tryAcquire('user:1')).toBeNull();
    release!();
    await new Promise((r) => setTimeout(r, 50));
    const again = await slotsB.tryAcquire('user:1');
    expect(again).not.toBeNull();

    // A holder whose process is gone stops renewing; the slot expires on its own.
    const doomed = connectRedis(server.url, 'commands');
    expect(await whenReady(doomed)).toBe(true);
    const lost = await new RedisSlots(doomed, 'test', 300).tryAcquire('user:3');
    expect(lost).not.toBeNull();
    doomed.disconnect();
    expect(await slotsA.tryAcquire('user:3')).toBeNull();
    await new Promise((r) => setTimeout(r, 450));
    expect(await slotsA.tryAcquire('user:3')).not.toBeNull();
  });

  it('counts a sliding window across connections and says how long to wait', async () => {
    const windowA = new RedisWindow(a, 'test', 2, 60_000);
    const windowB = new RedisWindow(b, 'test', 2, 60_000);
    expect(await windowA.take('k', 'check')).toBe(0);
    expect(await windowA.take('k', 'record')).toBe(0);
    expect(await windowB.take('k', 'record')).toBe(0);
    const wait = await windowA.take('k', 'record');
    expect(wait).toBeGreaterThan(58_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await windowB.take('other', 'record')).toBe(0);
  });

  it('fails fast with RedisUnavailableError while Redis is away, and works again when it is back', async () => {
    const lru = new RedisBlobLru(a, { name: 'test-outage', maxBytes: 1000, ttlMs: 60_000 });
    await server.pause();
    // No offline queue: these reject at once instead of waiting for Redis to return.
    await expect(lru.get('x')).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(new RedisSlots(b, 'test').tryAcquire('u')).rejects.toBeInstanceOf(RedisUnavailableError);
    await server.resume();
    expect(await whenReady(a)).toBe(true);
    await lru.set('x', Buffer.from('back'));
    expect((await lru.get('x'))?.toString()).toBe('back');
  });
});
