// Typed errors the route layer maps to HTTP statuses (503 + Retry-After, 400, 413, 429).

export class CompileBusyError extends Error {
  readonly statusCode = 503;
  constructor(readonly retryAfterSeconds: number) {
    super('The compile service is busy. Please try again in a few seconds.');
    this.name = 'CompileBusyError';
  }
}

export class CompileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(readonly maxBytes: number) {
    super(`The LaTeX source is larger than ${Math.round(maxBytes / 1024)} KB.`);
    this.name = 'CompileTooLargeError';
  }
}

/** The same user already has a compile running. */
export class CompileUserBusyError extends Error {
  readonly statusCode = 429;
  readonly retryAfterSeconds = 1;
  constructor() {
    super('A compilation is already running for you. Please wait for it to finish.');
    this.name = 'CompileUserBusyError';
  }
}

/** The user used up the per-minute compile budget. */
export class CompileRateLimitError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many compilations. Please wait a moment and try again.');
    this.name = 'CompileRateLimitError';
  }
}

/** The account has used its compile time for now (budget.ts). */
export class CompileTimeBudgetError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`You have used your compile time for now. Please try again in ${retryAfterSeconds} seconds.`);
    this.name = 'CompileTimeBudgetError';
  }
}

export class CompileServiceClosedError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 5;
  constructor() {
    super('The compile service is shutting down.');
    this.name = 'CompileServiceClosedError';
  }
}

/** Extra input files with a bad name, too many or too large. */
export class CompileInputError extends Error {
  constructor(
    message: string,
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'CompileInputError';
  }
}

/** A queued compile was lost (its workers died twice, or the queue went away): nothing to show; retry. */
export class CompileJobLostError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 5;
  constructor(reason: string) {
    super('The compilation could not finish. Please try again.');
    this.name = 'CompileJobLostError';
    this.cause = reason;
  }
}
