// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useAppUi } from '../../lib/app-ui';
import { resetToasts } from '../../lib/toast';
import { renderWithProviders, signedIn, signedOut } from '../../test-utils';

function OpenPlans() {
  const { setPlansOpen } = useAppUi();
  useEffect(() => setPlansOpen(true), [setPlansOpen]);
  return null;
}

describe('PlanDialog plan selection', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it('lists the six plans with prices, marks the current one and Power as Popular', async () => {
    renderWithProviders(<OpenPlans />, { session: signedIn() });
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Free', 'Basic', 'Standard', 'Pro', 'Advanced', 'Power']);
    expect(within(items[5]!).getByText('Popular')).toBeVisible();
    expect(within(items[5]!).getByText('$19.99')).toBeVisible();
    expect(within(items[0]!).getByText('Current Plan', { selector: 'span' })).toBeVisible();
    expect(within(dialog).queryByText('One-Time Refill Pack')).toBeNull();
  });

  it("tells a visitor to sign in and closes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OpenPlans />, { session: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('Sign in required')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts focus on the next plan up, never on "Switch to Free" (and on the current plan at the top)', async () => {
    renderWithProviders(<OpenPlans />, { session: signedIn({ subscriptionTier: 'tier2' }, 500) });
    const standardUp = await screen.findByRole('button', { name: 'Choose Pro' });
    await waitFor(() => expect(standardUp).toHaveFocus());
    cleanup();
    renderWithProviders(<OpenPlans />, { session: signedIn() });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose Basic' })).toHaveFocus());
    cleanup();
    renderWithProviders(<OpenPlans />, { session: signedIn({ subscriptionTier: 'tier5' }, 5000) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Current Plan' })).toHaveFocus());
  });

  it('says Current plan for the current tier and stays open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OpenPlans />, { session: signedIn({ subscriptionTier: 'tier1' }, 100) });
    await user.click(await screen.findByRole('button', { name: 'Current Plan' }));
    expect(await screen.findByText('You are already subscribed to this plan.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Choose Your Plan' })).toBeVisible();
  });

  it('sends a downgrade to the account page and an upgrade to /subscribe?tier=', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<OpenPlans />, { session: signedIn({ subscriptionTier: 'tier1' }, 100) });
    await user.click(await screen.findByRole('button', { name: 'Switch to Free' }));
    expect(await screen.findByText('Downgrade to Free')).toBeVisible();
    expect(location()).toBe('/account');
    cleanup();
    const second = renderWithProviders(<OpenPlans />, { session: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Choose Power' }));
    expect(second.location()).toBe('/subscribe?tier=tier5');
  });
});
