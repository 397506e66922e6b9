// Dialogs and notifications (docs/product.md, Editor): one message per event, never over what it
// announces. Generate, compile and a failed compile say their outcome in the page (under Generate,
// the status badge, the errors above the code), with no notice floating over the panes; a visitor's
// Generate opens one dialog; what notices remain (Copy's) cover no control and no notes at 360, 768
// and 1280 px; focus returns to the opener when a dialog closes; a visitor's compile opens 'Account
// Required'; a session lost on /account says 'Session Expired' before leaving.
import { expect, test, type Page } from '@playwright/test';
import { controlsUnderNotifications, screenshots, showOutput, signUpInBrowser } from '../support/browser';

const notes = (page: Page) => page.getByLabel('Content', { exact: true });
const floating = (page: Page) => page.getByTestId('notifications').locator('.toast-root, [data-testid="error-card"]');

async function expectNothingCovered(page: Page, moment: string): Promise<void> {
  // The stack settles in its corner within a frame of appearing; give it that, then check.
  await expect(page.getByTestId('notifications')).toHaveAttribute('data-corner', /./);
  await page.waitForTimeout(700);
  expect(await controlsUnderNotifications(page), moment).toEqual([]);
}

for (const width of [360, 768, 1280]) {
  test(`one message per event, none floating over the work, at ${width} px`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    // A visitor first: Generate asks for an account with one dialog, nothing beside it.
    await page.goto('/');
    await notes(page).fill('Notes of a visitor');
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByRole('dialog', { name: 'Account Required' })).toBeVisible();
    await expect(floating(page)).toHaveCount(0);
    await page.keyboard.press('Escape');

    await signUpInBrowser(page, `overlay${width}`);
    await page.goto('/');
    await notes(page).fill('# Tides\nThe tide rises twice a day.');
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByTestId('generation-stage')).toHaveText('LaTeX generated and saved to your history.', { timeout: 30_000 });
    await expect(floating(page)).toHaveCount(0);

    await showOutput(page, 'PDF Preview');
    await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
    await expect(page.getByTestId('compile-status').first()).toHaveText('Compilation Successful', { timeout: 30_000 });
    await expect(page.getByLabel(/^PDF preview:/)).toBeVisible();
    await expect(floating(page)).toHaveCount(0);
    await screenshots(page, `compiled-${width}`);

    // Break the LaTeX: the errors above the code say it, once.
    await showOutput(page, 'LaTeX Code');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('\\undefinedcommand\n');
    await page.getByRole('button', { name: 'Recompile' }).click();
    await expect(page.getByTestId('compile-errors')).toBeVisible({ timeout: 30_000 });
    await expect(floating(page)).toHaveCount(0);

    // A notice that does float (Copy's) covers no control and not the notes.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(floating(page)).toHaveCount(1);
    await expectNothingCovered(page, 'copied');
  });
}

test('focus returns to the opener, and Escape closes the dialog first', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Log In' })).toBeFocused();

  // Generate as a visitor: one dialog; Escape closes it and focus is back on Generate.
  await page.getByLabel('Content', { exact: true }).fill('Some notes');
  const generate = page.getByRole('button', { name: 'Generate LaTeX' });
  await generate.click();
  await expect(page.getByRole('dialog', { name: 'Account Required' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(generate).toBeFocused();

  // Clear's question returns focus to Clear.
  const clear = page.getByRole('button', { name: 'Clear' });
  await clear.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(clear).toBeFocused();

  // On a narrow screen the tab panel shows a focus ring when it takes focus.
  await page.setViewportSize({ width: 768, height: 800 });
  await page.getByRole('tab', { name: 'LaTeX Code' }).focus();
  await page.keyboard.press('Tab');
  const panel = page.getByRole('tabpanel', { name: 'LaTeX Code' });
  await expect(panel).toBeFocused();
  expect(await panel.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
});

test("a visitor's compile opens Account Required; Log In leads on and focus comes back", async ({ page }) => {
  await page.goto('/');
  await page.locator('.cm-content').click();
  await page.keyboard.insertText('\\documentclass{article}\\begin{document}x\\end{document}');
  const recompile = page.getByRole('button', { name: 'Recompile' });
  await recompile.click();
  const dialog = page.getByRole('dialog', { name: 'Account Required' });
  await expect(dialog).toContainText('Please sign in or create a free account to compile your document to PDF.');
  await expect(dialog).toContainText('Free accounts include 3 generations per month.');
  for (const name of ['Maybe Later', 'Log In', 'Create Account']) await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(recompile).toBeFocused();
});

test("losing the session on /account says 'Session Expired' before leaving", async ({ page, context }) => {
  await signUpInBrowser(page, 'expiry');
  await page.goto('/account');
  // The account itself, not the loading state (whose heading is there for screen readers only).
  await expect(page.getByTestId('plan-name')).toBeVisible();
  await context.clearCookies();
  // The person comes back to the tab: the session is checked (with its 401 retries). A focus that
  // arrives while the page's arrival check is still in flight joins that check, which was sent
  // with the cookie, so focus is given again until a check without it has answered.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByText('Session Expired').first()).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
});
