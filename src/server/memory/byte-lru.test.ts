import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used first when the bytes run over, counting a read as a use', () => {
    const lru = new ByteLru<string>(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 40);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.totalBytes).toBe(80);
  });

  it('refuses an entry larger than the whole store, replaces a key with its new size, and deletes', () => {
    const lru = new ByteLru<string>(100);
    expect(lru.set('huge', 'H', 101)).toBe(false);
    expect(lru.size).toBe(0);
    lru.set('a', 'A', 30);
    lru.set('a', 'A2', 50);
    expect(lru.totalBytes).toBe(50);
    expect(lru.get('a')).toBe('A2');
    lru.delete('a');
    expect(lru.totalBytes).toBe(0);
  });

  it('forgets an entry unused longer than its time to live, and evicts expired ones first', () => {
    let now = 0;
    const lru = new ByteLru<string>(100, { ttlMs: 10, now: () => now });
    lru.set('a', 'A', 10);
    now = 5;
    expect(lru.get('a')).toBe('A');
    now = 14;
    expect(lru.get('a')).toBe('A');
    now = 25;
    expect(lru.get('a')).toBeUndefined();
    lru.set('b', 'B', 10);
    now = 40;
    lru.set('c', 'C', 10);
    expect(lru.size).toBe(1);
  });
});
