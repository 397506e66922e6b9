// /auth: the footer's 'Sign In / Register' target (and where /refill sends visitors). It opens the
// auth dialog; ?mode=register opens registration.
import { useEffect } from 'react';
import { LogIn, UserPlus } from 'lucide-react';
import { Redirect, useSearch } from 'wouter';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { useAppUi } from '../lib/app-ui';
import { useSession } from '../lib/session';

export function AuthPage() {
  usePageTitle('Sign In / Register');
  const { isAuthenticated, isLoading } = useSession();
  const { openAuth } = useAppUi();
  const search = useSearch();
  const mode = new URLSearchParams(search).get('mode') === 'register' ? 'register' : 'login';

  useEffect(() => {
    if (!isLoading && !isAuthenticated) openAuth(mode);
  }, [isLoading, isAuthenticated, mode, openAuth]);

  if (isAuthenticated) return <Redirect to="/" replace />;
  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Sign In / Register</h1>
        <p className="mt-2 text-sm text-slate-700">Sign in to generate LaTeX and keep your documents, or create a free account.</p>
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <Button onClick={() => openAuth('login')}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            Sign In
          </Button>
          <Button variant="outline" onClick={() => openAuth('register')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Create an Account
          </Button>
        </div>
      </div>
    </Page>
  );
}
