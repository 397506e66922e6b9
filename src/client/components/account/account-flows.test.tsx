// @vitest-environment happy-dom
// The account forms against a stubbed API: "Forgot password?" in the dialog, the /reset-password
// page (success signs in and goes home; a used link offers a new one), and Edit Profile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { useAppUi } from '../../lib/app-ui';
import { useSession } from '../../lib/session';
import { resetToasts } from '../../lib/toast';
import { AccountPage } from '../../pages/account';
import { ResetPasswordPage } from '../../pages/reset-password';
import { makeUser, renderWithProviders, signedIn, stubFetch } from '../../test-utils';

const RESET_SENT = 'If an account exists for this email, we have sent a link to reset your password. Please check your inbox.';

function OpenSignIn() {
  const { openAuth } = useAppUi();
  useEffect(() => openAuth('login'), [openAuth]);
  return null;
}

function WhoIsSignedIn() {
  const { user } = useSession();
  return <p data-testid="who">{user ? `${user.username} <${user.email}>` : 'nobody'}</p>;
}

describe('account flows', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
  });

  it('opens the reset form from "Forgot password?", keeps the typed email, and shows the answer', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/auth/forgot-password': { body: { success: true, message: RESET_SENT } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<OpenSignIn />);
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));

    const reset = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect((within(reset).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(within(reset).getByRole('button', { name: 'Send reset link' }));
    expect((await within(reset).findByRole('status')).textContent).toContain(RESET_SENT);
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/forgot-password', body: { email: 'ada@example.com' } }]);

    await user.click(within(reset).getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInstanceOf(HTMLElement);
  });

  it('resets the password from the link, signs in and goes home', async () => {
    const who = makeUser({ username: 'ada', email: 'ada@example.com' });
    const { fn, calls } = stubFetch({
      'POST /api/auth/reset-password/check': { body: { success: true, valid: true } },
      'POST /api/auth/reset-password': { body: { success: true, message: 'Your password has been reset. You are signed in.', user: who, usageLimit: 3 } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { location } = renderWithProviders(
      <>
        <WhoIsSignedIn />
        <Switch>
          <Route path="/reset-password" component={ResetPasswordPage} />
        </Switch>
      </>,
      { path: '/reset-password?token=abc_DEF-123' },
    );
    expect(screen.getByTestId('who').textContent).toContain('nobody');
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another one');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText("Passwords don't match").getAttribute('role')).toBe('alert');
    // Only the link's check so far.
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/reset-password/check']);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls[1]).toEqual({ method: 'POST', url: '/api/auth/reset-password', body: { token: 'abc_DEF-123', password: 'a new password' } });
    expect(screen.getByTestId('who').textContent).toContain('ada <ada@example.com>');
  });

  it('says a used reset link is invalid as the page opens, before any password is typed, and offers a new link', async () => {
    const { fn, calls } = stubFetch({
      'POST /api/auth/reset-password/check': { status: 400, body: { success: false, message: 'This password reset link is invalid or has already been used.' } },
      'POST /api/auth/forgot-password': { body: { success: true, message: RESET_SENT } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Reset Link Invalid');
    expect(screen.getByText('This password reset link is invalid or has already been used.').tagName).toBe('P');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/reset-password/check', body: { token: 'used' } }]);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain(RESET_SENT);
  });

  it('edits the profile: rename updates the session, a wrong current password shows on its field', async () => {
    const session = signedIn({ username: 'ada', email: 'ada@example.com' });
    const renamed = makeUser({ username: 'Ada Lovelace', email: 'ada@example.com' });
    const { fn, calls } = stubFetch({
      'GET /api/auth/me': { body: { user: makeUser({ username: 'ada' }), usageLimit: 3 } },
      'PATCH /api/auth/me': { body: { success: true, message: 'Your username has been updated.', user: renamed, usageLimit: 3 } },
      'POST /api/auth/change-password': { status: 400, body: { message: 'Your current password is incorrect.', field: 'currentPassword' } },
      'POST /api/auth/change-email': {
        body: { success: true, message: 'We sent a confirmation link to new@example.com. Your email address changes when you open it.', pendingEmail: 'new@example.com' },
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <WhoIsSignedIn />
        <AccountPage />
      </>,
      { path: '/account', session },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    const name = within(dialog).getByRole('textbox', { name: 'Username' });
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save username' }));
    expect((await within(dialog).findByText('Your username has been updated.')).getAttribute('role')).toBe('status');
    expect(screen.getByTestId('who').textContent).toContain('Ada Lovelace <ada@example.com>');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ username: 'Ada Lovelace' });

    const passwords = within(dialog).getAllByLabelText('Current password');
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.com');
    await user.type(passwords[0]!, 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect((await within(dialog).findByText(/We sent a confirmation link to new@example.com/)).getAttribute('role')).toBe('status');
    // The address shown stays the old one until the link is opened.
    expect(screen.getByTestId('who').textContent).toContain('<ada@example.com>');

    await user.type(passwords[1]!, 'wrong password');
    await user.type(within(dialog).getByLabelText('New password'), 'new password!');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new password!');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    const error = await within(dialog).findByText('Your current password is incorrect.');
    expect(passwords[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(passwords[1]!.getAttribute('aria-describedby')).toContain(error.id);
  });
});
