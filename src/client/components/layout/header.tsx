// The header of every page (SPEC section 2): logo and title, then either 'Loading...', the signed-in
// controls (usage, History, account, Logout, Upgrade / Manage Plan) or Log In and Sign Up.
import { History, LogOut, Sparkles, User } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { isPaidTier } from '../../../shared/plans';
import { useAppUi } from '../../lib/app-ui';
import { cn } from '../../lib/cn';
import { USAGE_BADGE_CLASS, usageLevel } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Button, buttonClass } from '../ui/button';
import { LogoMark } from './logo';

const HISTORY_PATHS = new Set(['/history', '/document-history']);

export function UsageBadge({ used, limit }: { used: number; limit: number }) {
  const level = usageLevel(used, limit);
  return (
    <span
      data-testid="usage-indicator"
      data-level={level}
      className={cn('inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset', USAGE_BADGE_CLASS[level])}
    >
      {used} / {limit} generations
    </span>
  );
}

export function Header() {
  const session = useSession();
  const { openAuth, setPlansOpen } = useAppUi();
  const [location, navigate] = useLocation();

  let controls;
  if (session.isLoading) {
    controls = (
      <span role="status" className="text-sm text-slate-600">
        Loading...
      </span>
    );
  } else if (session.isAuthenticated && session.user) {
    const paid = isPaidTier(session.tier);
    controls = (
      <>
        <UsageBadge used={session.usage.current} limit={session.usage.limit} />
        {HISTORY_PATHS.has(location) ? null : (
          <Link href="/history" className={buttonClass('ghost', 'sm')}>
            <History className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">History</span>
          </Link>
        )}
        <Button variant="ghost" size="sm" onClick={() => navigate('/account')} title="Account">
          <User className="h-4 w-4" aria-hidden="true" />
          <span className="max-w-[7rem] truncate sm:max-w-[10rem]">{session.user.username || 'My Account'}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void session.controller.logout()}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Logout</span>
        </Button>
        <Button variant={paid ? 'outline' : 'primary'} size="sm" onClick={() => setPlansOpen(true)}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {paid ? 'Manage Plan' : 'Upgrade'}
        </Button>
      </>
    );
  } else {
    controls = (
      <>
        <Button variant="ghost" size="sm" onClick={() => openAuth('login')}>
          Log In
        </Button>
        <Button size="sm" onClick={() => openAuth('register')}>
          Sign Up
        </Button>
      </>
    );
  }

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-md text-slate-900">
          <LogoMark />
          <span className="text-lg font-bold tracking-tight">AI Latex Generator</span>
        </Link>
        <nav aria-label="Account" className="ml-auto flex flex-wrap items-center justify-end gap-1.5 sm:gap-2">
          {controls}
        </nav>
      </div>
    </header>
  );
}
