// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useAppUi, type AuthMode } from '../../lib/app-ui';
import { resetToasts } from '../../lib/toast';
import { makeUser, renderWithProviders, stubFetch } from '../../test-utils';

function Opener({ mode }: { mode: AuthMode }) {
  const { openAuth } = useAppUi();
  useEffect(() => openAuth(mode), [openAuth, mode]);
  return null;
}

describe('AuthDialog', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
  });

  it('toggles between Sign In and Create an Account and resets the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener mode="login" />);
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    expect(screen.getByLabelText('Remember me')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: "Don't have an account? Create one" }));
    expect(screen.getByRole('dialog', { name: 'Create an Account' })).toBeVisible();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText('Remember me')).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('shows the validation messages without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<Opener mode="login" />);
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in: sets the session, closes and goes to /?verified=true', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/auth/login': { body: { success: true, user: makeUser({ monthlyUsage: 1 }), usageLimit: 3, firstSignIn: false } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session, location } = renderWithProviders(<Opener mode="login" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(session.snapshot().isAuthenticated).toBe(true));
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse', rememberMe: true });
    expect(session.snapshot().usage).toMatchObject({ current: 1, limit: 3 });
    expect(location()).toBe('/?verified=true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Welcome back!')).toBeVisible();
  });

  it('greets a first sign-in with "Welcome!", not "Welcome back!"', async () => {
    const { fn } = stubFetch({ 'POST /api/auth/login': { body: { success: true, user: makeUser(), usageLimit: 3, firstSignIn: true } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<Opener mode="login" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome!')).toBeVisible();
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it('rejects a response without a user id', async () => {
    const { fn } = stubFetch({ 'POST /api/auth/login': { body: { success: true, user: { username: 'x' } } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session } = renderWithProviders(<Opener mode="login" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid user data received from server')).toBeVisible();
    expect(screen.getByText('Login failed')).toBeVisible();
    expect(session.snapshot().isAuthenticated).toBe(false);
  });

  it('moves to the verification view on a 403 that requires verification, and resends', async () => {
    const { fn, calls } = stubFetch({
      'POST /api/auth/login': {
        status: 403,
        body: { message: 'Please verify your email before signing in.', requiresEmailVerification: true, email: 'ada@example.com' },
      },
      'POST /api/auth/resend-verification': { body: { success: true, message: 'sent' } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<Opener mode="login" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Email Verification Required' })).toBeVisible();
    expect(screen.getByText('Check your email')).toBeVisible();
    expect(screen.getByText('Verification Required')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification Email Sent')).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ url: '/api/auth/resend-verification', body: { email: 'ada@example.com' } });
  });

  it('registers with the email alone (the server names the account) and shows the verification view when the email was sent', async () => {
    const { fn, calls } = stubFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { success: true, user: makeUser({ email: 'new@example.com' }), usageLimit: 3, emailVerificationSent: true, requiresEmailVerification: true },
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session } = renderWithProviders(<Opener mode="register" />);
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Check your email')).toBeVisible();
    expect(calls[0]?.body).toEqual({ email: 'new@example.com', password: 'longenough' });
    expect(session.snapshot().isAuthenticated).toBe(false);
    expect(screen.getByText('Please check your email to verify your account.')).toBeVisible();
  });

  it('signs the user in when the verification email could not be sent', async () => {
    const { fn } = stubFetch({
      'POST /api/auth/register': { status: 201, body: { success: true, user: makeUser(), usageLimit: 3, emailVerificationSent: false } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session, location } = renderWithProviders(<Opener mode="register" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(session.snapshot().isAuthenticated).toBe(true));
    expect(location()).toBe('/?verified=true');
    expect(await screen.findByText("However, we couldn't send the verification email. Please try again later.")).toBeVisible();
  });

  it('shows the server message of a failed registration', async () => {
    const { fn } = stubFetch({ 'POST /api/auth/register': { status: 409, body: { message: 'An account with this email already exists' } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<Opener mode="register" />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeVisible();
    expect(screen.getByText('An account with this email already exists')).toBeVisible();
  });
});
