// A styled Radix Dialog: overlay, focus trap, Escape to close, a title and an optional description.
// Every dialog registers as a layer: focus goes back to what opened it when it closes, and Escape
// reaches it before a toast that appeared later.
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { openLayer, returnFocus, takeOpener, type Layer } from '../../lib/layers';

export interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button (the dialog then needs its own way out). */
  hideClose?: boolean;
  size?: 'md' | 'lg' | 'xl';
}

const SIZE_CLASS = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

export function AppDialog({ open, onOpenChange, title, description, children, className, hideClose, size = 'md' }: AppDialogProps) {
  const [layer] = useState<Layer>(() => ({ close: () => {}, opener: null }));
  useEffect(() => {
    layer.close = () => onOpenChange(false);
  }, [layer, onOpenChange]);
  useEffect(() => (open ? openLayer(layer) : undefined), [open, layer]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Runs before focus moves in: what has focus now is what opened the dialog.
          onOpenAutoFocus={(e) => {
            takeOpener(layer, document.activeElement);
            // A dialog may name the control to start on (data-initial-focus) instead of its first one.
            const start = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-initial-focus]');
            if (start) {
              e.preventDefault();
              start.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus(layer);
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none',
            SIZE_CLASS[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1.5 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A yes/no question (e.g. 'Are you sure you want to clear the editor?'). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={message} hideClose>
      <div className="flex justify-end gap-2">
        <RadixDialog.Close asChild>
          <button
            type="button"
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            {cancelLabel}
          </button>
        </RadixDialog.Close>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
          className={cn(
            'inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-white',
            destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-indigo-700 hover:bg-indigo-800',
          )}
        >
          {confirmLabel}
        </button>
      </div>
    </AppDialog>
  );
}
