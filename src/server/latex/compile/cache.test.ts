import { describe, expect, it } from 'vitest';
import { CompileCache, cacheKey, workspaceKey } from './cache.js';
import { inputFilesDigest } from './input-files.js';

const entry = (bytes: number) => ({ status: 'success' as const, pdf: Buffer.alloc(bytes), log: '', errors: [] });

describe('CompileCache', () => {
  it('keys by program and source', () => {
    expect(cacheKey('pdflatex', 'a')).toBe(cacheKey('pdflatex', 'a'));
    expect(cacheKey('pdflatex', 'a')).not.toBe(cacheKey('xelatex', 'a'));
    expect(cacheKey('pdflatex', 'a')).not.toBe(cacheKey('pdflatex', 'b'));
    expect(cacheKey('pdflatex', 'a')).toMatch(/^[0-9a-f]{64}$/);
    // One owner's entries never answer another's.
    expect(cacheKey('pdflatex', 'a', '', 'user:1')).not.toBe(cacheKey('pdflatex', 'a', '', 'user:2'));
    expect(cacheKey('pdflatex', 'a', '', 'user:1')).not.toBe(cacheKey('pdflatex', 'a'));
    expect(cacheKey('pdflatex', 'a', '', 'user:1')).toBe(cacheKey('pdflatex', 'a', '', 'user:1'));
  });

  it('keys by the extra files: their names and contents, not their order', () => {
    const png = { name: 'img-1.png', bytes: Buffer.from('one') };
    const jpg = { name: 'img-2.jpg', bytes: Buffer.from('two') };
    const key = (files: Array<{ name: string; bytes: Buffer }>) => cacheKey('pdflatex', 'a', inputFilesDigest(files));
    expect(key([])).toBe(cacheKey('pdflatex', 'a'));
    expect(key([png, jpg])).toBe(key([jpg, png]));
    expect(key([png])).not.toBe(cacheKey('pdflatex', 'a'));
    expect(key([png])).not.toBe(key([{ ...png, bytes: Buffer.from('ONE') }]));
    expect(key([png])).not.toBe(key([{ ...png, name: 'img-3.png' }]));
  });

  it('scopes a key to a workspace', () => {
    const key = cacheKey('pdflatex', 'a');
    expect(workspaceKey(key, 'doc:1:2')).not.toBe(key);
    expect(workspaceKey(key, 'doc:1:2')).not.toBe(workspaceKey(key, 'doc:2:2'));
    expect(workspaceKey(key, 'doc:1:2')).toBe(workspaceKey(key, 'doc:1:2'));
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
