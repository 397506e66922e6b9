// /verify-email?token=…: loading, then 'Email Verified!' ('Email Already Verified' when the link is
// opened again), 'Verification Link Expired' or 'Verification Failed' (docs/product.md, Email verification).
import { useEffect, useState } from 'react';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { VerifyEmailResponseSchema, type VerifyEmailResponse } from '../../shared/api/auth';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { ApiError, apiJson } from '../lib/api';
import { resendVerification } from '../lib/auth-actions';

export type VerifyState =
  | { status: 'loading' }
  | { status: 'success'; message: string; already: boolean }
  | { status: 'token_expired'; message: string; email: string | null }
  | { status: 'error'; message: string; email: string | null };

const NO_TOKEN = 'No verification token provided.';
const EXPIRED = 'Verification token has expired.';
const FAILED = 'Email verification failed.';
const UNEXPECTED = 'An unexpected error occurred during verification.';
const RESEND_FAILED = 'Failed to send verification email. Please try again.';

function fromBody(body: Partial<VerifyEmailResponse> | null): VerifyState {
  const email = typeof body?.email === 'string' && body.email ? body.email : null;
  if (body?.tokenExpired) return { status: 'token_expired', message: body.message || EXPIRED, email };
  return { status: 'error', message: body?.message || FAILED, email };
}

async function verify(token: string): Promise<VerifyState> {
  try {
    const data = await apiJson('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`, undefined, VerifyEmailResponseSchema);
    if (data.success) return { status: 'success', message: data.message || 'Your email has been verified. You can now sign in.', already: data.alreadyVerified === true };
    return fromBody(data);
  } catch (err) {
    if (err instanceof ApiError && err.body) return fromBody(err.body as Partial<VerifyEmailResponse>);
    return { status: 'error', message: UNEXPECTED, email: null };
  }
}

// A token is single-use: one request per token, even if the page mounts twice.
const pending = new Map<string, Promise<VerifyState>>();
function verifyOnce(token: string): Promise<VerifyState> {
  let p = pending.get(token);
  if (!p) {
    p = verify(token);
    pending.set(token, p);
  }
  return p;
}

export function VerifyEmailPage() {
  usePageTitle('Verify Email');
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const [, navigate] = useLocation();
  const [state, setState] = useState<VerifyState>(token ? { status: 'loading' } : { status: 'error', message: NO_TOKEN, email: null });
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!token) {
      setState({ status: 'error', message: NO_TOKEN, email: null });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void verifyOnce(token).then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [token]);

  const resend = async (email: string) => {
    setSending(true);
    await resendVerification(email, RESEND_FAILED);
    setSending(false);
  };

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" aria-live="polite">
        {state.status === 'loading' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Verifying your email</h1>
            <div className="mt-6 flex justify-center text-indigo-700">
              <Spinner className="h-8 w-8" label="Verifying..." />
            </div>
          </>
        ) : null}
        {state.status === 'success' ? (
          <>
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{state.already ? 'Email Already Verified' : 'Email Verified!'}</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <Button className="mt-6 w-full" onClick={() => navigate('/login')}>
              Go to Login
            </Button>
          </>
        ) : null}
        {state.status === 'token_expired' ? (
          <>
            <Clock className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification Link Expired</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <p className="mt-1 text-sm text-slate-700">Request a new link and use it within 24 hours.</p>
            <div className="mt-6 grid gap-2">
              <Button disabled={sending || !state.email} onClick={() => state.email && void resend(state.email)}>
                {sending ? <Spinner /> : null}
                Resend Verification Email
              </Button>
              <Button variant="outline" onClick={() => navigate('/login')}>
                Go to Login
              </Button>
            </div>
          </>
        ) : null}
        {state.status === 'error' ? (
          <>
            <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification Failed</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <div className="mt-6 grid gap-2">
              <Button onClick={() => navigate('/login')}>Go to Login</Button>
              {state.email ? (
                <Button variant="outline" disabled={sending} onClick={() => state.email && void resend(state.email)}>
                  {sending ? <Spinner /> : null}
                  Resend Verification Email
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </div>
    </Page>
  );
}
