// Email, password, Remember me and 'Forgot password?' — the sign-in form of the auth dialog and
// the /login page.
import { useState, type FormEvent } from 'react';
import { LoginBodySchema } from '../../../shared/api/auth';
import { useAuthActions } from '../../lib/auth-actions';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/checkbox';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';

export function LoginForm({
  onSuccess,
  onVerify,
  onForgot,
  idPrefix = 'login',
}: {
  onSuccess?: () => void;
  onVerify: (email: string) => void;
  /** Opens the reset form, with the email typed so far. */
  onForgot: (email: string) => void;
  idPrefix?: string;
}) {
  const { login } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = LoginBodySchema.safeParse({ email, password, rememberMe });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await login(parsed.data);
    setBusy(false);
    if (outcome.kind === 'success') onSuccess?.();
    else if (outcome.kind === 'verify') onVerify(outcome.email);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <div className="flex items-center justify-between gap-2">
        <CheckboxField id={`${idPrefix}-remember`} label="Remember me" checked={rememberMe} onCheckedChange={setRememberMe} />
        <Button variant="link" className="text-sm" onClick={() => onForgot(email.trim())}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner /> : null}
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
