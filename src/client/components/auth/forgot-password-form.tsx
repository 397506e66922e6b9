// "Reset your password": the form behind "Forgot password?" in the auth dialog and on /login. The
// answer is the same whether or not the address has an account, so it is shown as it comes.
import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { ForgotPasswordBodySchema } from '../../../shared/api/account';
import { forgotPassword } from '../../lib/account-actions';
import { errorMessage } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';

export function ForgotPasswordForm({ idPrefix, initialEmail = '', onBack }: { idPrefix: string; initialEmail?: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ForgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setSent((await forgotPassword(parsed.data.email)).message);
    } catch (err) {
      setErrors({ email: errorMessage(err, 'Could not send the reset link. Please try again later.') });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="grid gap-4 text-center">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50">
          <MailCheck className="h-6 w-6 text-indigo-700" aria-hidden="true" />
        </div>
        <p role="status" className="text-sm text-slate-800">
          {sent}
        </p>
        <p className="text-xs text-slate-600">The link works once and expires in 1 hour.</p>
        <Button variant="link" className="justify-self-center text-sm" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-slate-700">Enter the email address of your account and we will send you a link to choose a new password.</p>
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner /> : null}
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button variant="link" className="justify-self-center text-sm" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
