// 'Account Required': shown when a visitor tries something that needs an account (compiling,
// downloading), saying what they tried and that free accounts include 3 generations per month.
import { PLANS } from '../../../shared/plans';
import { useAppUi } from '../../lib/app-ui';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';

const FREE_TEXT = `Free accounts include ${PLANS.free.allowance} generations per month.`;

export function AccountRequiredDialog() {
  const { accountRequired, closeAccountRequired, openAuth } = useAppUi();
  const go = (mode: 'login' | 'register') => {
    closeAccountRequired();
    openAuth(mode);
  };
  return (
    <AppDialog
      open={accountRequired !== null}
      onOpenChange={(open) => {
        if (!open) closeAccountRequired();
      }}
      title="Account Required"
      description={`${accountRequired || 'Create a free account to generate LaTeX documents, compile PDFs and keep your history.'} ${FREE_TEXT}`}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={closeAccountRequired}>
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
