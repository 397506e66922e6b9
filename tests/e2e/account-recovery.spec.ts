// Accounts without dead ends: a forgotten password is reset through the emailed link (every other
// device is signed out, this one is signed in), and Edit Profile renames the account and moves it to
// a new email address once the link sent there is opened. axe checks and screenshots on each view.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, outboxLink, screenshots, signInThroughPage, verifiedAccount as verifiedAccountVia } from '../support/browser';
import { uniqueEmail } from '../support/sign-up';

const PASSWORD = 'a long enough password';

/** Registers and verifies through the API (the journeys are about what comes after). */
const verifiedAccount = (page: Page, prefix: string) => verifiedAccountVia(page.request, prefix, PASSWORD);

/** Another browser (its own cookies) signed in through the API. */
async function otherDevice(browser: Browser, email: string) {
  const context = await browser.newContext();
  expect((await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return context;
}

test('forgot password → mail → reset → signed in here, signed out everywhere else', async ({ page, browser }) => {
  const { email, username } = await verifiedAccount(page, 'forgetful');
  await signInThroughPage(page, email, PASSWORD);
  const laptop = await otherDevice(browser, email);
  expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);

  // The person who forgot, on a fresh browser.
  const phone = await browser.newContext();
  const forgot = await phone.newPage();
  await forgot.goto('/login');
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(forgot.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(forgot.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(forgot, 'forgot password');
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toHaveText(
    'If an account exists for this email, we have sent a link to reset your password. Please check your inbox.',
  );
  await screenshots(forgot, 'forgot-password-sent');

  const link = new URL(await outboxLink(forgot.request, email, 'Reset your password'));
  expect(link.pathname).toBe('/reset-password');
  await forgot.goto(link.pathname + link.search);
  await expect(forgot.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(forgot, 'reset password');
  await screenshots(forgot, 'reset-password');
  await forgot.getByLabel('New password', { exact: true }).fill('my brand new password');
  await forgot.getByLabel('Confirm new password').fill('my brand new password');
  await forgot.getByRole('button', { name: 'Reset password' }).click();

  await expect(forgot).toHaveURL(/\/$/);
  const header = forgot.getByRole('banner');
  await expect(header.getByRole('button', { name: username })).toBeVisible();
  await expect(header.getByText('0 / 3 generations')).toBeVisible();
  expect((await forgot.request.get('/api/auth/me')).status()).toBe(200);

  // Every other session ended: the first browser and the laptop are signed out on the server.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await laptop.request.get('/api/auth/me')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();

  // The link worked once; the new password works, the old one does not.
  // Opened again, the used link says so at once: no form to fill in first.
  await forgot.goto(link.pathname + link.search);
  await expect(forgot.getByRole('heading', { name: 'Reset Link Invalid' })).toBeVisible();
  await expect(forgot.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(forgot.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  expect((await laptop.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(401);
  expect((await laptop.request.post('/api/auth/login', { data: { email, password: 'my brand new password' } })).status()).toBe(200);
  await laptop.close();
  await phone.close();
});

test('Edit Profile: rename, then move to a new email confirmed from its link', async ({ page }) => {
  const { email, username } = await verifiedAccount(page, 'renamer');
  await signInThroughPage(page, email, PASSWORD);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'edit profile');
  await screenshots(page, 'edit-profile');

  const newName = `${username}-renamed`;
  await dialog.getByRole('textbox', { name: 'Username' }).fill(newName);
  await dialog.getByRole('button', { name: 'Save username' }).click();
  await expect(dialog.getByText('Your username has been updated.')).toBeVisible();

  const newEmail = uniqueEmail('moved');
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').first().fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText(`We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: newName })).toBeVisible();

  // The account keeps its address until the link is opened.
  await page.reload();
  await expect(page.getByRole('main').getByText(newName, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();

  const link = new URL(await outboxLink(page.request, newEmail, 'Confirm your new email'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email Changed' })).toBeVisible();
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await expectAccessible(page, 'confirm email');
  await page.getByRole('button', { name: 'Go to My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('main').getByText(newEmail, { exact: true })).toBeVisible();
  expect((await page.request.post('/api/auth/login', { data: { email: newEmail, password: PASSWORD } })).status()).toBe(200);
});
