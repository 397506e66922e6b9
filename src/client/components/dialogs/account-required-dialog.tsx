// 'Account Required': shown when a visitor tries something that needs an account.
import { useAppUi } from '../../lib/app-ui';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';

export function AccountRequiredDialog() {
  const { accountRequiredOpen, setAccountRequiredOpen, openAuth } = useAppUi();
  const go = (mode: 'login' | 'register') => {
    setAccountRequiredOpen(false);
    openAuth(mode);
  };
  return (
    <AppDialog
      open={accountRequiredOpen}
      onOpenChange={setAccountRequiredOpen}
      title="Account Required"
      description="Create a free account to generate LaTeX documents, compile PDFs and keep your history. Free accounts include 3 generations per month."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => setAccountRequiredOpen(false)}>
          Maybe Later
        </Button>
        <Button variant="outline" onClick={() => go('login')}>
          Log In
        </Button>
        <Button onClick={() => go('register')}>Create Account</Button>
      </div>
    </AppDialog>
  );
}
