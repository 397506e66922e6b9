// /login: the sign-in page, with the reset form behind 'Forgot password?'. A signed-in user is sent to /.
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { ForgotPasswordForm } from '../components/auth/forgot-password-form';
import { LoginForm } from '../components/auth/login-form';
import { VerificationNotice } from '../components/auth/verification-notice';
import { Page, usePageTitle } from '../components/layout/page';
import { useSession } from '../lib/session';

export function LoginPage() {
  usePageTitle('Sign In');
  const { isAuthenticated } = useSession();
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  if (isAuthenticated) return <Redirect to="/" replace />;
  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {verifyEmail ? (
          <>
            <h1 className="mb-4 text-center text-2xl font-bold text-slate-900">Email Verification Required</h1>
            <VerificationNotice email={verifyEmail} onBack={() => setVerifyEmail(null)} />
          </>
        ) : forgotEmail !== null ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-slate-900">Reset your password</h1>
            <ForgotPasswordForm idPrefix="page-forgot" initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Sign In</h1>
            <p className="mt-1 mb-6 text-sm text-slate-700">Sign in to continue writing.</p>
            <LoginForm idPrefix="page-login" onVerify={setVerifyEmail} onForgot={setForgotEmail} />
            <p className="mt-6 text-center text-sm text-slate-700">
              Don&apos;t have an account?{' '}
              <Link href="/register" className="font-medium text-indigo-700 hover:underline">
                Create one
              </Link>
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
