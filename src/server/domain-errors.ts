// Typed errors services throw, in the domain's own words. Services never pick HTTP statuses: the
// one error handler at the HTTP edge (http/error-handler.ts) turns each kind into its status and
// sends the message as it is, so every message here is written for the person who will read it.

export type DomainErrorKind =
  /** The request itself is wrong (400). */
  | 'invalid'
  /** Not signed in, or the credentials are wrong (401). */
  | 'unauthorized'
  /** The allowance is used up: more needs a plan or a refill pack (402). */
  | 'payment_required'
  /** Signed in, but not allowed to do this yet (403). */
  | 'forbidden'
  | 'not_found'
  /** The request clashes with the current state (409). */
  | 'conflict'
  /** Too much: a size or a count over its cap (413). */
  | 'too_large'
  /** Well formed, but the server will not process it (422). */
  | 'unprocessable'
  | 'rate_limited'
  /** The person gave up waiting; nothing was done or charged (499, nginx's "client closed request"). */
  | 'cancelled'
  /** Our side failed; the message says what it means for the person (500). */
  | 'failed'
  /** The server is too busy, or a dependency is unavailable, now; retry later (503). */
  | 'busy';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** When a retry may succeed (rate_limited, busy): sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** Fields sent beside `message`. */
  readonly extra: Record<string, unknown>;

  constructor(message: string, options: { retryAfterSeconds?: number; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra ?? {};
  }
}

/** The record the request names does not exist, or is not the caller's. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message = 'Not found') {
    super(message);
  }
}
