// The history page's list without a database round trip: each web process keeps, per user, the
// first page of their history as the JSON it answered with, and forgets a user's the moment the
// database announces a change to one of their documents or stored PDFs (drizzle/0008_document_changes.sql:
// triggers on both tables, NOTIFY on commit; heard by every process: db/notifications.ts). So a new
// document, a compile, a rename or a deletion shows in every process as soon as it is committed.
// While the notifications may have gaps, nothing kept is used. A list read while a change to its
// user was announced is answered but not kept (it may predate the change), and requests arriving
// after the announcement do not share it. Concurrent first requests of one user share one read.
// Entries also go after MAX_AGE_MS whatever happens, and past MAX_CHARS the oldest go. Searches are
// never kept (docs/decisions/0014-history-kept-per-process.md).

export const HISTORY_CHANNEL = 'latexgen_history';
/** Characters of kept JSON at most (a full first page of 500 documents is about 100,000). */
const MAX_CHARS = 32 * 1024 * 1024;
/** Longest an entry is used (a safety net: announcements are what keeps entries true). */
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  json: string;
  storedAt: number;
}

interface Read {
  promise: Promise<string>;
  /** False once a change to the user (or a gap) was announced while it ran: not kept, not shared. */
  current: boolean;
}

export interface HistoryCache {
  /** The user's history as JSON: kept, or read by `load` (and kept when nothing changed meanwhile). */
  json(userId: number, load: () => Promise<string>, nowMs?: number): Promise<string>;
  /** A change to one of this user's documents was announced. */
  forgetUser(userId: number): void;
  /** Announcements may be missed (false) or arrive again (true). */
  setLive(live: boolean): void;
  readonly stats: { hits: number; misses: number; size: number; chars: number };
}

export function createHistoryCache(options: { maxChars?: number } = {}): HistoryCache {
  const maxChars = options.maxChars ?? MAX_CHARS;
  const entries = new Map<number, Entry>();
  const reads = new Map<number, Read>();
  let chars = 0;
  let live = false;
  const stats = { hits: 0, misses: 0 };

  function drop(userId: number): void {
    const entry = entries.get(userId);
    if (!entry) return;
    chars -= entry.json.length;
    entries.delete(userId);
  }

  function keep(userId: number, json: string, nowMs: number): void {
    drop(userId);
    if (json.length > maxChars) return;
    for (const oldest of entries.keys()) {
      if (chars + json.length <= maxChars) break;
      drop(oldest);
    }
    entries.set(userId, { json, storedAt: nowMs });
    chars += json.length;
  }

  function stopReads(): void {
    for (const read of reads.values()) read.current = false;
    reads.clear();
  }

  return {
    json(userId, load, nowMs = Date.now()) {
      const entry = live ? entries.get(userId) : undefined;
      if (entry && nowMs - entry.storedAt < MAX_AGE_MS) {
        stats.hits++;
        return Promise.resolve(entry.json);
      }
      drop(userId);
      stats.misses++;
      const running = reads.get(userId);
      if (running) return running.promise;
      const read: Read = { promise: Promise.resolve(''), current: live };
      read.promise = load().then(
        (json) => {
          if (reads.get(userId) === read) reads.delete(userId);
          if (read.current && live) keep(userId, json, nowMs);
          return json;
        },
        (err: unknown) => {
          if (reads.get(userId) === read) reads.delete(userId);
          throw err;
        },
      );
      if (read.current) reads.set(userId, read);
      return read.promise;
    },
    forgetUser(userId) {
      drop(userId);
      const read = reads.get(userId);
      if (read) read.current = false;
      reads.delete(userId);
    },
    setLive(next) {
      entries.clear();
      chars = 0;
      stopReads();
      live = next;
    },
    get stats() {
      return { ...stats, size: entries.size, chars };
    },
  };
}
