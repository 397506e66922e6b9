// /subscribe?tier=…: opens the subscription checkout and redirects to it (docs/product.md, Checkout pages).
// The tier may be an id (tier3) or a display name (Pro); none means Basic. Visitors go to /.
import { AlertTriangle } from 'lucide-react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PLANS, parseTier } from '../../shared/plans';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useCheckoutRedirect } from '../lib/checkout';
import { useSession } from '../lib/session';

export function SubscribePage() {
  usePageTitle('Subscribe');
  const { isAuthenticated, isSignedOut } = useSession();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('tier');
  const tier = requested ? parseTier(requested) : 'tier1';
  const state = useCheckoutRedirect('/api/subscription/create', { tier: tier ?? '' }, 'Failed to create subscription', isAuthenticated && tier !== null);

  if (isSignedOut) return <Redirect to="/" replace />;
  const error = tier === null ? 'Unknown plan. Choose Basic, Standard, Pro, Advanced or Power.' : state.status === 'error' ? state.message : null;

  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" aria-live="polite">
        {error === null ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Preparing checkout...</h1>
            {tier ? (
              <p className="mt-2 text-sm text-slate-700">
                {PLANS[tier].name} plan · {PLANS[tier].allowance.toLocaleString('en-US')} generations per month
              </p>
            ) : null}
            <div className="mt-6 flex justify-center text-indigo-700">
              <Spinner className="h-8 w-8" label="Redirecting to the secure checkout..." />
            </div>
          </>
        ) : (
          <>
            <AlertTriangle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Subscription Error</h1>
            <p className="mt-2 text-sm text-slate-700">{error}</p>
            <Button className="mt-6 w-full" onClick={() => navigate('/')}>
              Return to Home
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
