// Opening a hosted checkout (Stripe's or the demo's): one POST per page visit, then a full-page
// redirect to the url it returns (docs/product.md, Checkout pages: loading, then redirect or error).
import { useEffect, useState } from 'react';
import { CheckoutUrlResponseSchema } from '../../shared/api/billing';
import { apiJson, errorMessage } from './api';

export type CheckoutState = { status: 'loading' } | { status: 'error'; message: string };

// React may mount a page twice in development; a visit still opens one checkout.
const pending = new Map<string, Promise<string>>();

function openOnce(url: string, body: unknown): Promise<string> {
  const key = `${url} ${JSON.stringify(body)}`;
  let p = pending.get(key);
  if (!p) {
    p = apiJson('POST', url, body, CheckoutUrlResponseSchema).then((r) => r.url);
    pending.set(key, p);
    // A later visit (after returning from the checkout) opens a fresh one.
    void p.finally(() => setTimeout(() => pending.delete(key), 1000)).catch(() => {});
  }
  return p;
}

/** Starts the checkout when `enabled` and sends the browser there; reports errors in the words of docs/product.md, Messages. */
export function useCheckoutRedirect(endpoint: string, body: unknown, fallback: string, enabled: boolean): CheckoutState {
  const [state, setState] = useState<CheckoutState>({ status: 'loading' });
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    openOnce(endpoint, JSON.parse(bodyKey))
      .then((url) => {
        if (live) window.location.assign(url);
      })
      .catch((err: unknown) => {
        if (live) setState({ status: 'error', message: errorMessage(err, fallback) });
      });
    return () => {
      live = false;
    };
  }, [endpoint, bodyKey, fallback, enabled]);
  return state;
}
