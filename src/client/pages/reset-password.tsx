// /reset-password?token=…: choose a new password from the emailed link. The link is checked first,
// so a used or expired one says so (and offers to send a new one) before any password is typed.
// Success signs this browser in and goes home.
// (docs/product.md, Sign-in and registration pages)
import { useEffect, useState, type FormEvent } from 'react';
import { Clock, KeyRound } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { ResetCheckResponseSchema, ResetPasswordFormSchema } from '../../shared/api/account';
import { ForgotPasswordForm } from '../components/auth/forgot-password-form';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { useAccountSession } from '../lib/account-actions';
import { ApiError, apiJson, errorMessage } from '../lib/api';
import { fieldErrors, type FieldErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';

type LinkProblem = { expired: boolean; message: string };

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const { resetPassword } = useAccountSession();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LinkProblem | null>(token ? null : { expired: false, message: 'No reset token provided.' });
  const [askNew, setAskNew] = useState(false);
  // The link is checked before the form shows: a used or expired one says so at once.
  const [checking, setChecking] = useState(token !== null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    apiJson('POST', '/api/auth/reset-password/check', { token }, ResetCheckResponseSchema)
      .catch((err: unknown) => {
        if (live && err instanceof ApiError && err.status === 400 && err.body?.success === false) {
          setProblem({ expired: err.body.tokenExpired === true, message: errorMessage(err) });
        }
        // Anything else (a rate limit, the network): the form stays, and its answer will say.
      })
      .finally(() => {
        if (live) setChecking(false);
      });
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ResetPasswordFormSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await resetPassword(token ?? '', parsed.data.password);
      toast({ title: 'Password Reset', description: answer.message, variant: 'success' });
      navigate('/');
    } catch (err) {
      setBusy(false);
      // A link that cannot work any more; other failures (rate limit, network) keep the form.
      if (err instanceof ApiError && err.status === 400 && err.body?.success === false) {
        setProblem({ expired: err.body.tokenExpired === true, message: errorMessage(err) });
      } else {
        setErrors({ password: errorMessage(err, 'Could not reset the password. Please try again.') });
      }
    }
  }

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {checking ? (
          <div className="flex justify-center py-6 text-indigo-700" aria-live="polite">
            <Spinner className="h-6 w-6" label="Checking your link..." />
          </div>
        ) : askNew ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-slate-900">Reset your password</h1>
            <ForgotPasswordForm idPrefix="reset-forgot" onBack={() => navigate('/login')} />
          </>
        ) : problem ? (
          <div className="text-center" aria-live="polite">
            <Clock className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{problem.expired ? 'Reset Link Expired' : 'Reset Link Invalid'}</h1>
            <p className="mt-2 text-sm text-slate-700">{problem.message}</p>
            <div className="mt-6 grid gap-2">
              <Button onClick={() => setAskNew(true)}>Send a new link</Button>
              <Button variant="outline" onClick={() => navigate('/login')}>
                Go to Login
              </Button>
            </div>
          </div>
        ) : (
          <>
            <KeyRound className="h-8 w-8 text-indigo-700" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold text-slate-900">Choose a new password</h1>
            <p className="mt-1 mb-6 text-sm text-slate-700">After the reset you are signed in here, and signed out everywhere else.</p>
            <form noValidate onSubmit={submit} className="grid gap-4">
              <TextField
                id="reset-password"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.password}
              />
              <TextField
                id="reset-confirm"
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.target.value)}
                error={errors.confirmPassword}
              />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? <Spinner /> : null}
                {busy ? 'Resetting...' : 'Reset password'}
              </Button>
            </form>
          </>
        )}
      </div>
    </Page>
  );
}
