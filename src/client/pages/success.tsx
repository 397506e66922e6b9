// /success?session_id=…: where a checkout returns. It reads the checkout's real status from the
// server (it never grants anything itself), waiting while the payment provider's webhook arrives,
// then shows 'Payment Successful!' and refreshes the session so the header shows the new plan.
import { useEffect, useState } from 'react';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { CheckoutStatusResponseSchema, type CheckoutStatusResponse } from '../../shared/api/billing';
import { PLANS, REFILL_PACK } from '../../shared/plans';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { apiJson, errorMessage } from '../lib/api';
import { useSession } from '../lib/session';

export const SUCCESS_POLL = { intervalMs: 1000, attempts: 30 } as const;

type State =
  | { status: 'loading' }
  | { status: 'success'; checkout: CheckoutStatusResponse; pending: boolean }
  | { status: 'incomplete'; checkout: CheckoutStatusResponse }
  | { status: 'refused'; reason: string }
  | { status: 'error'; message: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function successText(checkout: CheckoutStatusResponse): string {
  if (checkout.kind === 'refill') return `${REFILL_PACK.credits} bonus credits were added to your account. They never expire.`;
  const plan = checkout.tier ? PLANS[checkout.tier] : null;
  return plan ? `Your ${plan.name} plan is active: ${plan.allowance.toLocaleString('en-US')} generations per month.` : 'Your new plan is active.';
}

export function SuccessPage() {
  usePageTitle('Payment');
  const { isAuthenticated, isSignedOut, lastAuthCheck, controller } = useSession();
  const [, navigate] = useLocation();
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!isAuthenticated) return;
    if (!sessionId) {
      setState({ status: 'error', message: 'No checkout session was given.' });
      return;
    }
    let live = true;
    void (async () => {
      let last: CheckoutStatusResponse | null = null;
      for (let attempt = 0; live && attempt < SUCCESS_POLL.attempts; attempt++) {
        try {
          last = await apiJson('GET', `/api/subscription/checkout-status?session_id=${encodeURIComponent(sessionId)}`, undefined, CheckoutStatusResponseSchema);
        } catch (err) {
          if (live) setState({ status: 'error', message: errorMessage(err, 'We could not read the status of this payment.') });
          return;
        }
        if (last.fulfilled || last.refusal || last.status === 'expired') break;
        await sleep(SUCCESS_POLL.intervalMs);
      }
      if (!live || !last) return;
      if (last.refusal) {
        setState({ status: 'refused', reason: last.refusal });
      } else if (last.fulfilled) {
        await controller.check();
        if (live) setState({ status: 'success', checkout: last, pending: false });
      } else if (last.status === 'complete' && last.paymentStatus !== 'unpaid') {
        // Paid, but the provider has not told us yet: the account updates on its own shortly.
        setState({ status: 'success', checkout: last, pending: true });
      } else {
        setState({ status: 'incomplete', checkout: last });
      }
    })();
    return () => {
      live = false;
    };
  }, [isAuthenticated, sessionId, controller]);

  // Leave only when a session check has really answered "signed out": the loading failsafe can fire
  // first on a slow machine, and a person coming back from paying must not be sent away.
  if (isSignedOut && lastAuthCheck !== null) return <Redirect to="/" replace />;

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" aria-live="polite">
        {state.status === 'loading' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Processing your payment</h1>
            <div className="mt-6 flex justify-center text-indigo-700">
              <Spinner className="h-8 w-8" label="Confirming with the payment provider..." />
            </div>
          </>
        ) : null}
        {state.status === 'success' ? (
          <>
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Successful!</h1>
            <p className="mt-2 text-sm text-slate-700">{successText(state.checkout)}</p>
            {state.pending ? <p className="mt-1 text-sm text-slate-700">Your account will show it in a moment.</p> : null}
            <div className="mt-6 grid gap-2 sm:grid-cols-2">
              <Button variant="outline" onClick={() => navigate('/account')}>
                View Account
              </Button>
              <Button onClick={() => navigate('/')}>Start Generating</Button>
            </div>
          </>
        ) : null}
        {state.status === 'incomplete' ? (
          <>
            <Clock className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Not Completed</h1>
            <p className="mt-2 text-sm text-slate-700">
              {state.checkout.status === 'expired'
                ? 'This checkout expired before it was paid. Nothing was charged.'
                : 'The payment has not been confirmed yet. If you paid, your account will update shortly.'}
            </p>
            <div className="mt-6 grid gap-2 sm:grid-cols-2">
              <Button variant="outline" onClick={() => navigate('/account')}>
                View Account
              </Button>
              <Button onClick={() => navigate('/')}>Return to Home</Button>
            </div>
          </>
        ) : null}
        {state.status === 'refused' ? (
          <>
            <XCircle className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Not Applied</h1>
            <p className="mt-2 text-sm text-slate-700">{state.reason}</p>
            <p className="mt-1 text-sm text-slate-700">Your account page shows whether the payment was refunded.</p>
            <Button className="mt-6 w-full" variant="outline" onClick={() => navigate('/account')}>
              View Account
            </Button>
          </>
        ) : null}
        {state.status === 'error' ? (
          <>
            <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Error</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <Button className="mt-6 w-full" onClick={() => navigate('/')}>
              Return to Home
            </Button>
          </>
        ) : null}
      </div>
    </Page>
  );
}
