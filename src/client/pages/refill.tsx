// /refill: opens the refill-pack checkout (100 generations, one-time, paid plans only) and redirects
// to it. Visitors go to /auth; the server refuses free accounts with the refill message (docs/product.md, Validation).
import { AlertTriangle } from 'lucide-react';
import { Redirect, useLocation } from 'wouter';
import { formatPrice, REFILL_PACK } from '../../shared/plans';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useAppUi } from '../lib/app-ui';
import { useCheckoutRedirect } from '../lib/checkout';
import { useSession } from '../lib/session';

const EMPTY = {};

export function RefillPage() {
  usePageTitle('Purchase Refill Pack');
  const { isAuthenticated, isSignedOut, tier } = useSession();
  const { setPlansOpen } = useAppUi();
  const [, navigate] = useLocation();
  const state = useCheckoutRedirect('/api/subscription/refill/create', EMPTY, 'Failed to create refill pack checkout', isAuthenticated);

  if (isSignedOut) return <Redirect to="/auth" replace />;

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" aria-live="polite">
        {state.status === 'loading' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Purchase Refill Pack</h1>
            <p className="mt-2 text-sm text-slate-700">
              {REFILL_PACK.name}: {REFILL_PACK.credits} generations for {formatPrice(REFILL_PACK.priceCents)} · Never expire
            </p>
            <div className="mt-6 flex justify-center text-indigo-700">
              <Spinner className="h-8 w-8" label="Preparing checkout..." />
            </div>
          </>
        ) : (
          <>
            <AlertTriangle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Error</h1>
            <p className="mt-2 text-sm text-slate-700">{state.message}</p>
            <div className="mt-6 grid gap-2">
              {tier === 'free' ? (
                <Button
                  onClick={() => {
                    navigate('/');
                    setPlansOpen(true);
                  }}
                >
                  View Plans
                </Button>
              ) : null}
              <Button variant={tier === 'free' ? 'outline' : 'primary'} onClick={() => navigate('/')}>
                Return to Home
              </Button>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
