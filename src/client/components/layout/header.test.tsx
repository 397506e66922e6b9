// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedOutState } from '../../lib/session';
import { resetToasts } from '../../lib/toast';
import { renderWithProviders, signedIn, signedOut } from '../../test-utils';
import { Header } from './header';

describe('Header', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
  });

  it("shows 'Loading...' while the session loads", () => {
    renderWithProviders(<Header />, { session: signedOutState(true) });
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
  });

  it('offers Log In and Sign Up to visitors, opening the auth dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />, { session: signedOut() });
    expect(screen.getByText('AI Latex Generator')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Create an Account' })).toBeVisible();
  });

  it.each([
    [1, 3, 'ok'],
    [70, 100, 'warning'],
    [3, 3, 'critical'],
  ])('colours %i / %i generations as %s', (used, limit, level) => {
    renderWithProviders(<Header />, { session: signedIn({ monthlyUsage: used }, limit) });
    const badge = screen.getByTestId('usage-indicator');
    expect(badge.textContent).toBe(`${used} / ${limit} generations`);
    expect(badge.getAttribute('data-level')).toBe(level);
  });

  it("shows History, the username, Logout and Upgrade for a free user; 'My Account' without a username", async () => {
    renderWithProviders(<Header />, { session: signedIn({ username: '' }) });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
    expect(within(nav).getByRole('button', { name: 'My Account' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Upgrade' })).toBeVisible();
  });

  it('hides the History link on the history page and shows Manage Plan for paid tiers', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Header />, { path: '/history', session: signedIn({ subscriptionTier: 'tier3' }, 1200) });
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ada' }));
    expect(location()).toBe('/account');
    await user.click(screen.getByRole('button', { name: 'Manage Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(within(dialog).getByText('Popular')).toBeVisible();
    expect(within(dialog).getByText('One-Time Refill Pack')).toBeVisible();
  });
});
