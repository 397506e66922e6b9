// Client-side session (docs/product.md, Session): who is signed in, their tier and usage, and the
// checks that keep it fresh — about 100 ms after start, every 120 s, on window focus and when the
// page becomes visible. A 401 is retried twice at 1 s; any other failure means signed out.
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { MeResponseSchema, type PublicUser } from '../../shared/api/auth';
import { allowanceFor, DEFAULT_TIER, DEFAULT_USAGE_LIMIT, type Tier } from '../../shared/plans';
import { apiRequest, JSON_HEADERS, setSessionRecheck } from './api';
import { clearAllStorage, clearLoginFlags, hasLoginFlag } from './storage';

export interface Usage {
  current: number;
  limit: number;
  resetDate: string | null;
}

export interface SessionState {
  user: PublicUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  tier: Tier;
  usage: Usage;
  refillPackCredits: number;
  lastAuthCheck: number | null;
}

export const SESSION_TIMING = {
  firstCheckMs: 100,
  pollMs: 120_000,
  retryDelayMs: 1_000,
  retries401: 2,
  /** Without a stored login flag the visitor is almost surely signed out: stop loading early. */
  quickFailsafeMs: 200,
  /** Whatever happens, never show 'Loading...' for longer than this. */
  hardFailsafeMs: 5_000,
} as const;

export function signedOutState(isLoading = false): SessionState {
  return {
    user: null,
    isAuthenticated: false,
    isLoading,
    tier: DEFAULT_TIER,
    usage: { current: 0, limit: DEFAULT_USAGE_LIMIT, resetDate: null },
    refillPackCredits: 0,
    lastAuthCheck: null,
  };
}

export function signedInState(user: PublicUser, usageLimit: number | null | undefined): SessionState {
  return {
    user,
    isAuthenticated: true,
    isLoading: false,
    tier: user.subscriptionTier,
    usage: {
      current: user.monthlyUsage,
      limit: usageLimit ?? allowanceFor(user.subscriptionTier),
      resetDate: user.usageResetDate,
    },
    refillPackCredits: user.refillPackCredits,
    lastAuthCheck: Date.now(),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Holds the session outside React so API helpers can recheck it; components read it by hook. */
export class SessionStore {
  private state: SessionState;
  private listeners = new Set<() => void>();
  private inflight: Promise<boolean> | null = null;
  /** Counts sign-ins; a check that started before one must not undo it with its stale answer. */
  private signIns = 0;
  /** The page is being left: requests it aborts say nothing about the session. */
  private leaving = false;

  constructor(initial: SessionState = signedOutState(true)) {
    this.state = initial;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionState => this.state;

  private set(next: SessionState): void {
    this.state = next;
    for (const l of this.listeners) l();
  }

  setAuthenticated(user: PublicUser, usageLimit?: number | null): void {
    this.set(signedInState(user, usageLimit));
  }

  /** A sign-in (login, or registration that signed in): wins over checks already in flight. */
  signedIn(user: PublicUser, usageLimit?: number | null): void {
    this.signIns += 1;
    this.setAuthenticated(user, usageLimit);
  }

  /** Set on pagehide, cleared on pageshow (the back-forward cache can bring the page back). */
  setLeaving(leaving: boolean): void {
    this.leaving = leaving;
  }

  setSignedOut(): void {
    this.set({ ...signedOutState(false), lastAuthCheck: Date.now() });
  }

  stopLoading(): void {
    if (this.state.isLoading) this.set({ ...this.state, isLoading: false });
  }

  /** Applies usage numbers from a generate response or similar. */
  updateUsage(patch: Partial<Usage> & { refillPackCredits?: number }): void {
    const { refillPackCredits, ...usage } = patch;
    const user = this.state.user
      ? {
          ...this.state.user,
          ...(usage.current !== undefined ? { monthlyUsage: usage.current } : {}),
          ...(refillPackCredits !== undefined ? { refillPackCredits } : {}),
        }
      : null;
    this.set({
      ...this.state,
      user,
      usage: { ...this.state.usage, ...usage },
      refillPackCredits: refillPackCredits ?? this.state.refillPackCredits,
    });
  }

  /** Asks the server who is signed in. Concurrent calls share one check. Resolves to isAuthenticated. */
  check = (): Promise<boolean> => {
    if (this.inflight) return this.inflight;
    this.inflight = this.runCheck().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  };

  private async runCheck(): Promise<boolean> {
    const signInsAtStart = this.signIns;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch('/api/auth/me', { credentials: 'include', headers: { ...JSON_HEADERS } });
        if (res.ok) {
          const data = MeResponseSchema.parse(await res.json());
          this.setAuthenticated(data.user, data.usageLimit);
          return true;
        }
        if (res.status === 401 && attempt < SESSION_TIMING.retries401) {
          await sleep(SESSION_TIMING.retryDelayMs);
          continue;
        }
      } catch (err) {
        console.warn('Session check failed; treating the visitor as signed out.', err);
      }
      // A navigation that aborted the request, or a sign-in that happened meanwhile, is not an
      // answer about the session: clearing the login flag then would sign a person out.
      if (this.leaving || this.signIns !== signInsAtStart) return this.state.isAuthenticated;
      clearLoginFlags();
      this.setSignedOut();
      return false;
    }
  }

  /** Logout (docs/product.md, Session): post, reset to signed-out free tier, clear storage, reload to /. */
  async logout(): Promise<void> {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (err) {
      console.warn('Logout request failed; signing out locally.', err);
    }
    this.set({ ...signedOutState(false), usage: { current: 0, limit: DEFAULT_USAGE_LIMIT, resetDate: null } });
    clearAllStorage();
    window.location.assign('/');
  }
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({
  store,
  autoCheck = true,
  children,
}: {
  store: SessionStore;
  /** Tests turn the timers off and set the state directly. */
  autoCheck?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    setSessionRecheck(store.check);
    if (!autoCheck) return () => setSessionRecheck(null);
    const first = setTimeout(() => void store.check(), SESSION_TIMING.firstCheckMs);
    const poll = setInterval(() => void store.check(), SESSION_TIMING.pollMs);
    const quick = setTimeout(() => {
      if (!hasLoginFlag()) store.stopLoading();
    }, SESSION_TIMING.quickFailsafeMs);
    const hard = setTimeout(() => store.stopLoading(), SESSION_TIMING.hardFailsafeMs);
    const onPageHide = () => store.setLeaving(true);
    const onPageShow = () => store.setLeaving(false);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    const onFocus = () => void store.check();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void store.check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(first);
      clearInterval(poll);
      clearTimeout(quick);
      clearTimeout(hard);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      setSessionRecheck(null);
    };
  }, [store, autoCheck]);

  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession must be used inside <SessionProvider>');
  return store;
}

/**
 * True only when the visitor is known to be signed out: a session check answered so, or loading
 * ended and nobody ever signed in on this browser. The 5 s failsafe alone does not count: on a slow
 * connection a signed-in person must not be sent away from a page before the server has answered.
 */
export function isKnownSignedOut(state: SessionState): boolean {
  return !state.isLoading && !state.isAuthenticated && (state.lastAuthCheck !== null || !hasLoginFlag());
}

export function useSession(): SessionState & { store: SessionStore; isSignedOut: boolean } {
  const store = useSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(() => ({ ...state, store, isSignedOut: isKnownSignedOut(state) }), [state, store]);
}
