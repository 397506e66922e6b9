// /account: profile, and the subscription card with plan, usage bar (coloured by the share used,
// capped at 100 %), reset date, bonus credits and the amber box at the limit. Visitors go to /; a
// session lost while here, or found gone on arrival by someone this browser had signed in, says
// 'Session Expired' first. Paid plans open the billing portal.
import { useEffect, useRef, useState } from 'react';
import { CalendarDays, CreditCard, Gift, Mail, Sparkles, User } from 'lucide-react';
import { Redirect, useLocation } from 'wouter';
import { formatPrice, isPaidTier, PLANS, REFILL_PACK } from '../../shared/plans';
import { EditProfileDialog } from '../components/account/edit-profile-dialog';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { ApiError, apiJson } from '../lib/api';
import { useAppUi } from '../lib/app-ui';
import { cn } from '../lib/cn';
import { formatDate, USAGE_BAR_CLASS, USAGE_TEXT_CLASS, usageLevel, usagePercent } from '../lib/format';
import { useSession } from '../lib/session';
import { hasLoginFlag } from '../lib/storage';
import { toast } from '../lib/toast';
import { RefusedPayments } from '../components/account/refused-payments';

export function UsageBar({ used, limit }: { used: number; limit: number }) {
  const level = usageLevel(used, limit);
  const pct = usagePercent(used, limit);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">Monthly usage</span>
        <span className={cn('font-semibold', USAGE_TEXT_CLASS[level])} data-testid="account-usage">
          {used} / {limit} generations
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Generations used this month"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={`${used} of ${limit} generations used`}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full rounded-full transition-[width]', USAGE_BAR_CLASS[level])} style={{ width: `${pct}%` }} data-level={level} />
      </div>
    </div>
  );
}

export function AccountPage() {
  usePageTitle('My Account');
  const session = useSession();
  const { setPlansOpen } = useAppUi();
  const [, navigate] = useLocation();
  const [portalBusy, setPortalBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const refreshed = useRef(false);
  // Once signed in here, losing the session (a check, the poll, another tab's logout) is an
  // expiry the person is told about before the page leaves. So is a session found gone on arrival
  // when this browser was signed in: the failed check clears the stored flag, so it is read once,
  // as the page opens.
  const [hadSession, setHadSession] = useState(false);
  const [signedInHere] = useState(hasLoginFlag);
  if (session.isAuthenticated && !hadSession) setHadSession(true);
  const expired = (hadSession || signedInHere) && session.isSignedOut;

  // Fresh numbers on arrival.
  const { isAuthenticated, controller } = session;
  useEffect(() => {
    if (!isAuthenticated || refreshed.current) return;
    refreshed.current = true;
    void controller.check();
  }, [isAuthenticated, controller]);

  useEffect(() => {
    if (!expired) return;
    toast({ title: 'Session Expired', description: 'Please sign in again.', variant: 'destructive' });
    navigate('/', { replace: true });
  }, [expired, navigate]);

  if (session.isSignedOut && !expired) return <Redirect to="/" replace />;
  if (!session.isAuthenticated || !session.user) {
    return (
      <Page width="medium">
        <h1 className="sr-only">My Account</h1>
        <div className="flex justify-center p-12 text-slate-700">
          <Spinner className="h-6 w-6" label="Loading account..." />
        </div>
      </Page>
    );
  }

  const { user, usage, tier, refillPackCredits } = session;
  const plan = PLANS[tier];
  const paid = isPaidTier(tier);
  const atLimit = usage.current >= usage.limit;

  async function openPortal() {
    setPortalBusy(true);
    try {
      const { url } = await apiJson<{ url: string }>('POST', '/api/subscription/portal', {});
      if (!url) throw new Error('No portal URL');
      window.location.assign(url);
    } catch (err) {
      toast({
        title: 'Failed to open billing portal. Please try again.',
        description: err instanceof ApiError ? (err.serverMessage ?? undefined) : undefined,
        variant: 'destructive',
      });
      setPortalBusy(false);
    }
  }

  return (
    <Page width="medium">
      <h1 className="text-2xl font-bold text-slate-900">My Account</h1>
      <div className="mt-6 grid gap-6">
        <RefusedPayments />
        <section aria-labelledby="profile-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
              Profile
            </h2>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
            <EditProfileDialog open={editing} onOpenChange={setEditing} user={user} />
          </div>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="flex items-center gap-1.5 text-slate-600">
                <User className="h-4 w-4" aria-hidden="true" />
                Username
              </dt>
              <dd className="mt-0.5 font-medium break-all text-slate-900">{user.username}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-1.5 text-slate-600">
                <Mail className="h-4 w-4" aria-hidden="true" />
                Email
              </dt>
              <dd className="mt-0.5 font-medium break-all text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-1.5 text-slate-600">
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                Member since
              </dt>
              <dd className="mt-0.5 font-medium text-slate-900">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="subscription-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="subscription-title" className="text-lg font-semibold text-slate-900">
                Subscription
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-semibold text-slate-900" data-testid="plan-name">
                  {plan.name}
                </span>{' '}
                plan · {formatPrice(plan.priceCents)} / month
              </p>
              {paid && user.stripeSubscriptionId ? (
                <p className="mt-0.5 text-xs text-slate-600">
                  Subscription ID: <span className="font-mono">{user.stripeSubscriptionId.slice(0, 8)}…</span>
                </p>
              ) : null}
            </div>
            {paid ? (
              <Button variant="outline" onClick={() => void openPortal()} disabled={portalBusy}>
                {portalBusy ? <Spinner /> : <CreditCard className="h-4 w-4" aria-hidden="true" />}
                Manage Subscription
              </Button>
            ) : (
              <Button onClick={() => setPlansOpen(true)}>
                <Sparkles className="h-4 w-4" aria-hidden="true" />
                Upgrade Plan
              </Button>
            )}
          </div>

          <div className="mt-6">
            <UsageBar used={usage.current} limit={usage.limit} />
            <p className="mt-2 text-xs text-slate-600">
              {usage.resetDate ? `Usage resets on ${formatDate(usage.resetDate)}` : 'Usage resets monthly'}
            </p>
            {refillPackCredits > 0 ? (
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-800" data-testid="bonus-credits">
                <Gift className="h-4 w-4 text-indigo-700" aria-hidden="true" />
                Bonus credits: {refillPackCredits} extra {refillPackCredits === 1 ? 'generation' : 'generations'} (never expire)
              </p>
            ) : null}
          </div>

          {atLimit ? (
            <div role="note" className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4">
              <p className="font-semibold text-amber-900">You have reached your monthly limit</p>
              <p className="mt-1 text-sm text-amber-900">
                {refillPackCredits > 0
                  ? `Your ${refillPackCredits} bonus credits are used for new generations until your allowance resets.`
                  : `You've used all ${usage.limit} generations of this month.`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {paid ? (
                  <Button size="sm" onClick={() => navigate('/refill')}>
                    Refill {REFILL_PACK.credits} Credits for {formatPrice(REFILL_PACK.priceCents)}
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => setPlansOpen(true)}>
                  {paid ? 'View All Plans' : 'Upgrade Plan'}
                </Button>
              </div>
            </div>
          ) : null}
        </section>
      </div>
    </Page>
  );
}
