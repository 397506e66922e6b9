// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../lib/storage';
import { resetToasts } from '../lib/toast';
import { renderApp, renderWithProviders, signedIn, signedOut, stubFetch } from '../test-utils';
import { LoginPage } from './login';
import { NotFoundPage } from './not-found';
import { RegisterPage } from './register';
import { TemplatePage } from './template';
import { VerifyEmailPage } from './verify-email';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/verify-email', () => {
  it('shows Email Verified! and goes to login', async () => {
    const { fn } = stubFetch({ 'GET /api/auth/verify-email': { body: { success: true, message: 'Email verified successfully.', user: { email: 'a@b.co' } } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=good-1' });
    expect(screen.getByText('Verifying...')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(location()).toBe('/login');
  });

  it('offers a resend for an expired link', async () => {
    const { fn, calls } = stubFetch({
      'GET /api/auth/verify-email': { status: 400, body: { success: false, message: 'Verification token has expired.', tokenExpired: true, email: 'a@b.co' } },
      'POST /api/auth/resend-verification': { status: 429, body: { message: 'Too many requests' } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=old-1' });
    expect(await screen.findByRole('heading', { name: 'Verification Link Expired' })).toBeVisible();
    expect(screen.getByText('Verification token has expired.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to Resend')).toBeVisible();
    expect(screen.getByText('Too many requests')).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ email: 'a@b.co' });
  });

  it('shows Verification Failed for a bad token and without a token', async () => {
    const { fn } = stubFetch({ 'GET /api/auth/verify-email': { status: 400, body: { success: false, message: 'Email verification failed.' } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=bad-1' });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    expect(screen.getByText('Email verification failed.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).toBeNull();
    cleanup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByText('No verification token provided.')).toBeVisible();
  });

  it('reports an unexpected error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=net-1' });
    expect(await screen.findByText('An unexpected error occurred during verification.')).toBeVisible();
  });
});

describe('/template/{type}', () => {
  beforeEach(() => localStorage.clear());

  it('stores the template, sets title and description, and redirects after 300 ms', async () => {
    vi.useFakeTimers();
    const { location } = renderWithProviders(<TemplatePage type="presentation" />, { path: '/template/presentation' });
    expect(localStorage.getItem(STORAGE_KEYS.selectedTemplate)).toBe('presentation');
    expect(document.title).toContain('Presentation');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('presentation');
    act(() => vi.advanceTimersByTime(299));
    expect(location()).toBe('/template/presentation');
    act(() => vi.advanceTimersByTime(1));
    expect(location()).toBe('/');
  });

  it('sends an unknown or non-template type to / at once', () => {
    const { location } = renderWithProviders(<TemplatePage type="basic" />, { path: '/template/basic' });
    expect(location()).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.selectedTemplate)).toBeNull();
  });
});

describe('not-found page', () => {
  it("shows '404 Page Not Found' and reports the path", async () => {
    const { fn, calls } = stubFetch({ 'POST /api/set-status': { status: 204 } });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderWithProviders(<NotFoundPage />, { path: '/nonexistent' });
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/set-status?status=404&path=%2Fnonexistent');
  });

  it('is what the app renders for an unknown route', () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'POST /api/set-status': { status: 204 } }).fn));
    renderApp('/definitely/not/here');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});

describe('/register and /login pages', () => {
  it("checks the confirmation: Passwords don't match on the confirm field", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.type(screen.getByLabelText('Confirm Password'), 'different1');
    expect(screen.getByText('At least 8 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeVisible();
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe("Passwords don't match");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers with the entered username', async () => {
    const { fn, calls } = stubFetch({
      'POST /api/auth/register': { status: 201, body: { success: true, emailVerificationSent: true, requiresEmailVerification: true } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.type(screen.getByLabelText('Confirm Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Check your email')).toBeVisible();
    expect(calls[0]?.body).toEqual({ username: 'ada', email: 'ada@example.com', password: 'longenough' });
  });

  it('greets nobody as returning on /login: a new account signs in there first', () => {
    renderWithProviders(<LoginPage />, { path: '/login', session: signedOut() });
    expect(screen.getByText('Sign in to continue writing.')).toBeVisible();
    expect(screen.queryByText(/welcome back/i)).toBeNull();
  });

  it('sends a signed-in user from /login to /', () => {
    const { location } = renderWithProviders(<LoginPage />, { path: '/login', session: signedIn() });
    expect(location()).toBe('/');
  });
});
