// The session as TanStack Query state: the query `['me']` asks the server who is signed in, and its
// options carry the product's timings (poll every 120 s, refetch on focus and visibility, a 401
// retried twice at 1 s). Sign-in, usage updates and logout write the same query, so every part of
// the page reads one source. The controller is what code outside React (API helpers, callbacks)
// uses; the provider in session.tsx owns the one observer that polls.
import { QueryClient, queryOptions as defineQuery, type Query, type QueryState } from '@tanstack/react-query';
import { MeResponseSchema, type MeResponse, type PublicUser } from '../../shared/api/auth';
import { allowanceFor, DEFAULT_TIER, DEFAULT_USAGE_LIMIT, type Tier } from '../../shared/plans';
import { apiErrorFrom, apiRequest, isApiError, JSON_HEADERS } from './api';
import { clearAllStorage, clearLoginFlags, hasLoginFlag } from './storage';

export const ME_QUERY_KEY = ['me'] as const;

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

/** The query's data: who the server says is signed in, or null once known to be signed out. */
export type MeAnswer = MeResponse | null;

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
  /** When the server last answered (ms since the epoch); null before any answer. */
  lastAuthCheck: number | null;
}

/**
 * A check the page aborted while being left (navigation, reload): it says nothing about the
 * session, so it neither signs the person out nor clears the stored login flag.
 */
export class PageLeftError extends Error {
  constructor() {
    super('The session check was interrupted by leaving the page.');
    this.name = 'PageLeftError';
  }
}

export function signedOutState(isLoading = false, lastAuthCheck: number | null = null): SessionState {
  return {
    user: null,
    isAuthenticated: false,
    isLoading,
    tier: DEFAULT_TIER,
    usage: { current: 0, limit: DEFAULT_USAGE_LIMIT, resetDate: null },
    refillPackCredits: 0,
    lastAuthCheck,
  };
}

export function signedInState(user: PublicUser, usageLimit: number | null | undefined, at: number = Date.now()): SessionState {
  return {
    user,
    isAuthenticated: true,
    isLoading: false,
    tier: user.subscriptionTier,
    usage: { current: user.monthlyUsage, limit: usageLimit ?? allowanceFor(user.subscriptionTier), resetDate: user.usageResetDate },
    refillPackCredits: user.refillPackCredits,
    lastAuthCheck: at,
  };
}

type MeQueryState = Pick<QueryState<MeAnswer, Error>, 'status' | 'data' | 'error' | 'dataUpdatedAt' | 'errorUpdatedAt'>;

/**
 * The session a query state means. A failed check (after its retries) is "signed out"; a check
 * interrupted by leaving the page is no answer at all. Until the first answer the session is
 * loading, unless the failsafe gave up waiting.
 */
export function sessionFromQuery(q: MeQueryState | undefined, loadingGaveUp: boolean): SessionState {
  if (q?.status === 'error' && !(q.error instanceof PageLeftError)) return signedOutState(false, q.errorUpdatedAt);
  if (q?.data) return signedInState(q.data.user, q.data.usageLimit, q.dataUpdatedAt);
  if (q?.data === null) return signedOutState(false, q.dataUpdatedAt);
  return signedOutState(!loadingGaveUp);
}

/**
 * True only when the visitor is known to be signed out: a session check answered so, or loading
 * ended and nobody ever signed in on this browser. The 5 s failsafe alone does not count: on a slow
 * connection a signed-in person must not be sent away from a page before the server has answered.
 */
export function isKnownSignedOut(state: SessionState): boolean {
  return !state.isLoading && !state.isAuthenticated && (state.lastAuthCheck !== null || !hasLoginFlag());
}

const isMeQuery = (query: Query): boolean => query.queryKey[0] === ME_QUERY_KEY[0] && query.queryKey.length === 1;

export interface SessionController {
  /** The options of the `['me']` query, timings included. */
  readonly queryOptions: ReturnType<typeof meQueryOptions>;
  /** The session now (isLoading is the query's view: no failsafe outside React). */
  snapshot(): SessionState;
  /** Asks the server now; concurrent calls share one request. Resolves to isAuthenticated. */
  check(): Promise<boolean>;
  /**
   * The session, once the server has answered at least once: at once when it already has;
   * otherwise after one request of its own, without the check's 401 retries, so that a click in
   * the page's first moments neither treats a signed-in person as a visitor nor keeps a visitor
   * waiting 2 s.
   */
  known(): Promise<SessionState>;
  /** A sign-in (login, or registration that signed in): wins over checks already in flight. */
  signedIn(user: PublicUser, usageLimit?: number | null): void;
  /** Applies usage numbers from a generate answer or similar. */
  updateUsage(patch: Partial<Usage> & { refillPackCredits?: number }): void;
  /** Set on pagehide, cleared on pageshow (the back-forward cache can bring the page back). */
  setLeaving(leaving: boolean): void;
  /** Posts the logout, resets to the signed-out free tier, clears storage and reloads to /. */
  logout(): Promise<void>;
}

/** One ask of the server: who is signed in. Throws an ApiError for an answer other than 2xx. */
async function requestMe(signal?: AbortSignal): Promise<MeResponse> {
  const res = await fetch('/api/auth/me', { credentials: 'include', headers: { ...JSON_HEADERS }, signal });
  if (!res.ok) throw await apiErrorFrom(res);
  return MeResponseSchema.parse(await res.json());
}

function meQueryOptions(isLeaving: () => boolean) {
  return defineQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MeAnswer> => {
      try {
        return await requestMe(signal);
      } catch (err) {
        if (isApiError(err)) throw err;
        if (isLeaving()) throw new PageLeftError();
        console.warn('Session check failed; treating the visitor as signed out.', err);
        throw err;
      }
    },
    retry: (failures: number, err: Error) => isApiError(err, 401) && failures < SESSION_TIMING.retries401,
    retryDelay: SESSION_TIMING.retryDelayMs,
    refetchInterval: SESSION_TIMING.pollMs,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always' as const,
    refetchOnReconnect: 'always' as const,
    staleTime: 0,
    gcTime: Infinity,
    // Offline is an answer too: any failure counts as not signed in.
    networkMode: 'always' as const,
  });
}

const controllers = new WeakMap<QueryClient, SessionController>();

/** The session controller of a query client (one per client). */
export function sessionController(queryClient: QueryClient): SessionController {
  const existing = controllers.get(queryClient);
  if (existing) return existing;

  let leaving = false;
  const queryOptions = meQueryOptions(() => leaving);
  const state = () => queryClient.getQueryCache().find<MeAnswer>({ queryKey: ME_QUERY_KEY, exact: true })?.state;
  const snapshot = () => sessionFromQuery(state(), false);
  const writeMe = (answer: MeAnswer) => queryClient.setQueryData(queryOptions.queryKey, () => answer);

  // A check that finally failed (its retries spent) clears the stored login flags; one interrupted
  // by leaving the page does not, and one overtaken by a sign-in was cancelled and never fails.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !isMeQuery(event.query)) return;
    if (event.action.error instanceof PageLeftError) return;
    clearLoginFlags();
  });

  const controller: SessionController = {
    queryOptions,
    snapshot,
    async check() {
      try {
        const answer = await queryClient.fetchQuery({ ...queryOptions, staleTime: 0 });
        return answer !== null;
      } catch {
        return snapshot().isAuthenticated;
      }
    },
    async known() {
      if (!snapshot().isLoading) return snapshot();
      try {
        const answer = await requestMe();
        if (snapshot().isLoading) writeMe(answer);
      } catch {
        // A 401 or no answer: the running check decides; until then, not signed in.
      }
      return snapshot();
    },
    signedIn(user, usageLimit) {
      void queryClient.cancelQueries({ queryKey: ME_QUERY_KEY, exact: true });
      writeMe({ user, usageLimit: usageLimit ?? allowanceFor(user.subscriptionTier) });
    },
    updateUsage(patch) {
      queryClient.setQueryData(queryOptions.queryKey, (old) => {
        if (!old) return old;
        const user = {
          ...old.user,
          ...(patch.current !== undefined ? { monthlyUsage: patch.current } : {}),
          ...(patch.resetDate ? { usageResetDate: patch.resetDate } : {}),
          ...(patch.refillPackCredits !== undefined ? { refillPackCredits: patch.refillPackCredits } : {}),
        };
        return { user, usageLimit: patch.limit ?? old.usageLimit };
      });
    },
    setLeaving(next) {
      leaving = next;
    },
    async logout() {
      try {
        await apiRequest('POST', '/api/auth/logout');
      } catch (err) {
        console.warn('Logout request failed; signing out locally.', err);
      }
      void queryClient.cancelQueries({ queryKey: ME_QUERY_KEY, exact: true });
      writeMe(null);
      clearAllStorage();
      window.location.assign('/');
    },
  };
  controllers.set(queryClient, controller);
  return controller;
}

/** Puts a known session into a query client (tests, and pages rendered with a given state). */
export function seedSession(queryClient: QueryClient, state: SessionState): void {
  if (state.isLoading) return;
  const answer: MeAnswer = state.user ? { user: state.user, usageLimit: state.usage.limit } : null;
  queryClient.setQueryData(ME_QUERY_KEY, () => answer);
}
