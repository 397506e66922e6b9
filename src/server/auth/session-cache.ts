// The signed-in user of a request without a database round trip: each web process keeps the
// sessions it has looked up (session id → the user's row and the session's expiry), and forgets a
// user's sessions the moment the database announces a change to that user or to one of their
// sessions (drizzle/0007_account_changes.sql: a trigger on both tables, NOTIFY on commit; heard by
// every process: db/notifications.ts). So a sign-out, a password change, an email change, a plan or
// usage change reach every process as soon as they are committed. While the notifications may have
// gaps (the listening connection closed), nothing kept is used and every lookup asks the database.
// A lookup that was running when a change was announced is not kept (it may have read the row
// before the change). Entries also expire with their session, after MAX_AGE_MS whatever happens,
// and past MAX_ENTRIES the oldest go. Sessions not found are never kept (a guessed token costs a
// query, and cannot fill the memory).
import type { UserRow } from '../db/schema.js';

export const ACCOUNT_CHANNEL = 'latexgen_account';
const MAX_ENTRIES = 20_000;
/** Longest an entry is used (a safety net: announcements are what keeps entries true). */
const MAX_AGE_MS = 5 * 60_000;

export interface SessionFound {
  user: UserRow;
  expiresAtMs: number;
}

interface Entry extends SessionFound {
  storedAt: number;
}

export interface SessionCache {
  /** The session's user (a copy: callers may not change what others get), or null. */
  user(sessionId: string, nowMs: number): Promise<UserRow | null>;
  /** A change to this user or their sessions was announced. */
  forgetUser(userId: number): void;
  /** This process ended the session (the announcement follows). */
  forgetSession(sessionId: string): void;
  /** Announcements may be missed (false) or arrive again (true). */
  setLive(live: boolean): void;
  readonly stats: { hits: number; misses: number; size: number };
}

export function createSessionCache(load: (sessionId: string, nowMs: number) => Promise<SessionFound | null>, options: { maxEntries?: number } = {}): SessionCache {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  let live = false;
  /** Counts announcements (and gaps): a lookup that saw it move keeps nothing. */
  let changes = 0;
  const stats = { hits: 0, misses: 0, size: 0 };

  function remove(sessionId: string, entry: Entry): void {
    entries.delete(sessionId);
    const ids = byUser.get(entry.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) byUser.delete(entry.user.id);
  }

  function keep(sessionId: string, found: SessionFound, nowMs: number): void {
    if (entries.size >= maxEntries) {
      const [oldestId, oldest] = entries.entries().next().value as [string, Entry];
      remove(oldestId, oldest);
    }
    entries.set(sessionId, { ...found, storedAt: nowMs });
    let ids = byUser.get(found.user.id);
    if (!ids) byUser.set(found.user.id, (ids = new Set()));
    ids.add(sessionId);
  }

  function forgetAll(): void {
    changes++;
    entries.clear();
    byUser.clear();
  }

  return {
    async user(sessionId, nowMs) {
      const entry = live ? entries.get(sessionId) : undefined;
      if (entry && entry.expiresAtMs > nowMs && nowMs - entry.storedAt < MAX_AGE_MS) {
        stats.hits++;
        return { ...entry.user };
      }
      if (entry) remove(sessionId, entry);
      stats.misses++;
      const before = changes;
      const found = await load(sessionId, nowMs);
      if (!found) return null;
      if (live && changes === before) keep(sessionId, found, nowMs);
      return { ...found.user };
    },
    forgetUser(userId) {
      changes++;
      const ids = byUser.get(userId);
      if (!ids) return;
      for (const id of ids) entries.delete(id);
      byUser.delete(userId);
    },
    forgetSession(sessionId) {
      changes++;
      const entry = entries.get(sessionId);
      if (entry) remove(sessionId, entry);
    },
    setLive(next) {
      forgetAll();
      live = next;
    },
    get stats() {
      return { ...stats, size: entries.size };
    },
  };
}
