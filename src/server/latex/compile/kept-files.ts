// Auxiliary files kept between compiles of one owner's document, as Overleaf keeps a compile
// directory: the table of contents, labels and slide numbers that a successful compile wrote are
// copied into the next job of the same workspace, so an edit that moves no heading needs one pass.
// Only TeX's own outputs of a fixed list of names are kept, each capped in size; a workspace
// expires when unused and the least recently used go first when the store is full. The store
// never touches a job directory itself: the runner copies the files in and reads them out. With a
// shared compile queue the next job may run on another worker, so redis-kept-files.ts keeps the
// same files in Redis behind the same KeptFileBackend.
import { ByteLru } from '../../memory/byte-lru.js';

export const KEPT_EXTENSIONS = ['aux', 'toc', 'lof', 'lot', 'out', 'nav', 'snm'] as const;
export const KEPT_NAMES: readonly string[] = KEPT_EXTENSIONS.map((ext) => `main.${ext}`);

/** Files TeX reads back on the next pass; a change in any of them means another pass. */
export const PASS_INPUTS: readonly string[] = ['main.toc', 'main.lof', 'main.lot', 'main.out', 'main.nav'];

export type KeptFiles = ReadonlyMap<string, Buffer>;

export interface KeptFileLimits {
  /** Largest single file kept (bytes). */
  maxFileBytes: number;
  /** Largest set of files per workspace (bytes). */
  maxWorkspaceBytes: number;
  /** All workspaces together (bytes). */
  maxTotalBytes: number;
  /** A workspace unused this long is dropped (ms). */
  ttlMs: number;
}

export const DEFAULT_KEPT_FILE_LIMITS: KeptFileLimits = {
  maxFileBytes: 2 << 20,
  maxWorkspaceBytes: 4 << 20,
  maxTotalBytes: 64 << 20,
  ttlMs: 60 * 60_000,
};

/** Where a worker finds and leaves a workspace's kept files. */
export interface KeptFileBackend {
  get(workspace: string): Promise<KeptFiles>;
  set(workspace: string, outputs: KeptFiles): Promise<void>;
  drop(workspace: string): Promise<void>;
  /** Workspaces and bytes held in this process (0 when they live elsewhere). */
  stats(): { workspaces: number; bytes: number };
  clear(): void;
}

/** The files of a job's outputs that may be kept: known names, each and all within the limits. */
export function selectKeptFiles(outputs: KeptFiles, limits: KeptFileLimits): { files: Map<string, Buffer>; bytes: number } {
  const files = new Map<string, Buffer>();
  let bytes = 0;
  for (const name of KEPT_NAMES) {
    const content = outputs.get(name);
    if (!content || content.length > limits.maxFileBytes) continue;
    if (bytes + content.length > limits.maxWorkspaceBytes) continue;
    files.set(name, content);
    bytes += content.length;
  }
  return { files, bytes };
}

export function memoryKeptFiles(limits: KeptFileLimits): KeptFileBackend {
  const store = new KeptFileStore(limits);
  return {
    get: async (workspace) => store.get(workspace),
    set: async (workspace, outputs) => store.set(workspace, outputs),
    drop: async (workspace) => store.drop(workspace),
    stats: () => ({ workspaces: store.size, bytes: store.totalBytes }),
    clear: () => store.clear(),
  };
}

export class KeptFileStore {
  private readonly lru: ByteLru<KeptFiles>;

  constructor(
    private readonly limits: KeptFileLimits = DEFAULT_KEPT_FILE_LIMITS,
    now: () => number = Date.now,
  ) {
    this.lru = new ByteLru(limits.maxTotalBytes, { ttlMs: limits.ttlMs, now });
  }

  /** The files kept for this workspace, or an empty map. */
  get(workspace: string): KeptFiles {
    return this.lru.get(workspace) ?? new Map();
  }

  /** Replaces the workspace's files with a job's outputs; oversized files are left out. */
  set(workspace: string, outputs: KeptFiles): void {
    const { files, bytes } = selectKeptFiles(outputs, this.limits);
    if (files.size === 0) this.lru.delete(workspace);
    else this.lru.set(workspace, files, bytes);
  }

  /** Forgets a workspace (its files made a compile fail, or it was deleted). */
  drop(workspace: string): void {
    this.lru.delete(workspace);
  }

  get size(): number {
    return this.lru.size;
  }

  get totalBytes(): number {
    return this.lru.totalBytes;
  }

  clear(): void {
    this.lru.clear();
  }
}
