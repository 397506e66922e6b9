// Payments the server took but did not apply (a refill paid after the account went back to the
// free plan), with the reason and whether the money was refunded: shown on the account page.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { BillingSummarySchema, type RefusedPayment } from '../../../shared/api/billing';
import { apiJson } from '../../lib/api';
import { formatDate } from '../../lib/format';

export function RefusedPayments() {
  const { data } = useQuery({
    queryKey: ['billing-summary'],
    queryFn: () => apiJson('GET', '/api/subscription', undefined, BillingSummarySchema),
  });
  const refused: RefusedPayment[] = data?.refusedPayments ?? [];
  if (refused.length === 0) return null;
  const demo = data?.provider === 'demo';
  return (
    <section aria-labelledby="refused-title" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950 shadow-sm" data-testid="refused-payments">
      <h2 id="refused-title" className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle className="h-5 w-5" aria-hidden="true" />
        Payment not applied
      </h2>
      <ul className="mt-3 grid gap-3 text-sm">
        {refused.map((p) => (
          <li key={p.checkoutId}>
            <p>
              <strong>{formatDate(p.refusedAt)}:</strong> {p.reason}
            </p>
            <p className="mt-0.5">
              {demo ? 'This was a demo payment: no card was charged.' : p.refunded ? 'The payment has been refunded to your card.' : 'The refund is being processed.'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
