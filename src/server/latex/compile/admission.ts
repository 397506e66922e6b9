// Per-user admission for compiles: one compile at a time per user key (CompileUserBusyError →
// 429) and a per-minute budget (CompileRateLimitError → 429). Background compiles started by the
// server itself never pass through here, so they cost the user nothing. UserAdmission holds them in
// this process; redis-admission.ts holds the same limits in Redis for every process.
import { CompileRateLimitError, CompileServiceClosedError, CompileUserBusyError } from './errors.js';

export interface AdmissionOptions {
  ratePerMinute: number;
  now?: () => number;
}

export const WINDOW_MS = 60_000;
export const DEFAULT_COMPILES_PER_MINUTE = 30;

/** The per-user gate in front of the scheduler, in this process or shared through Redis. */
export interface CompileAdmission {
  /** Claims the user's slot (see UserAdmission.admit); resolves to the release function. */
  admit(userKey: string | undefined): Promise<() => void>;
  close(): void;
}

export function localAdmission(options: AdmissionOptions): CompileAdmission {
  const admission = new UserAdmission(options);
  return { admit: async (userKey) => admission.admit(userKey), close: () => admission.close() };
}

export class UserAdmission {
  private readonly activeUsers = new Set<string>();
  private readonly recent = new Map<string, number[]>();
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Claims the per-user slot and counts the request against the user's minute budget; throws
   * CompileRateLimitError or CompileUserBusyError. Call the returned function when done.
   */
  admit(userKey: string | undefined): () => void {
    if (this.closed) throw new CompileServiceClosedError();
    if (userKey === undefined) return () => {};
    const now = this.now();
    const stamps = (this.recent.get(userKey) ?? []).filter((t) => now - t < WINDOW_MS);
    if (stamps.length >= this.options.ratePerMinute) {
      const oldest = stamps[0] ?? now;
      this.recent.set(userKey, stamps);
      throw new CompileRateLimitError(Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)));
    }
    if (this.activeUsers.has(userKey)) throw new CompileUserBusyError();
    stamps.push(now);
    this.recent.set(userKey, stamps);
    this.activeUsers.add(userKey);
    this.pruneRecent(now);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.activeUsers.delete(userKey);
    };
  }

  close(): void {
    this.closed = true;
  }

  private pruneRecent(now: number): void {
    if (this.recent.size < 10_000) return;
    for (const [key, stamps] of this.recent) {
      if (stamps.every((t) => now - t >= WINDOW_MS)) this.recent.delete(key);
    }
  }
}
