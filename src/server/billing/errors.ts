// The billing domain's errors, shared by both payments providers (Stripe and the demo): nothing to
// cancel or manage yet, an unknown checkout, and a provider that is not configured for this.
import { DomainError } from '../domain-errors.js';

/** The account has no paid subscription, or no billing account, for the action asked. */
export class NothingToManageError extends DomainError {
  readonly kind = 'invalid';
}

export class NoSubscriptionToCancelError extends NothingToManageError {
  constructor() {
    super('You have no paid subscription to cancel.');
  }
}

/** The provider cannot do this until the server is configured for it; an operator's retry, not the user's. */
export class BillingNotConfiguredError extends DomainError {
  readonly kind = 'busy';
  constructor(message: string) {
    super(message, { retryAfterSeconds: 60 });
  }
}
