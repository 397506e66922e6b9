// The account domain's errors: a taken name, wrong credentials, an unverified email, a bad or
// expired link or form value, and mail that could not be sent. The HTTP edge gives each its status.
import { DomainError } from '../domain-errors.js';

/** The email or username belongs to another account. */
export class AccountTakenError extends DomainError {
  readonly kind = 'conflict';
}

/** Wrong email or password at sign-in (the sign-in throttles count these). */
export class InvalidCredentialsError extends DomainError {
  readonly kind = 'unauthorized';
}

/** The password is right but the email is not verified yet. */
export class EmailNotVerifiedError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message: string, email: string) {
    super(message, { extra: { requiresEmailVerification: true, email } });
  }
}

/** A token that is missing, used, expired or unknown, or a form value the account refuses. */
export class AccountRequestError extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, extra?: Record<string, unknown>) {
    super(message, extra ? { extra } : {});
  }
}

/** The mail the action depends on could not be sent. */
export class MailUnavailableError extends DomainError {
  readonly kind = 'busy';
  constructor(message: string, extra?: Record<string, unknown>, retryAfterSeconds?: number) {
    super(message, { ...(extra ? { extra } : {}), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
  }
}
