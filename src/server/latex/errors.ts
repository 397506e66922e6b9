// The generate-and-compile domain's errors: a model the plan does not offer, a generation that
// failed or was given up on (neither is charged), a document with no PDF, and a compile the compile
// service refused. The HTTP edge gives each its status.
import { DomainError, type DomainErrorKind } from '../domain-errors.js';

/** A model that does not exist, or is not in the person's plan; `models` lists those that are. */
export class ModelNotOfferedError extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, models: readonly string[]) {
    super(message, { extra: { models } });
  }
}

export class GenerationFailedError extends DomainError {
  readonly kind = 'failed';
  constructor(cause: unknown) {
    super('Generation failed. Please try again; you were not charged.', { cause });
  }
}

/** Nobody is waiting for the document any more: it is neither saved nor charged. */
export class GenerationCancelledError extends DomainError {
  readonly kind = 'cancelled';
  constructor() {
    super('The request was cancelled; you were not charged.');
  }
}

/** The document's LaTeX did not compile; `compilationResult` says why. */
export class NoPdfError extends DomainError {
  readonly kind = 'unprocessable';
  constructor(compilationResult: unknown) {
    super('No PDF available', { extra: { compilationResult } });
  }
}

/** A compile the compile service would not run: too busy, too large, bad input files, too many. */
export class CompileRefusedError extends DomainError {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    retryAfterSeconds?: number,
    cause?: unknown,
  ) {
    super(message, { ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}), cause });
  }
}

/** A change was asked for, but no AI model is there to make it (the builtin generator cannot). */
export class ChangeNeedsModelError extends DomainError {
  readonly kind = 'invalid';
  constructor(offered: readonly string[]) {
    super(
      offered.length > 0
        ? `Changes are written by an AI model. Choose one of: ${offered.join(', ')}.`
        : 'Changes are written by an AI model, and none is available on your plan.',
      { extra: { models: offered } },
    );
  }
}

/** The LaTeX sent for a change has no document body to change. */
export class NoDocumentBodyError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super('The LaTeX has no \\begin{document} … \\end{document} to change.');
  }
}

/** The model could not make the asked change into LaTeX that compiles: nothing saved or charged. */
export class ChangeNotMadeError extends DomainError {
  readonly kind = 'unprocessable';
  constructor(reason: string) {
    super(`The model could not make this change (${reason.replace(/\.$/, '')}). Your LaTeX is unchanged and you were not charged.`);
  }
}
