// A new person's first visit: register in the dialog, verify through the emailed link, sign in,
// see their usage, sign out. Plus the not-found page and accessibility of the account pages.
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots, verificationLink } from '../support/browser';
import { uniqueEmail } from '../support/sign-up';

test('register → verify by email → sign in → usage in the header → logout', async ({ page, request }) => {
  const email = uniqueEmail('newcomer');
  const password = 'a long enough password';

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await expectAccessible(page, 'home (signed out)');
  await screenshots(page, 'home-signed-out');

  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await expectAccessible(page, 'auth dialog');
  await screenshots(page, 'auth-dialog-register');
  // Client-side validation shows the messages of docs/product.md, Validation.
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Must provide a valid email')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  await expect(dialog.getByText('Check your email')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
  await screenshots(page, 'auth-dialog-verify');

  // Signing in before verifying leads back to the verification view.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();

  const link = await verificationLink(request, email);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expectAccessible(page, 'verify-email');
  await screenshots(page, 'verify-email-success');
  await page.getByRole('button', { name: 'Go to Login' }).or(page.getByRole('link', { name: 'Go to Login' })).first().click();
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page, 'login');
  await screenshots(page, 'login');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/\?verified=true$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('0 / 3 generations')).toBeVisible();
  // The dialog asks for no username: the server names the account after the address's local part.
  await expect(header.getByRole('button', { name: email.split('@')[0]!, exact: true })).toBeVisible();
  await expectAccessible(page, 'home (signed in)');
  await screenshots(page, 'home-signed-in');

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(header.getByText('generations')).toHaveCount(0);
  // The old session is gone on the server too.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('the /register page checks the confirmation and leads to verification', async ({ page }) => {
  await page.goto('/register');
  await expectAccessible(page, 'register');
  await screenshots(page, 'register');
  // Usernames are unique: derive one from the unique email so the test can run again on the same data.
  const email = uniqueEmail('page');
  await page.getByLabel('Username').fill(email.split('@')[0] ?? 'pagetester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password-one');
  await page.getByLabel('Confirm Password').fill('password-two');
  await page.getByRole('button', { name: /Create Account|Register/ }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('password-one');
  await page.getByRole('button', { name: /Create Account|Register/ }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
});

test('unknown paths show the not-found page and expired links offer a resend', async ({ page }) => {
  const reported = page.waitForRequest((r) => r.url().includes('/api/set-status') && r.method() === 'POST');
  await page.goto('/nonexistent');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await reported;
  await expectAccessible(page, 'not-found');
  await screenshots(page, 'not-found');

  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByText('No verification token provided.')).toBeVisible();
});

test('/template/{type} stores the choice and returns home; /ui-playground renders but is not linked', async ({ page }) => {
  await page.goto('/template/presentation');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedTemplate'))).toBe('presentation');
  // The server serves the production build, whose footer does not link the playground.
  await expect(page.getByRole('link', { name: 'Document History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'UI Playground' })).toHaveCount(0);
  await page.goto('/ui-playground');
  await expect(page.getByRole('tab', { name: 'Cards' })).toBeVisible();
  await expectAccessible(page, 'ui-playground');
});
