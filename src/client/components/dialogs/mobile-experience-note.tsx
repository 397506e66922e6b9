// 'Mobile Experience Note' (docs/product.md, Mobile Experience Note): exists, remembers that it was
// seen, but the product never opens it. Kept because the contract lists it; nothing should open it.
import { STORAGE_KEYS, writeLocal } from '../../lib/storage';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';

export function MobileExperienceNote({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mobile Experience Note"
      description="The editor works on phones, but writing and previewing long documents is easier on a larger screen."
    >
      <div className="flex justify-end">
        <Button
          onClick={() => {
            writeLocal(STORAGE_KEYS.mobileNoteSeen, 'true');
            onOpenChange(false);
          }}
        >
          Got it
        </Button>
      </div>
    </AppDialog>
  );
}
