// The dialogs and overlays any page can open, mounted once at the root (the error card lives in
// the toaster's notification stack).
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
      <Toaster />
    </>
  );
}
