// The dialogs and overlays any page can open, mounted once at the root.
import { ErrorCard } from '../ui/error-card';
import { Toaster } from '../ui/toaster';
import { AccountRequiredDialog } from './account-required-dialog';
import { AuthDialog } from './auth-dialog';
import { PlanDialog } from './plan-dialog';

export function GlobalDialogs() {
  return (
    <>
      <AuthDialog />
      <PlanDialog />
      <AccountRequiredDialog />
      <ErrorCard />
      <Toaster />
    </>
  );
}
