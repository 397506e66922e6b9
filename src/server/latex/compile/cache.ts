// Finished compiles keyed by sha256(owner + program + source + input files): an identical request
// of the same owner gets the stored result without running TeX. The owner (a user) is part of the
// key so that no answer (`cached`, nor its speed) tells one user what another compiled. A compile
// that reused a workspace's kept auxiliary files is stored under a key scoped to that workspace. In
// memory, least recently used first out, bounded by total PDF + SyncTeX + log bytes; with Redis,
// redis-cache.ts keeps the same entries for every process behind the same CompileResultCache.
import { createHash } from 'node:crypto';
import { ByteLru } from '../../memory/byte-lru.js';
import type { CompileResult, TexProgram } from './types.js';

/** `filesDigest` is inputFilesDigest() of the extra files ('' without any); `owner` '' is the shared one. */
export function cacheKey(program: TexProgram, source: string, filesDigest = '', owner = ''): string {
  const hash = createHash('sha256').update(program).update('\0').update(source);
  if (filesDigest) hash.update('\0files\0').update(filesDigest);
  if (owner) hash.update('\0owner\0').update(owner);
  return hash.digest('hex');
}

/** The key of a compile in one workspace (its kept files may shape the output). */
export function workspaceKey(key: string, workspace: string): string {
  return createHash('sha256').update(key).update('\0workspace\0').update(workspace).digest('hex');
}

export type Cached = Pick<CompileResult, 'status' | 'pdf' | 'pdfHash' | 'synctex' | 'log' | 'errors' | 'warnings'>;

/** Where finished compiles are kept: this process's memory, or Redis shared by every process. */
export interface CompileResultCache {
  get(key: string): Promise<Cached | undefined>;
  set(key: string, value: Cached): Promise<void>;
  /** Lets go of what this process holds (the shared cache stays for the others). */
  close(): Promise<void>;
}

export function memoryResultCache(maxBytes: number): CompileResultCache {
  const cache = new CompileCache(maxBytes);
  return {
    get: async (key) => cache.get(key),
    set: async (key, value) => cache.set(key, value),
    close: async () => cache.clear(),
  };
}

/** Finished compiles in this process, bounded by their PDF + SyncTeX + log bytes. */
export class CompileCache {
  private readonly lru: ByteLru<Cached>;

  constructor(maxBytes: number) {
    this.lru = new ByteLru(maxBytes);
  }

  get(key: string): Cached | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: Cached): void {
    this.lru.set(key, value, (value.pdf?.length ?? 0) + (value.synctex?.length ?? 0) + value.log.length * 2 + 256);
  }

  get size(): number {
    return this.lru.size;
  }

  clear(): void {
    this.lru.clear();
  }
}
