// Paying with the demo provider (the e2e server has no Stripe key): a free user upgrades to Pro from
// the plan dialog through the demo checkout, lands on 'Payment Successful!' and sees the new plan in
// the header; buys a refill pack and sees the bonus credits on /account. A free user asking for a
// refill gets the refill refusal; visitors are sent away. axe checks and screenshots on each page.
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots, signUpInBrowser } from '../support/browser';

const REFILL_REFUSAL = 'Refill packs are only available for paid subscribers. Please upgrade to a paid plan first.';

test('free user → plan dialog → Pro through the demo checkout → Payment Successful! → refill pack → bonus credits', async ({ page }) => {
  await signUpInBrowser(page, 'payer');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByText('0 / 3 generations')).toBeVisible();

  await header.getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(dialog.getByText('Popular')).toBeVisible();
  await expectAccessible(page, 'plan dialog');
  await screenshots(page, 'billing-plan-dialog');

  await dialog.getByRole('button', { name: 'Choose Pro' }).click();
  // /subscribe?tier=tier3 opens the checkout and sends the browser to the demo provider's page.
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/demo_cs_[a-f0-9]+$/);
  await expect(page.getByText('Demo payment — no card is charged')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('$6.99 / month')).toBeVisible();
  await expectAccessible(page, 'demo checkout');
  await screenshots(page, 'billing-demo-checkout');

  await page.getByRole('button', { name: 'Pay $6.99 (demo)' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=demo_cs_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your Pro plan is active: 1,200 generations per month.')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Manage Plan' })).toBeVisible();
  await expect(header.getByText('0 / 1200 generations')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Generating' })).toBeVisible();
  await expectAccessible(page, 'success');
  await screenshots(page, 'billing-success');

  // Paid users see the refill card in the plan dialog; it leads to /refill and its checkout.
  await header.getByRole('button', { name: 'Manage Plan' }).click();
  await expect(dialog.getByText('One-Time Refill Pack')).toBeVisible();
  // The button says what it is, and its name is what it says; the card around it names the plan.
  await expect(dialog.getByRole('button', { name: 'Current Plan', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy Refill Pack' }).click();
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/demo_cs_/);
  await expect(page.getByRole('heading', { name: 'LaTeX Generation Refill' })).toBeVisible();
  await expectAccessible(page, 'demo refill checkout');
  await screenshots(page, 'billing-demo-refill-checkout');
  await page.getByRole('button', { name: 'Pay $0.99 (demo)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('100 bonus credits were added to your account. They never expire.')).toBeVisible();

  await page.getByRole('button', { name: 'View Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('bonus-credits')).toContainText('Bonus credits: 100');
  await expect(page.getByTestId('plan-name')).toHaveText('Pro');
  await expectAccessible(page, 'account (paid)');
  await screenshots(page, 'billing-account-paid');

  // Manage Subscription opens the demo billing portal.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo\/portal$/);
  await expect(page.getByRole('heading', { name: 'Demo billing portal' })).toBeVisible();
  await expect(page.getByText('Demo payment — no card is charged')).toBeVisible();
  await expectAccessible(page, 'demo portal');
  await screenshots(page, 'billing-demo-portal');
});

test('a free user opening /refill gets the refusal; bad plans and visitors are handled', async ({ page, browser }) => {
  await signUpInBrowser(page, 'freebie');
  await page.goto('/refill');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText(REFILL_REFUSAL)).toBeVisible();
  await expectAccessible(page, 'refill refused');
  await screenshots(page, 'billing-refill-refused');

  await page.goto('/subscribe?tier=platinum');
  await expect(page.getByRole('heading', { name: 'Subscription Error' })).toBeVisible();
  await expectAccessible(page, 'subscribe error');
  await screenshots(page, 'billing-subscribe-error');
  await page.getByRole('button', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Visitors: /subscribe goes home, /refill to /auth.
  const visitor = await browser.newPage();
  await visitor.goto('/subscribe?tier=pro');
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.goto('/refill');
  await expect(visitor).toHaveURL(/\/auth$/);
  await visitor.close();
});
