// Renders the toast queue with Radix Toast: swipe right to dismiss (50 px), 5000 ms by default.
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts, type ToastItem } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { topLayer } from '../../lib/layers';

const VARIANT_CLASS: Record<NonNullable<ToastItem['variant']>, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            duration={t.duration}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            // A toast that appeared over an open dialog would take the first Escape: the dialog is
            // the top-most layer for the person, so it closes first and the toast stays.
            onEscapeKeyDown={(e) => {
              const dialog = topLayer();
              if (!dialog) return;
              e.preventDefault();
              dialog.close();
            }}
            className={cn(
              'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
              VARIANT_CLASS[variant],
            )}
          >
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
              {t.description ? (
                <Toast.Description className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-700')}>
                  {t.description}
                </Toast.Description>
              ) : null}
              {t.actions?.length ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {t.actions.map((a) => (
                    <Toast.Action
                      key={a.label}
                      altText={a.label}
                      onClick={a.onClick}
                      className={cn(
                        'rounded-md border px-3 py-1 text-sm font-medium',
                        variant === 'destructive'
                          ? 'border-white/70 bg-transparent text-white hover:bg-white/10'
                          : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                      )}
                    >
                      {a.label}
                    </Toast.Action>
                  ))}
                </div>
              ) : null}
            </div>
            <Toast.Close
              aria-label="Close notification"
              className={cn(
                'absolute right-2 top-2 rounded-md p-1',
                variant === 'destructive' ? 'text-white hover:bg-white/10' : 'text-slate-600 hover:bg-slate-100',
              )}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-16 sm:bottom-auto sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
