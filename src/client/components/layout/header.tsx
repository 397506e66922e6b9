// The header of every page: logo and title, then either 'Loading...', the signed-in controls
// (usage, History, account, Logout, Upgrade / Manage Plan — folded into one menu on a phone, so
// the header stays one row) or Log In and Sign Up.
import { History, LogOut, Menu, Sparkles, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'wouter';
import { isPaidTier } from '../../../shared/plans';
import { useAppUi } from '../../lib/app-ui';
import { cn } from '../../lib/cn';
import { USAGE_BADGE_CLASS, usageLevel } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Button, buttonClass } from '../ui/button';
import { LogoMark } from './logo';

const HISTORY_PATHS = new Set(['/history', '/document-history']);

const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900';

export function UsageBadge({ used, limit }: { used: number; limit: number }) {
  const level = usageLevel(used, limit);
  return (
    <span
      data-testid="usage-indicator"
      data-keep-uncovered
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
    const name = session.user.username || 'My Account';
    const planLabel = paid ? 'Manage Plan' : 'Upgrade';
    const onHistory = HISTORY_PATHS.has(location);
    controls = (
      <>
        <div className="hidden items-center gap-2 sm:flex">
          <UsageBadge used={session.usage.current} limit={session.usage.limit} />
          {onHistory ? null : (
            <Link href="/history" className={buttonClass('ghost', 'sm')}>
              <History className="h-4 w-4" aria-hidden="true" />
              History
            </Link>
          )}
          <Button variant="ghost" size="sm" onClick={() => navigate('/account')}>
            <User className="h-4 w-4" aria-hidden="true" />
            <span className="max-w-[10rem] truncate">{name}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void session.controller.logout()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </Button>
          <Button variant={paid ? 'outline' : 'primary'} size="sm" onClick={() => setPlansOpen(true)}>
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {planLabel}
          </Button>
        </div>
        {/* On a phone everything folds into one menu, so the header stays one row. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger className={buttonClass('outline', 'sm', 'sm:hidden')}>
            <Menu className="h-4 w-4" aria-hidden="true" />
            Menu
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-[14rem] rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg">
              <DropdownMenu.Label className="px-2 py-1.5">
                <UsageBadge used={session.usage.current} limit={session.usage.limit} />
              </DropdownMenu.Label>
              {onHistory ? null : (
                <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate('/history')}>
                  <History className="h-4 w-4" aria-hidden="true" />
                  History
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate('/account')}>
                <User className="h-4 w-4" aria-hidden="true" />
                <span className="truncate">{name}</span>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setPlansOpen(true)}>
                <Sparkles className="h-4 w-4" aria-hidden="true" />
                {planLabel}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void session.controller.logout()}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Logout
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </>
    );
  } else {
    controls = (
      <>
        <Button variant="ghost" size="sm" className="px-2.5 sm:px-3" onClick={() => openAuth('login')}>
          Log In
        </Button>
        <Button size="sm" className="px-2.5 sm:px-3" onClick={() => openAuth('register')}>
          Sign Up
        </Button>
      </>
    );
  }

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-2.5 sm:gap-4 sm:px-6 sm:py-3">
        <Link href="/" className="flex min-w-0 shrink items-center gap-2 rounded-md text-slate-900">
          <LogoMark className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" />
          <span className="truncate text-base font-bold tracking-tight sm:text-lg">AI Latex Generator</span>
        </Link>
        <nav aria-label="Account" className="ml-auto flex shrink-0 items-center justify-end gap-1 sm:gap-2">
          {controls}
        </nav>
      </div>
    </header>
  );
}
