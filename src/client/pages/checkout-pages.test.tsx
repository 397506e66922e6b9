// @vitest-environment happy-dom
// The checkout pages: /subscribe and /refill open a checkout and redirect (or show the product's error
// titles), visitors are sent away, and /success shows 'Payment Successful!' only once the server
// reports the checkout fulfilled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedIn, signedOut, stubFetch } from '../test-utils';
import { RefillPage } from './refill';
import { SubscribePage } from './subscribe';
import { SuccessPage } from './success';

const REFUSAL = 'Refill packs are only available for paid subscribers. Please upgrade to a paid plan first.';

function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/subscribe', () => {
  it('accepts a display name, opens the checkout and redirects to it', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/subscription/create': { body: { url: 'https://checkout.example/cs_1', sessionId: 'cs_1' } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const assign = stubAssign();
    renderWithProviders(<SubscribePage />, { path: '/subscribe?tier=Pro', session: signedIn() });
    expect(screen.getByRole('heading', { name: 'Preparing checkout...' })).toBeVisible();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/subscription/create', body: { tier: 'tier3' } }]);
  });

  it('defaults to Basic and shows Subscription Error with the server message', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/subscription/create': { status: 503, body: { message: 'The Basic plan cannot be bought right now: its price is not configured.' } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const { location } = renderWithProviders(<SubscribePage />, { path: '/subscribe', session: signedIn({ id: 2 }) });
    expect(await screen.findByRole('heading', { name: 'Subscription Error' })).toBeVisible();
    expect(screen.getByText('The Basic plan cannot be bought right now: its price is not configured.')).toBeVisible();
    expect(calls[0]!.body).toEqual({ tier: 'tier1' });
    screen.getByRole('button', { name: 'Return to Home' }).click();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends visitors to /', async () => {
    const { location } = renderWithProviders(<SubscribePage />, { path: '/subscribe?tier=tier2', session: signedOut() });
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('/refill', () => {
  it('shows Payment Error with the refill message for a free account', async () => {
    const { fn } = stubFetch({ 'POST /api/subscription/refill/create': { status: 403, body: { message: REFUSAL } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderWithProviders(<RefillPage />, { path: '/refill', session: signedIn({ id: 3 }) });
    expect(screen.getByRole('heading', { name: 'Purchase Refill Pack' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeVisible();
    expect(screen.getByText(REFUSAL)).toBeVisible();
  });

  it('sends visitors to /auth', async () => {
    const { location } = renderWithProviders(<RefillPage />, { path: '/refill', session: signedOut() });
    await waitFor(() => expect(location()).toBe('/auth'));
  });
});

describe('/success', () => {
  it('waits until the checkout is fulfilled, then refreshes the session', async () => {
    let reads = 0;
    const { fn } = stubFetch({
      'GET /api/subscription/checkout-status': () => {
        reads += 1;
        return { body: { sessionId: 'cs_9', kind: 'subscription', tier: 'tier3', status: 'complete', paymentStatus: 'paid', fulfilled: reads > 1 } };
      },
      'GET /api/auth/me': { body: { user: { ...signedIn().user, subscriptionTier: 'tier3' }, usageLimit: 1200 } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const { session } = renderWithProviders(<SuccessPage />, { path: '/success?session_id=cs_9', session: signedIn() });
    expect(screen.getByText('Confirming with the payment provider...')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 4000 })).toBeVisible();
    expect(reads).toBe(2);
    expect(screen.getByText('Your Pro plan is active: 1,200 generations per month.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'View Account' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Generating' })).toBeVisible();
    expect(session.snapshot().tier).toBe('tier3');
  });

  it('says so when the checkout expired unpaid', async () => {
    const { fn } = stubFetch({
      'GET /api/subscription/checkout-status': { body: { sessionId: 'cs_8', kind: 'refill', tier: 'tier1', status: 'expired', paymentStatus: 'unpaid', fulfilled: false } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderWithProviders(<SuccessPage />, { path: '/success?session_id=cs_8', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });
});
