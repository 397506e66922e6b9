// The dismissible error card, shown in the notification stack (toaster.tsx) so it never covers a
// control: closes itself after 10 s and can carry action buttons.
import { useEffect } from 'react';
import { AlertCircle, X } from 'lucide-react';
import { useAppUi } from '../../lib/app-ui';

export const ERROR_CARD_AUTO_CLOSE_MS = 10_000;

export function ErrorCard() {
  const { errorCard, dismissErrorCard } = useAppUi();

  useEffect(() => {
    if (!errorCard) return;
    const timer = setTimeout(dismissErrorCard, ERROR_CARD_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [errorCard, dismissErrorCard]);

  if (!errorCard) return null;
  return (
    <div
      role="alert"
      aria-labelledby="error-card-title"
      data-testid="error-card"
      className="pointer-events-auto w-full rounded-lg border border-red-200 bg-white p-4 shadow-xl"
    >
      <div className="flex items-start gap-3">
        <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="error-card-title" className="text-sm font-semibold text-red-800">
            {errorCard.title}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-700">{errorCard.message}</p>
          {errorCard.actions?.length ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {errorCard.actions.map((a) => (
                <button
                  key={a.label}
                  type="button"
                  onClick={() => {
                    a.onClick();
                    dismissErrorCard();
                  }}
                  className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
                >
                  {a.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={dismissErrorCard}
          aria-label="Dismiss error"
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
