// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedOutState } from '../lib/session';
import { hasLoginFlag, setLoginFlags } from '../lib/storage';
import { resetToasts } from '../lib/toast';
import { makeUser, renderWithProviders, signedIn, signedOut, stubFetch } from '../test-utils';
import { AccountPage } from './account';
import { HistoryPage } from './history';

const DOC = {
  id: 3,
  title: 'Quantum Notes',
  documentType: 'article',
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  compilationSuccessful: true,
  hasPdf: true,
};

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

function table() {
  return screen.getByRole('table');
}

describe('/history', () => {
  it('sends visitors to /login', () => {
    const { location } = renderWithProviders(<HistoryPage />, { path: '/history', session: signedOut() });
    expect(location()).toBe('/login');
  });

  it('lists documents with title, type, en-US date and time, Ready and actions', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/documents': { body: [DOC] } }).fn));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<HistoryPage />, { path: '/history', session: signedIn() });
    await screen.findByRole('table');
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Title', 'Type', 'Date', 'Status', 'Actions']);
    const row = within(table()).getAllByRole('row')[1]!;
    expect(within(row).getByText('Quantum Notes')).toBeVisible();
    expect(within(row).getByText('Article')).toBeVisible();
    // The time tells apart runs of one title on one day.
    const when = new Date('2026-11-20T09:30:00.000Z').toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    expect(when).toMatch(/^Nov 2\d, 2026, \d{1,2}:30 (AM|PM)$/);
    expect(within(row).getByText(when)).toBeVisible();
    expect(within(row).getByText('Ready')).toBeVisible();
    expect(screen.getByTestId('history-count').textContent).toBe('1 document');
    await user.click(within(row).getByRole('button', { name: 'Edit Quantum Notes' }));
    expect(location()).toBe('/?document=3');
  });

  it('shows the empty state with Create Your First Document', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/documents': { body: [] } }).fn));
    renderWithProviders(<HistoryPage />, { path: '/history', session: signedIn() });
    expect(await screen.findByRole('link', { name: 'Create Your First Document' })).toBeVisible();
  });

  it('searches, and offers Clear search when nothing matches', async () => {
    const { fn, calls } = stubFetch({ 'GET /api/documents': (_init, url) => ({ body: url.searchParams.get('search') ? [] : [DOC] }) });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<HistoryPage />, { path: '/history', session: signedIn() });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search documents'), 'zebra');
    const clear = await screen.findByRole('button', { name: 'Clear search' }, { timeout: 3000 });
    expect(calls.at(-1)?.url).toBe('/api/documents?search=zebra');
    await user.click(clear);
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('deletes after confirmation', async () => {
    let deleted = false;
    const { fn, calls } = stubFetch({
      'GET /api/documents': () => ({ body: deleted ? [] : [DOC] }),
      'DELETE /api/documents/3': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<HistoryPage />, { path: '/history', session: signedIn() });
    await screen.findByRole('table');
    await user.click(within(table()).getByRole('button', { name: 'Delete Quantum Notes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this document?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('link', { name: 'Create Your First Document' })).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('reports a load error', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/documents': { status: 500, body: { message: 'boom' } } }).fn));
    renderWithProviders(<HistoryPage />, { path: '/history', session: signedIn() });
    expect(await screen.findByText('Error loading documents. Please try again.', {}, { timeout: 5000 })).toBeVisible();
  });
});

describe('/account', () => {
  function stubMe(user: ReturnType<typeof makeUser>, usageLimit: number) {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/auth/me': { body: { user, usageLimit } } }).fn));
  }

  it('sends visitors to /', () => {
    const { location } = renderWithProviders(<AccountPage />, { path: '/account', session: signedOut() });
    expect(location()).toBe('/');
  });

  it('shows profile, plan and a green usage bar for a free user', async () => {
    const user = makeUser({ monthlyUsage: 1 });
    stubMe(user, 3);
    renderWithProviders(<AccountPage />, { path: '/account', session: signedIn({ monthlyUsage: 1 }, 3) });
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(screen.getByText('Nov 1, 2026')).toBeVisible();
    expect(screen.getByTestId('plan-name').textContent).toBe('Free');
    expect(screen.getByTestId('account-usage').textContent).toBe('1 / 3 generations');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('Usage resets on Dec 1, 2026')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByTestId('bonus-credits')).toBeNull();
  });

  it('shows the amber box at the limit: Upgrade Plan for free users', async () => {
    stubMe(makeUser({ monthlyUsage: 3 }), 3);
    renderWithProviders(<AccountPage />, { path: '/account', session: signedIn({ monthlyUsage: 3 }, 3) });
    const box = screen.getByRole('note');
    expect(within(box).queryByRole('button', { name: /Refill/ })).toBeNull();
    expect(within(box).getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
    expect(screen.getByRole('progressbar').firstElementChild?.getAttribute('data-level')).toBe('critical');
  });

  it('paid users at the limit: refill offer, View All Plans, bonus credits, Manage Subscription, capped bar', async () => {
    const overrides = { subscriptionTier: 'tier1' as const, monthlyUsage: 120, refillPackCredits: 40, stripeSubscriptionId: 'sub_1234567890' };
    stubMe(makeUser(overrides), 100);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AccountPage />, { path: '/account', session: signedIn(overrides, 100) });
    expect(screen.getByTestId('plan-name').textContent).toBe('Basic');
    expect(screen.getByText('sub_1234…')).toBeVisible();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('bonus-credits').textContent).toContain('40');
    const box = screen.getByRole('note');
    expect(within(box).getByRole('button', { name: 'View All Plans' })).toBeVisible();
    await user.click(within(box).getByRole('button', { name: 'Refill 100 Credits for $0.99' }));
    expect(location()).toBe('/refill');
  });

  it('opens the billing portal, and reports a failure', async () => {
    const overrides = { subscriptionTier: 'tier2' as const };
    const { fn } = stubFetch({
      'GET /api/auth/me': { body: { user: makeUser(overrides), usageLimit: 500 } },
      'POST /api/subscription/portal': { status: 500, body: { message: 'Failed to create portal session' } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />, { path: '/account', session: signedIn(overrides, 500) });
    await user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByText('Failed to open billing portal. Please try again.')).toBeVisible();
  });

  it('says Session Expired and goes home when the session is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not authenticated' } } }).fn));
    const { location } = renderWithProviders(<AccountPage />, { path: '/account', session: signedIn() });
    await vi.advanceTimersByTimeAsync(2500);
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('Session Expired')).toBeVisible();
    vi.useRealTimers();
  });

  it.each([
    ['says Session Expired when this browser was signed in', true],
    ['goes home quietly for a visitor who never signed in here', false],
  ])('a session found gone on arrival %s', async (_name, signedInHere) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    if (signedInHere) setLoginFlags(false);
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not authenticated' } } }).fn));
    const { location, session } = renderWithProviders(<AccountPage />, { path: '/account', session: signedOutState(true) });
    expect(screen.getByText('Loading account...')).toBeInTheDocument();
    void session.check();
    await vi.advanceTimersByTimeAsync(2500);
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByText('Session Expired') !== null).toBe(signedInHere);
    expect(hasLoginFlag()).toBe(false);
    vi.useRealTimers();
  });
});
