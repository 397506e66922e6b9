// /register: username, email, password ('At least 8 characters') and confirm password.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { RegisterFormSchema } from '../../shared/api/auth';
import { VerificationNotice } from '../components/auth/verification-notice';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { useAuthActions } from '../lib/auth-actions';
import { fieldErrors, type FieldErrors } from '../lib/form-errors';
import { useSession } from '../lib/session';

export function RegisterPage() {
  usePageTitle('Create an Account');
  const { isAuthenticated } = useSession();
  const { register } = useAuthActions();
  const [form, setForm] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  if (isAuthenticated && !busy) return <Redirect to="/" replace />;

  const set = (key: keyof typeof form) => (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = RegisterFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const { username, email, password } = parsed.data;
    const outcome = await register({ username, email, password });
    setBusy(false);
    if (outcome.kind === 'verify') setVerifyEmail(outcome.email);
  }

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {verifyEmail ? (
          <>
            <h1 className="mb-4 text-center text-2xl font-bold text-slate-900">Email Verification Required</h1>
            <VerificationNotice email={verifyEmail} />
            <p className="mt-4 text-center text-sm text-slate-700">
              <Link href="/login" className="font-medium text-indigo-700 hover:underline">
                Go to Login
              </Link>
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Create an Account</h1>
            <p className="mt-1 mb-6 text-sm text-slate-700">Free accounts include 3 generations per month.</p>
            <form noValidate onSubmit={submit} className="grid gap-4">
              <TextField id="register-username" label="Username" autoComplete="username" value={form.username} onChange={set('username')} error={errors.username} />
              <TextField
                id="register-email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={form.email}
                onChange={set('email')}
                error={errors.email}
              />
              <TextField
                id="register-password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters"
                value={form.password}
                onChange={set('password')}
                error={errors.password}
              />
              <TextField
                id="register-confirm"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                value={form.confirmPassword}
                onChange={set('confirmPassword')}
                error={errors.confirmPassword}
              />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? <Spinner /> : null}
                {busy ? 'Creating account...' : 'Create Account'}
              </Button>
            </form>
            <p className="mt-6 text-center text-sm text-slate-700">
              Already have an account?{' '}
              <Link href="/login" className="font-medium text-indigo-700 hover:underline">
                Sign in
              </Link>
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
