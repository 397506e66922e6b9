// The editor in Chromium at 1366×850 and on a 390×844 touch phone (docs/product.md, Editor):
// notes, code and PDF side by side with keyboard-resizable separators, Generate and its result in
// view without scrolling; the compile log and the document's versions one click away; auto-compile;
// focus after "Generate PDF from LaTeX"; the Ctrl+Enter tip only where there is a keyboard; and
// the account fixes (a used reset link, a verification link opened again, "Welcome!").
import { expect, test } from '@playwright/test';
import { expectAccessible, outboxLink, screenshots, signInThroughPage, verificationLink, verifiedAccount } from '../support/browser';
import { uniqueEmail } from '../support/sign-up';

const DESKTOP = { width: 1366, height: 850 };
const inView = async (box: { y: number; height: number } | null, height: number) => !!box && box.y >= 0 && box.y + box.height <= height;

test.use({ viewport: DESKTOP });

test('1366×850: three panes, Generate and its result in view, keyboard separators, Log, Versions and auto-compile', async ({ page }) => {
  test.setTimeout(240_000);
  const { email, password } = await verifiedAccount(page.request, 'panes');
  await signInThroughPage(page, email, password);
  // An account's first sign-in is greeted as such.
  await expect(page.getByText('Welcome!', { exact: true }).first()).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Input' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'LaTeX Code' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PDF Preview' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  const generate = page.getByRole('button', { name: 'Generate LaTeX' });
  expect(await inView(await generate.boundingBox(), DESKTOP.height)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByLabel('Content', { exact: true }).fill('# Tides\n\nThe tide rises twice a day.\n\n## Causes\n\nThe moon pulls the water.');
  await generate.click();
  await expect(page.locator('.cm-content')).toContainText('\\documentclass', { timeout: 30_000 });
  expect(await inView(await page.locator('.cm-editor').boundingBox(), DESKTOP.height)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The separators: focusable, labelled, and moved by the arrow keys.
  const separator = page.getByRole('separator', { name: 'Resize notes and LaTeX code' });
  await expect(separator).toHaveAttribute('aria-valuenow', /\d/);
  const before = Number(await separator.getAttribute('aria-valuenow'));
  const notesWidth = (await page.getByRole('heading', { name: 'Input' }).locator('xpath=ancestor::section[1]').boundingBox())!.width;
  await separator.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await separator.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
  expect((await page.getByRole('heading', { name: 'Input' }).locator('xpath=ancestor::section[1]').boundingBox())!.width).toBeGreaterThan(notesWidth);
  await expectAccessible(page, 'three panes');

  // Generate PDF: focus goes to the PDF, not the page.
  await page.getByRole('button', { name: 'Generate PDF from LaTeX' }).click();
  await expect(page.getByTestId('pdf-pages')).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('compile-status')).toHaveText('Compilation Successful');
  await screenshots(page, 'workspace-compiled');

  // The raw log, one click away.
  await page.getByRole('button', { name: 'Log', exact: true }).click();
  const log = page.getByRole('dialog', { name: 'Compile log' });
  await expect(log.getByTestId('compile-log')).toContainText('Output written on');
  await expectAccessible(page, 'compile log');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Log', exact: true })).toBeFocused();

  // Auto-compile: on, an edit compiles by itself a moment after typing stops.
  await page.getByRole('checkbox', { name: 'Auto-compile' }).click();
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited by hand.');
  await expect(page.getByTestId('compile-status')).toHaveText('Awaiting Compilation');
  await expect(page.getByTestId('compile-status')).toHaveText('Compilation Successful', { timeout: 30_000 });
  // Off again: a restore below would compile by itself too, and Versions waits while anything compiles.
  await page.getByRole('checkbox', { name: 'Auto-compile' }).click();
  await expect(page.getByRole('checkbox', { name: 'Auto-compile' })).not.toBeChecked();

  // Versions: the generation and the compiles; the first one comes back.
  await page.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions' });
  const items = versions.getByRole('listitem');
  await expect(items.first()).toContainText('Compiled');
  await expect(items.last()).toContainText('Generated');
  await items.last().getByRole('button', { name: 'Open' }).click();
  await expect(versions.getByTestId('version-text')).toContainText('The tide rises twice a day.');
  await expectAccessible(page, 'versions');
  // Desktop only: the phone size lays the editor out anew (tabs), which closes the dialog.
  await page.screenshot({ path: 'test-results/screenshots/workspace-versions-desktop.png' });
  await items.last().getByRole('button', { name: 'Restore' }).click();
  await expect(versions).toBeHidden();
  await expect(page.locator('.cm-content')).not.toContainText('Edited by hand.');
  await page.getByRole('button', { name: 'Versions' }).click();
  await expect(page.getByRole('dialog', { name: 'Versions' }).getByRole('listitem').first()).toContainText('Restored');
  await page.keyboard.press('Escape');
  // Still one document in the history, with its time.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: /Tides/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Tides/ })).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
});

test('a phone: tabs, the result scrolled into view, no keyboard tip, notices never over the notes', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const { email, password } = await verifiedAccount(page.request, 'phone');
  await signInThroughPage(page, email, password);
  await expect(page.getByRole('tab', { name: 'LaTeX Code' })).toBeVisible();
  await expect(page.locator('#generate-hint')).toBeHidden();
  await page.getByLabel('Content', { exact: true }).fill('# Tides\n\nThe tide rises twice a day.');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect(page.locator('.cm-content')).toContainText('\\documentclass', { timeout: 30_000 });
  await expect.poll(async () => inView(await page.getByRole('tab', { name: 'LaTeX Code' }).boundingBox(), 844)).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/workspace-phone-generated.png' });
  await context.close();
});

test('account fixes: a used reset link says so at once; a verification link opened again; Upgrade Plan offers the plans', async ({ page }) => {
  test.setTimeout(120_000);
  // Verification link opened twice.
  const email = uniqueEmail('again');
  const password = 'a long enough password';
  expect((await page.request.post('/api/auth/register', { data: { username: email.split('@')[0], email, password } })).status()).toBe(201);
  const link = await verificationLink(page.request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Already Verified' })).toBeVisible();
  await expect(page.getByText('Verification Failed')).toHaveCount(0);

  // A reset link used once: opening it again shows no form, only why and a way on.
  await page.request.post('/api/auth/forgot-password', { data: { email } });
  const reset = await outboxLink(page.request, email, 'Reset your password');
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(reset);
  await expect(page.getByRole('heading', { name: 'Reset Link Invalid' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'used reset link');

  // At the limit: one message, in the notes pane; Upgrade Plan opens the plans.
  await page.goto('/');
  for (const n of [1, 2, 3]) {
    await page.getByLabel('Content', { exact: true }).fill(`Note ${n}`);
    await page.getByRole('button', { name: 'Generate LaTeX' }).click();
    await expect(page.getByRole('banner').getByText(`${n} / 3 generations`)).toBeVisible({ timeout: 30_000 });
  }
  await page.getByLabel('Content', { exact: true }).fill('One more');
  await page.getByRole('button', { name: 'Generate LaTeX' }).click();
  await expect(page.getByText('Usage Limit Reached')).toHaveCount(1);
  await page.getByRole('note').getByRole('button', { name: 'Upgrade Plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(plans).toBeVisible();
  await expect(plans.getByRole('button', { name: 'Choose Basic' })).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
});
