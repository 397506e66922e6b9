// The auth dialog (docs/product.md, Auth dialog): 'Sign In' ↔ 'Create an Account' (the form resets on
// toggle), the 'Email Verification Required' view and 'Reset your password' behind 'Forgot
// password?'. The dialog asks for no username: the server makes one from the email address.
import { useEffect, useState, type FormEvent } from 'react';
import { RegisterBodySchema } from '../../../shared/api/auth';
import { useAppUi, type AuthMode } from '../../lib/app-ui';
import { useAuthActions } from '../../lib/auth-actions';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { ForgotPasswordForm } from '../auth/forgot-password-form';
import { LoginForm } from '../auth/login-form';
import { VerificationNotice } from '../auth/verification-notice';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';

type View = AuthMode | 'verify' | 'forgot';

const TITLES: Record<View, string> = {
  login: 'Sign In',
  register: 'Create an Account',
  verify: 'Email Verification Required',
  forgot: 'Reset your password',
};

const DESCRIPTIONS: Record<View, string> = {
  login: 'Sign in to generate LaTeX, compile PDFs and keep your history.',
  register: 'Free accounts include 3 generations per month.',
  verify: 'Verify your email address to finish setting up your account.',
  forgot: 'We will email you a link to choose a new password.',
};

function DialogRegisterForm({ onDone, onVerify }: { onDone: () => void; onVerify: (email: string) => void }) {
  const { register } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // No username here: the server makes one from the address.
    const parsed = RegisterBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await register(parsed.data);
    setBusy(false);
    if (outcome.kind === 'success') onDone();
    else if (outcome.kind === 'verify') onVerify(outcome.email);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        id="dialog-register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        id="dialog-register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner /> : null}
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function AuthDialog() {
  const { authMode, closeAuth } = useAppUi();
  const [view, setView] = useState<View>('login');
  const [verifyEmail, setVerifyEmail] = useState('');
  // Each toggle remounts the form, which resets it.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (authMode) {
      setView(authMode);
      setFormKey((k) => k + 1);
    }
  }, [authMode]);

  const toggle = (next: AuthMode) => {
    setView(next);
    setFormKey((k) => k + 1);
  };
  const toVerify = (email: string) => {
    setVerifyEmail(email);
    setView('verify');
  };
  const toForgot = (email: string) => {
    setVerifyEmail(email);
    setView('forgot');
  };

  return (
    <AppDialog
      open={authMode !== null}
      onOpenChange={(open) => {
        if (!open) closeAuth();
      }}
      title={TITLES[view]}
      description={DESCRIPTIONS[view]}
    >
      {view === 'verify' ? (
        <VerificationNotice email={verifyEmail} onBack={() => toggle('login')} />
      ) : view === 'forgot' ? (
        <ForgotPasswordForm idPrefix="dialog-forgot" initialEmail={verifyEmail} onBack={() => toggle('login')} />
      ) : (
        <div className="grid gap-4">
          {view === 'login' ? (
            <LoginForm key={formKey} idPrefix="dialog-login" onSuccess={closeAuth} onVerify={toVerify} onForgot={toForgot} />
          ) : (
            <DialogRegisterForm key={formKey} onDone={closeAuth} onVerify={toVerify} />
          )}
          <p className="text-center text-sm text-slate-700">
            {view === 'login' ? (
              <Button variant="link" onClick={() => toggle('register')}>
                Don&apos;t have an account? Create one
              </Button>
            ) : (
              <Button variant="link" onClick={() => toggle('login')}>
                Already have an account? Sign in
              </Button>
            )}
          </p>
        </div>
      )}
    </AppDialog>
  );
}
