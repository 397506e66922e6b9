// Test helpers: render the whole app, or a part of it, with fresh providers and a given session.
import { render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicUser } from '../shared/api/auth';
import { App } from './app';
import { GlobalDialogs } from './components/dialogs/global-dialogs';
import { AppUiProvider } from './lib/app-ui';
import { createQueryClient } from './lib/query-client';
import { SessionProvider, signedInState, signedOutState, type SessionState } from './lib/session';
import { seedSession, sessionController, type SessionController } from './lib/session-query';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    username: 'ada',
    email: 'ada@example.com',
    role: 'user',
    emailVerified: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    subscriptionTier: 'free',
    subscriptionStatus: 'active',
    stripeSubscriptionId: null,
    monthlyUsage: 0,
    usageResetDate: '2026-12-01T00:00:00.000Z',
    refillPackCredits: 0,
    ...overrides,
  };
}

export function signedIn(overrides: Partial<PublicUser> = {}, usageLimit?: number): SessionState {
  return signedInState(makeUser(overrides), usageLimit);
}

export function signedOut(): SessionState {
  return signedOutState(false);
}

/** A query client holding the session given (the `['me']` query seeded, no checks). */
function clientWith(session: SessionState) {
  const queryClient = createQueryClient();
  seedSession(queryClient, session);
  return { queryClient, session: sessionController(queryClient) };
}

/** Renders the full app at `path` (browser history) with the session given, checks off. */
export function renderApp(path: string, session: SessionState = signedOut()): RenderResult & { session: SessionController } {
  window.history.replaceState(null, '', path);
  const c = clientWith(session);
  const result = render(<App queryClient={c.queryClient} autoCheck={false} />);
  return { ...result, session: c.session };
}

/** Renders `ui` inside the providers and an in-memory router at `path`. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', session = signedOut() }: { path?: string; session?: SessionState } = {},
): RenderResult & { session: SessionController; location: () => string } {
  const c = clientWith(session);
  const memory = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={c.queryClient}>
      <SessionProvider autoCheck={false}>
        <AppUiProvider>
          <Router hook={memory.hook} searchHook={memory.searchHook}>
            {ui}
            <GlobalDialogs />
          </Router>
        </AppUiProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, session: c.session, location: () => memory.history.at(-1) ?? path };
}

/** A fetch stub answering by "METHOD /path" with JSON; unknown requests fail the test loudly. */
export type Reply = { status?: number; body?: unknown };
export function stubFetch(routes: Record<string, Reply | ((init: RequestInit | undefined, url: URL) => Reply)>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? handler(init, url) : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fn, calls };
}
