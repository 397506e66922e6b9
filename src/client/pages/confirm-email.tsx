// /confirm-email?token=…: the link mailed to a new address; opening it moves the account there
// (docs/product.md, Accounts API). A token is single-use, so it is sent once per page load.
import { useEffect, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { confirmEmail, useAccountSession } from '../lib/account-actions';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';

type State = { status: 'loading' } | { status: 'done'; message: string } | { status: 'error'; message: string };

const pending = new Map<string, Promise<State>>();
function confirmOnce(token: string): Promise<State> {
  let p = pending.get(token);
  if (!p) {
    p = confirmEmail(token).then(
      (answer): State => ({ status: 'done', message: answer.message }),
      (err: unknown): State => ({ status: 'error', message: errorMessage(err, 'The email address could not be changed. Please try again.') }),
    );
    pending.set(token, p);
  }
  return p;
}

export function ConfirmEmailPage() {
  usePageTitle('Confirm Email');
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const { isAuthenticated } = useSession();
  const { refresh } = useAccountSession();
  const [state, setState] = useState<State>(token ? { status: 'loading' } : { status: 'error', message: 'No confirmation token provided.' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    void confirmOnce(token).then((s) => {
      if (!live) return;
      setState(s);
      // The header and the account page show the address: ask the server again.
      if (s.status === 'done') void refresh();
    });
    return () => {
      live = false;
    };
  }, [token, refresh]);

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" aria-live="polite">
        {state.status === 'loading' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Confirming your email</h1>
            <div className="mt-6 flex justify-center text-indigo-700">
              <Spinner className="h-8 w-8" label="Confirming..." />
            </div>
          </>
        ) : (
          <>
            {state.status === 'done' ? (
              <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
            ) : (
              <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            )}
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{state.status === 'done' ? 'Email Changed' : 'Email Not Changed'}</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <Button className="mt-6 w-full" onClick={() => navigate(isAuthenticated ? '/account' : '/login')}>
              {isAuthenticated ? 'Go to My Account' : 'Go to Login'}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
