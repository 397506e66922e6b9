// Who is signed in, for React: the provider owns the one observer of the `['me']` query (first
// check about 100 ms after start, then the query's own polling, focus and visibility refetches and
// 401 retries) and the loading failsafes (200 ms without a stored login flag, 5 s in any case).
// Components read the derived session with useSession().
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { setSessionRecheck } from './api';
import { isKnownSignedOut, SESSION_TIMING, sessionController, sessionFromQuery, type SessionController, type SessionState } from './session-query';
import { hasLoginFlag } from './storage';

export { isKnownSignedOut, SESSION_TIMING, signedInState, signedOutState } from './session-query';
export type { SessionState, Usage } from './session-query';

// Window focus and page visibility both count as "the person is back" (the library alone listens
// to visibility only).
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const listener = () => handleFocus();
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
});

export type Session = SessionState & { controller: SessionController; isSignedOut: boolean };

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  autoCheck = true,
  children,
}: {
  /** Tests turn the checks off and seed the query with a known session. */
  autoCheck?: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const controller = sessionController(queryClient);
  const [started, setStarted] = useState(false);
  const [loadingGaveUp, setLoadingGaveUp] = useState(false);
  const query = useQuery({ ...controller.queryOptions, enabled: autoCheck && started });

  useEffect(() => {
    setSessionRecheck(controller.check);
    if (!autoCheck) return () => setSessionRecheck(null);
    const first = setTimeout(() => setStarted(true), SESSION_TIMING.firstCheckMs);
    const quick = setTimeout(() => {
      if (!hasLoginFlag()) setLoadingGaveUp(true);
    }, SESSION_TIMING.quickFailsafeMs);
    const hard = setTimeout(() => setLoadingGaveUp(true), SESSION_TIMING.hardFailsafeMs);
    const onPageHide = () => controller.setLeaving(true);
    const onPageShow = () => controller.setLeaving(false);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearTimeout(first);
      clearTimeout(quick);
      clearTimeout(hard);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      setSessionRecheck(null);
    };
  }, [controller, autoCheck]);

  const { status, data, error, dataUpdatedAt, errorUpdatedAt } = query;
  const value = useMemo<Session>(() => {
    const state = sessionFromQuery({ status, data, error, dataUpdatedAt, errorUpdatedAt }, loadingGaveUp);
    return { ...state, controller, isSignedOut: isKnownSignedOut(state) };
  }, [status, data, error, dataUpdatedAt, errorUpdatedAt, loadingGaveUp, controller]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The controller alone, for callbacks that read the session when they run. */
export function useSessionController(): SessionController {
  return useSession().controller;
}
