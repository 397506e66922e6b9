import { describe, expect, it } from 'vitest';
import { KeptFileStore } from './kept-files.js';

const files = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([name, bytes]) => [name, Buffer.alloc(bytes, 1)]));
const limits = { maxFileBytes: 100, maxWorkspaceBytes: 150, maxTotalBytes: 300, ttlMs: 60_000 };

describe('KeptFileStore', () => {
  it('keeps only TeX auxiliary outputs by their fixed names, each and all within the caps', () => {
    const store = new KeptFileStore(limits);
    store.set('w', files({ 'main.aux': 80, 'main.toc': 101, 'main.tex': 10, 'img-1.png': 10, 'main.out': 60, 'main.nav': 60 }));
    // main.toc is over the file cap; main.nav would pass the workspace cap; the others are not kept names.
    expect([...store.get('w').keys()]).toEqual(['main.aux', 'main.out']);
    expect(store.totalBytes).toBe(140);
  });

  it('keeps each workspace apart and replaces a workspace as a whole', () => {
    const store = new KeptFileStore(limits);
    store.set('a', files({ 'main.aux': 10, 'main.toc': 10 }));
    store.set('b', files({ 'main.aux': 20 }));
    expect([...store.get('a').keys()]).toEqual(['main.aux', 'main.toc']);
    expect(store.get('b').get('main.aux')?.length).toBe(20);
    store.set('a', files({ 'main.aux': 5 }));
    expect([...store.get('a').keys()]).toEqual(['main.aux']);
    expect(store.get('c').size).toBe(0);
    expect(store.totalBytes).toBe(25);
  });

  it('forgets workspaces unused for the time limit, and the least recently used beyond the total cap', () => {
    let now = 0;
    const store = new KeptFileStore(limits, () => now);
    store.set('old', files({ 'main.aux': 100 }));
    now += 30_000;
    store.set('mid', files({ 'main.aux': 100 }));
    store.get('old'); // now the most recently used
    store.set('new', files({ 'main.aux': 100 }));
    store.set('newest', files({ 'main.aux': 100 }));
    expect(store.get('mid').size).toBe(0);
    expect(store.get('old').size).toBe(1);
    now += 61_000;
    expect(store.get('old').size).toBe(0);
    store.drop('new');
    expect(store.get('new').size).toBe(0);
  });
});
