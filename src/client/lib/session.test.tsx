// @vitest-environment happy-dom
// The session as the `['me']` query: what a check's answer means, the 401 retries, the races that
// once signed people out (a check overtaken by a sign-in, a check aborted by leaving the page), and
// the provider's timings (first check at 100 ms, poll every 120 s, focus and visibility, failsafes).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { SESSION_TIMING, SessionProvider, useSession } from './session';
import { PageLeftError, sessionController, sessionFromQuery } from './session-query';
import { STORAGE_KEYS } from './storage';
import { makeUser, stubFetch } from '../test-utils';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function controller() {
  const queryClient = createQueryClient();
  return { queryClient, session: sessionController(queryClient) };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sessionFromQuery', () => {
  const user = makeUser({ subscriptionTier: 'tier2', monthlyUsage: 42, refillPackCredits: 7 });
  const base = { data: undefined, error: null, dataUpdatedAt: 0, errorUpdatedAt: 0 };

  it('is loading until the first answer, unless the failsafe gave up', () => {
    expect(sessionFromQuery({ ...base, status: 'pending' }, false)).toMatchObject({ isLoading: true, isAuthenticated: false, lastAuthCheck: null });
    expect(sessionFromQuery({ ...base, status: 'pending' }, true)).toMatchObject({ isLoading: false, isAuthenticated: false, lastAuthCheck: null });
  });

  it('reads the user, tier and usage from an answer', () => {
    const s = sessionFromQuery({ ...base, status: 'success', data: { user, usageLimit: 500 }, dataUpdatedAt: 1234 }, false);
    expect(s).toMatchObject({ isAuthenticated: true, isLoading: false, tier: 'tier2', refillPackCredits: 7, lastAuthCheck: 1234 });
    expect(s.usage).toEqual({ current: 42, limit: 500, resetDate: user.usageResetDate });
  });

  it('a failed check is signed out with free tier and limit 3, even over an older answer', () => {
    const s = sessionFromQuery({ ...base, status: 'error', data: { user, usageLimit: 500 }, error: new Error('500'), errorUpdatedAt: 99 }, false);
    expect(s).toMatchObject({ isAuthenticated: false, tier: 'free', usage: { current: 0, limit: 3 }, lastAuthCheck: 99 });
  });

  it('a check interrupted by leaving the page is no answer', () => {
    expect(sessionFromQuery({ ...base, status: 'error', error: new PageLeftError() }, false)).toMatchObject({ isLoading: true, lastAuthCheck: null });
    const kept = sessionFromQuery({ ...base, status: 'error', data: { user, usageLimit: 500 }, error: new PageLeftError() }, false);
    expect(kept.isAuthenticated).toBe(true);
  });
});

describe('session checks', () => {
  it('a check that fails after a sign-in happened meanwhile does not sign the person out', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const { session } = controller();
    const pending = session.check();
    await vi.advanceTimersByTimeAsync(0);
    session.signedIn(makeUser(), 3);
    answer(json({ message: 'boom' }, 500));
    await expect(pending).resolves.toBe(true);
    expect(session.snapshot().isAuthenticated).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe('true');
  });

  it('a check aborted because the page is being left keeps the login flag', async () => {
    let fail: (e: Error) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((_resolve, reject) => (fail = reject))));
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const { session } = controller();
    const pending = session.check();
    await vi.advanceTimersByTimeAsync(0);
    session.setLeaving(true);
    fail(new TypeError('Failed to fetch'));
    await expect(pending).resolves.toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe('true');
    expect(session.snapshot().lastAuthCheck).toBeNull();
  });

  it('a check that fails for any other reason signs out and clears the flag', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const { session } = controller();
    await expect(session.check()).resolves.toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
    expect(session.snapshot()).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sets the user, tier and usage from /api/auth/me', async () => {
    const user = makeUser({ subscriptionTier: 'tier2', monthlyUsage: 42, refillPackCredits: 7 });
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user, usageLimit: 500 } } }).fn));
    const { session } = controller();
    await expect(session.check()).resolves.toBe(true);
    expect(session.snapshot()).toMatchObject({ isAuthenticated: true, tier: 'tier2', refillPackCredits: 7, usage: { current: 42, limit: 500 } });
  });

  it('known(): before the first answer, one request decides; afterwards, none', async () => {
    const user = makeUser({ monthlyUsage: 2 });
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user, usageLimit: 3 } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    expect(session.snapshot().isLoading).toBe(true);
    await expect(session.known()).resolves.toMatchObject({ isAuthenticated: true, usage: { current: 2, limit: 3 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(session.known()).resolves.toMatchObject({ isAuthenticated: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('known(): a visitor is told at the first 401, without waiting for the retries', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    await expect(session.known()).resolves.toMatchObject({ isAuthenticated: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 401 twice at 1 s, then signs out with free tier and limit 3 and clears login flags', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    const done = session.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe('true');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(session.snapshot()).toMatchObject({ isAuthenticated: false, tier: 'free', usage: { limit: 3 } });
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
  });

  it('succeeds when a retried 401 turns into a session', async () => {
    let n = 0;
    const user = makeUser();
    const fetchMock = vi.fn(
      stubFetch({ 'GET /api/auth/me': () => (++n < 2 ? { status: 401, body: { message: 'x' } } : { body: { user, usageLimit: 3 } }) }).fn,
    );
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    const done = session.check();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { status: 500, body: { message: 'boom' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    await expect(session.check()).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one request between concurrent checks', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const { session } = controller();
    await expect(Promise.all([session.check(), session.check(), session.check()])).resolves.toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('applies usage numbers to the signed-in session', () => {
    const { session } = controller();
    session.signedIn(makeUser({ monthlyUsage: 1 }), 3);
    session.updateUsage({ current: 2, limit: 100, resetDate: '2027-01-01T00:00:00.000Z', refillPackCredits: 4 });
    expect(session.snapshot()).toMatchObject({ usage: { current: 2, limit: 100, resetDate: '2027-01-01T00:00:00.000Z' }, refillPackCredits: 4 });
  });
});

describe('SessionProvider timings', () => {
  function Probe() {
    const s = useSession();
    return <p>{s.isLoading ? 'loading' : s.isAuthenticated ? 'in' : 'out'}</p>;
  }
  function renderProvider(probe = <Probe />) {
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{probe}</SessionProvider>
      </QueryClientProvider>,
    );
  }

  it('checks at 100 ms and every 120 s (joining a check still running); a visitor stops loading after 200 ms', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    // Hold the first answer back so the failsafe is what ends 'loading'.
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(99));
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(99));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('out')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.pollMs));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits up to 5 s when a login flag is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderProvider();
    await act(async () => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('out')).toBeInTheDocument();
  });

  it('after the 5 s failsafe a stored sign-in is not yet "signed out": only the server answer makes it so', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    function SignedOutProbe() {
      return <p>{useSession().isSignedOut ? 'known out' : 'not known'}</p>;
    }
    renderProvider(<SignedOutProbe />);
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.hardFailsafeMs + 10));
    expect(screen.getByText('not known')).toBeInTheDocument();
    await act(async () => {
      answer(json({ message: 'boom' }, 500));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('known out')).toBeInTheDocument();
  });

  it('rechecks on window focus, when the page becomes visible, and every 120 s', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();
    // act() renders once it ends: the first check starts in one step, its answer shows in the next.
    await act(async () => vi.advanceTimersByTimeAsync(100));
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('in')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.pollMs));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a session lost while open turns the page signed out', async () => {
    let n = 0;
    const fetchMock = vi.fn(
      stubFetch({ 'GET /api/auth/me': () => (++n === 1 ? { body: { user: makeUser(), usageLimit: 3 } } : { status: 500, body: { message: 'x' } }) }).fn,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();
    // act() renders once it ends: the first check starts in one step, its answer shows in the next.
    await act(async () => vi.advanceTimersByTimeAsync(100));
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('in')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.pollMs));
    expect(screen.getByText('out')).toBeInTheDocument();
  });
});
