// One least-recently-used store bounded by bytes, in this process's memory: the finished compiles
// (compile/cache.ts), the PDFs users were given (pdf-store.ts) and the workspaces' kept auxiliary
// files (compile/kept-files.ts) all keep their entries in it. A Map keeps insertion order, so its
// first entry is the least recently used; every operation is O(1) but eviction, which is
// amortised O(1) per entry set. With Redis the shared counterpart is redis/blob-lru.ts.

export interface ByteLruOptions {
  /** An entry unused this long is gone (none: entries stay until evicted by size). */
  ttlMs?: number;
  now?: () => number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  usedAt: number;
}

export class ByteLru<V> {
  private readonly entries = new Map<string, Slot<V>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(
    private readonly maxBytes: number,
    private readonly options: ByteLruOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The value, marked as just used; undefined when absent or expired. */
  get(key: string): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    if (this.expired(slot, this.now())) {
      this.delete(key);
      return undefined;
    }
    slot.usedAt = this.now();
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.value;
  }

  /** Stores the value as `bytes` long (replacing the key's entry), then evicts; false when it alone is too large. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, bytes, usedAt: this.now() });
    this.bytes += bytes;
    this.evict();
    return true;
  }

  delete(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    this.entries.delete(key);
    this.bytes -= slot.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private expired(slot: Slot<V>, now: number): boolean {
    return this.options.ttlMs !== undefined && now - slot.usedAt > this.options.ttlMs;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, slot] of this.entries) {
      if (this.bytes <= this.maxBytes && !this.expired(slot, now)) break;
      this.delete(key);
    }
  }
}
