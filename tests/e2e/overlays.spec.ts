// Dialogs and notifications: no toast or error card covers a control at 360, 768 and 1280 px
// through generate, compile, a failed compile (which takes the success toast away) and a visitor's
// sign-in prompts; focus returns to the opener when a dialog closes; Escape closes the dialog
// before a toast; a visitor's compile opens 'Account Required'; a session lost on /account says
// 'Session Expired' before leaving.
import { expect, test, type Page } from '@playwright/test';
import { controlsUnderNotifications, signUpInBrowser } from '../support/browser';

const notes = (page: Page) => page.getByLabel('Content', { exact: true });

async function expectNothingCovered(page: Page, moment: string): Promise<void> {
  // The stack settles in its corner within a frame of appearing; give it that, then check.
  await expect(page.getByTestId('notifications')).toHaveAttribute('data-corner', /./);
  await page.waitForTimeout(700);
  expect(await controlsUnderNotifications(page), moment).toEqual([]);
}

for (const width of [360, 768, 1280]) {
  test(`no notification covers a control at ${width} px`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    // A visitor first: Generate asks to sign in with a dialog and a toast offering both ways in.
    await page.goto('/');
    await notes(page).fill('Notes of a visitor');
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    const prompt = page.getByTestId('notifications').locator('.toast-root', { hasText: 'Authentication Required' });
    await expect(prompt).toBeVisible();
    await expectNothingCovered(page, 'visitor generate, sign-in dialog open');
    // Behind the open dialog the page is inert; once it closes the toast's buttons can be used.
    await page.keyboard.press('Escape');
    await expect(prompt.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectNothingCovered(page, 'visitor generate');

    await signUpInBrowser(page, `overlay${width}`);
    await page.goto('/');
    await notes(page).fill('# Tides\nThe tide rises twice a day.');
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByText('LaTeX Generated').first()).toBeVisible({ timeout: 30_000 });
    await expectNothingCovered(page, 'generated');

    await page.getByRole('tab', { name: 'PDF Preview' }).click();
    await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
    await expect(page.getByText('PDF Generated').first()).toBeVisible({ timeout: 30_000 });
    await expectNothingCovered(page, 'compiled');

    // Break the LaTeX: the failed compile's card replaces the success toast.
    await page.getByRole('tab', { name: 'LaTeX Code' }).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('\\undefinedcommand\n');
    await page.getByRole('button', { name: 'Recompile' }).click();
    await expect(page.getByTestId('error-card')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('notifications').getByText('PDF Generated')).toHaveCount(0);
    await expectNothingCovered(page, 'failed compile');
  });
}

test('focus returns to the opener; Escape closes the dialog before the toast', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Log In' })).toBeFocused();

  // Generate as a visitor: a dialog and then a toast; the first Escape closes the dialog only.
  await page.getByLabel('Content', { exact: true }).fill('Some notes');
  const generate = page.getByRole('button', { name: 'Generate LaTeX' });
  await generate.click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  const toast = page.getByTestId('notifications').locator('.toast-root', { hasText: 'Authentication Required' });
  await expect(toast).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast).toBeVisible();
  await expect(generate).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);

  // Clear's question returns focus to Clear.
  const clear = page.getByRole('button', { name: 'Clear' });
  await clear.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(clear).toBeFocused();

  // The tab panel shows a focus ring when it takes focus.
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
