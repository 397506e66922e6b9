// The notification stack: the error card and the toast (Radix Toast: swipe right to dismiss at
// 50 px, 5000 ms by default) stacked in one box, placed in a corner of the screen where they
// cover no control. Escape closes an open dialog before a toast that appeared over it.
import { useRef } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts, type ToastItem } from '../../lib/toast';
import { useAppUi } from '../../lib/app-ui';
import { cn } from '../../lib/cn';
import { topLayer } from '../../lib/layers';
import { ErrorCard } from './error-card';
import { useFreeCorner } from './use-free-corner';

const VARIANT_CLASS: Record<NonNullable<ToastItem['variant']>, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

function ToastView({ t }: { t: ToastItem }) {
  const variant = t.variant ?? 'default';
  return (
    <Toast.Root
      open={t.open}
      duration={t.duration}
      onOpenChange={(open) => {
        if (!open) dismissToast(t.id);
      }}
      // A toast that appeared over an open dialog would take the first Escape: the dialog is the
      // top-most layer for the person, so it closes first and the toast stays.
      onEscapeKeyDown={(e) => {
        const dialog = topLayer();
        if (!dialog) return;
        e.preventDefault();
        dialog.close();
      }}
      className={cn('toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg', VARIANT_CLASS[variant])}
    >
      <div className="grid gap-1">
        <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
        {t.description ? (
          <Toast.Description className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-700')}>{t.description}</Toast.Description>
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
                  variant === 'destructive' ? 'border-white/70 bg-transparent text-white hover:bg-white/10' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
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
        className={cn('absolute top-2 right-2 rounded-md p-1', variant === 'destructive' ? 'text-white hover:bg-white/10' : 'text-slate-600 hover:bg-slate-100')}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  );
}

export function Toaster() {
  const toasts = useToasts();
  const { errorCard } = useAppUi();
  const stackRef = useRef<HTMLDivElement>(null);
  const open = toasts.filter((t) => t.open);
  const active = open.length > 0 || errorCard !== null;
  const placement = useFreeCorner(stackRef, active, `${open.map((t) => t.id).join()}|${errorCard?.id ?? ''}`);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <ToastView key={t.id} t={t} />
      ))}
      <div
        ref={stackRef}
        data-testid="notifications"
        data-corner={placement?.corner}
        className="pointer-events-none fixed z-[100] flex w-[calc(100vw-2rem)] max-w-[380px] flex-col gap-2"
        // Until measured, it waits off screen so it never flashes over a control.
        style={placement ? { left: placement.rect.left, top: placement.rect.top } : { left: -10_000, top: 0 }}
      >
        <ErrorCard />
        <Toast.Viewport className="flex flex-col gap-2 outline-none" />
      </div>
    </Toast.Provider>
  );
}
