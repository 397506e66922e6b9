// The 'Check your email' view shown after registration or a sign-in that needs verification.
import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { resendVerification } from '../../lib/auth-actions';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export function VerificationNotice({ email, onBack }: { email: string; onBack?: () => void }) {
  const [sending, setSending] = useState(false);
  return (
    <div className="grid gap-4 text-center">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50">
        <MailCheck className="h-6 w-6 text-indigo-700" aria-hidden="true" />
      </div>
      <div className="grid gap-1">
        <p className="text-base font-semibold text-slate-900">Check your email</p>
        <p className="text-sm text-slate-700">
          We sent a verification link to <span className="font-medium break-all text-slate-900">{email}</span>. Click the link in
          the email to verify your account, then sign in.
        </p>
      </div>
      <Button
        variant="outline"
        disabled={sending || !email}
        onClick={async () => {
          setSending(true);
          await resendVerification(email);
          setSending(false);
        }}
      >
        {sending ? <Spinner /> : null}
        Resend verification email
      </Button>
      {onBack ? (
        <Button variant="link" className="justify-self-center text-sm" onClick={onBack}>
          Back to sign in
        </Button>
      ) : null}
    </div>
  );
}
