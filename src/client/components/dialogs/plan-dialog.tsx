// 'Choose Your Plan' (docs/product.md, Plan dialog): the monthly plans with the current one marked and a
// 'Popular' badge on Power; paid subscribers also see the one-time refill pack. The checkout pages
// themselves belong to the billing slice.
import { Check, Sparkles } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatPrice, isPaidTier, PLAN_LIST, REFILL_PACK, type Tier } from '../../../shared/plans';
import { useAppUi } from '../../lib/app-ui';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';

export function PlanDialog() {
  const { plansOpen, setPlansOpen } = useAppUi();
  const { isAuthenticated, tier: currentTier } = useSession();
  const [, navigate] = useLocation();

  function choose(tier: Tier) {
    if (!isAuthenticated) {
      toast({ title: 'Sign in required', description: 'Please sign in to upgrade your subscription.' });
      setPlansOpen(false);
      return;
    }
    if (tier === currentTier) {
      toast({ title: 'Current plan', description: 'You are already subscribed to this plan.' });
      return;
    }
    if (tier === 'free') {
      toast({ title: 'Downgrade to Free', description: 'Please manage your subscription in the Account page to downgrade.' });
      setPlansOpen(false);
      navigate('/account');
      return;
    }
    setPlansOpen(false);
    navigate(`/subscribe?tier=${tier}`);
  }

  const currentIndex = isAuthenticated ? PLAN_LIST.findIndex((p) => p.tier === currentTier) : -1;
  const startIndex = currentIndex < 0 ? 1 : Math.min(currentIndex + 1, PLAN_LIST.length - 1);

  return (
    <AppDialog
      open={plansOpen}
      onOpenChange={setPlansOpen}
      title="Choose Your Plan"
      description="Pick the monthly generation allowance that fits your work. Upgrade or cancel at any time."
      size="xl"
    >
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Monthly plans">
        {PLAN_LIST.map((plan, index) => {
          const current = isAuthenticated && plan.tier === currentTier;
          // Focus starts on the next plan up (never on "Switch to Free"), or the current one at the top.
          const startHere = index === startIndex;
          return (
            <li
              key={plan.tier}
              className={cn(
                'relative flex flex-col rounded-lg border p-4',
                current ? 'border-indigo-600 ring-2 ring-indigo-600/30' : 'border-slate-200',
                plan.popular ? 'bg-indigo-50/60' : 'bg-white',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
                <div className="flex flex-wrap gap-1">
                  {plan.popular ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
                      <Sparkles className="h-3 w-3" aria-hidden="true" />
                      Popular
                    </span>
                  ) : null}
                  {current ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Current Plan</span>
                  ) : null}
                </div>
              </div>
              <p className="mt-2">
                <span className="text-2xl font-bold text-slate-900">{formatPrice(plan.priceCents)}</span>
                <span className="text-sm text-slate-600"> / month</span>
              </p>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                <Check className="h-4 w-4 text-green-700" aria-hidden="true" />
                {plan.allowance.toLocaleString('en-US')} generations per month
              </p>
              <Button
                className="mt-4 w-full"
                variant={current ? 'outline' : plan.popular ? 'primary' : 'secondary'}
                onClick={() => choose(plan.tier)}
                {...(startHere ? { 'data-initial-focus': true } : {})}
              >
                {current ? 'Current Plan' : plan.tier === 'free' ? 'Switch to Free' : `Choose ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {isAuthenticated && isPaidTier(currentTier) ? (
        <section aria-labelledby="refill-pack-title" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">One-Time Refill Pack</p>
          <h3 id="refill-pack-title" className="mt-1 text-base font-semibold text-slate-900">
            {REFILL_PACK.name}
          </h3>
          <p className="mt-1 text-sm text-slate-800">
            {formatPrice(REFILL_PACK.priceCents)} for {REFILL_PACK.credits} generations · Never expire
          </p>
          <Button
            className="mt-3"
            variant="outline"
            onClick={() => {
              setPlansOpen(false);
              navigate('/refill');
            }}
          >
            Buy Refill Pack
          </Button>
        </section>
      ) : null}
    </AppDialog>
  );
}
