import { describe, expect, it } from 'vitest';
import { CompileCache, cacheKey } from './cache.js';

const entry = (bytes: number) => ({ status: 'success' as const, pdf: Buffer.alloc(bytes), log: '', errors: [] });

describe('CompileCache', () => {
  it('keys by program and source', () => {
    expect(cacheKey('pdflatex', 'a')).toBe(cacheKey('pdflatex', 'a'));
    expect(cacheKey('pdflatex', 'a')).not.toBe(cacheKey('xelatex', 'a'));
    expect(cacheKey('pdflatex', 'a')).not.toBe(cacheKey('pdflatex', 'b'));
    expect(cacheKey('pdflatex', 'a')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new CompileCache(3000);
    cache.set('a', entry(1000));
    cache.set('b', entry(1000));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', entry(1000));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('skips entries larger than the whole budget, and stores nothing with a zero budget', () => {
    const cache = new CompileCache(500);
    cache.set('big', entry(1000));
    expect(cache.size).toBe(0);
    const off = new CompileCache(0);
    off.set('x', entry(0));
    expect(off.size).toBe(0);
  });
});
