// The text pool's domain errors: a task that ran past its limit (its worker was terminated), and a
// pool too busy to start a task in time. Neither is charged and neither saves anything.
import { DomainError } from '../../domain-errors.js';

export const TOO_COMPLEX_MESSAGE = 'This note is too complex to convert; try splitting it';

export class TextTooComplexError extends DomainError {
  readonly kind = 'unprocessable';
  constructor(cause?: unknown) {
    super(TOO_COMPLEX_MESSAGE, cause !== undefined ? { cause } : {});
  }
}

export class TextPoolBusyError extends DomainError {
  readonly kind = 'busy';
  constructor() {
    super('The server is busy converting other notes. Please try again in a few seconds.', { retryAfterSeconds: 5 });
  }
}
