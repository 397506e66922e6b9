// Typed errors services throw, in the domain's own words. Services never pick HTTP statuses: the
// one error handler at the HTTP edge (http/error-handler.ts) turns each kind into its status and
// sends the message as it is, so every message here is written for the person who will read it.

export type DomainErrorKind =
  /** The request itself is wrong (400). */
  | 'invalid'
  | 'not_found'
  /** The request clashes with the current state (409). */
  | 'conflict'
  /** Too much: a size or a count over its cap (413). */
  | 'too_large'
  /** Well formed, but the server will not process it (422). */
  | 'unprocessable'
  | 'rate_limited'
  /** The server is too busy now; retry later (503). */
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
