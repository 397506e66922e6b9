// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { SESSION_TIMING, SessionProvider, SessionStore, signedOutState, useSession } from './session';
import { STORAGE_KEYS } from './storage';
import { makeUser, stubFetch } from '../test-utils';

describe('SessionStore.check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a check that fails after a sign-in happened meanwhile does not sign the person out', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const store = new SessionStore();
    const pending = store.check();
    store.signedIn(makeUser(), 3);
    answer(new Response('{}', { status: 500 }));
    await expect(pending).resolves.toBe(true);
    expect(store.getSnapshot().isAuthenticated).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe('true');
  });

  it('a check aborted because the page is being left keeps the login flag', async () => {
    let fail: (e: Error) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((_resolve, reject) => (fail = reject))));
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const store = new SessionStore();
    const pending = store.check();
    store.setLeaving(true);
    fail(new TypeError('Failed to fetch'));
    await pending;
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe('true');
  });

  it('a check that fails for any other reason signs out and clears the flag', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const store = new SessionStore();
    await expect(store.check()).resolves.toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
    warn.mockRestore();
  });

  it('sets the user, tier and usage from /api/auth/me', async () => {
    const user = makeUser({ subscriptionTier: 'tier2', monthlyUsage: 42, refillPackCredits: 7 });
    const { fn } = stubFetch({ 'GET /api/auth/me': { body: { user, usageLimit: 500 } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const store = new SessionStore();
    await expect(store.check()).resolves.toBe(true);
    const s = store.getSnapshot();
    expect(s.isAuthenticated).toBe(true);
    expect(s.isLoading).toBe(false);
    expect(s.tier).toBe('tier2');
    expect(s.usage).toEqual({ current: 42, limit: 500, resetDate: user.usageResetDate });
    expect(s.refillPackCredits).toBe(7);
  });

  it('retries a 401 twice at 1 s, then signs out with free tier and limit 3 and clears login flags', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const store = new SessionStore();
    const done = store.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const s = store.getSnapshot();
    expect(s.isAuthenticated).toBe(false);
    expect(s.tier).toBe('free');
    expect(s.usage.limit).toBe(3);
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
  });

  it('succeeds when a retried 401 turns into a session', async () => {
    let n = 0;
    const user = makeUser();
    const fetchMock = vi.fn(
      stubFetch({ 'GET /api/auth/me': () => (++n < 2 ? { status: 401, body: { message: 'x' } } : { body: { user, usageLimit: 3 } }) }).fn,
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = new SessionStore();
    const done = store.check();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures and treats network errors as signed out', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { status: 500, body: { message: 'boom' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const store = new SessionStore();
    await expect(store.check()).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store2 = new SessionStore();
    await expect(store2.check()).resolves.toBe(false);
    expect(store2.getSnapshot().isLoading).toBe(false);
  });

  it('shares one request between concurrent checks', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const store = new SessionStore(signedOutState(true));
    await Promise.all([store.check(), store.check(), store.check()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('SessionProvider timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function Probe() {
    const s = useSession();
    return <p>{s.isLoading ? 'loading' : s.isAuthenticated ? 'in' : 'out'}</p>;
  }

  it('checks at 100 ms, every 120 s and on focus; a visitor stops loading after 200 ms', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    // Hold the first answer back so the failsafe is what ends 'loading'.
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const store = new SessionStore();
    render(
      <SessionProvider store={store}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(99));
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('out')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.pollMs));
    // The first check never answered, so the 120 s poll joins it instead of stacking a second request.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits up to 5 s when a login flag is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    render(
      <SessionProvider store={new SessionStore()}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('out')).toBeTruthy();
  });

  it('after the 5 s failsafe a stored sign-in is not yet "signed out": only the server answer makes it so', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    function SignedOutProbe() {
      const s = useSession();
      return <p>{s.isSignedOut ? 'known out' : 'not known'}</p>;
    }
    render(
      <SessionProvider store={new SessionStore()}>
        <SignedOutProbe />
      </SessionProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(SESSION_TIMING.hardFailsafeMs + 10));
    expect(screen.getByText('not known')).toBeTruthy();
    await act(async () => {
      answer(new Response('{}', { status: 500 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('known out')).toBeTruthy();
  });

  it('rechecks on window focus and when the page becomes visible', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user: makeUser(), usageLimit: 3 } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider store={new SessionStore()}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByText('in')).toBeTruthy();
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
});
