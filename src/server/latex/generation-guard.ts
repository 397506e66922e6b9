// At most one generation in flight per user: a second request while the first is running gets
// GenerationInFlightError, so an AI provider is called at most once for each charge and parallel
// requests cannot multiply its cost. Held in this process (sessions pin a user to nothing, so with
// several processes a shared store takes this place).
import { DomainError } from '../domain-errors.js';

export const GENERATION_IN_FLIGHT_MESSAGE = 'A generation is already running';

export class GenerationInFlightError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(GENERATION_IN_FLIGHT_MESSAGE);
  }
}

export interface GenerationGuard {
  /** Takes the user's slot, or throws GenerationInFlightError; the returned function gives it back. */
  acquire(userId: number): () => void;
}

export function createGenerationGuard(): GenerationGuard {
  const running = new Set<number>();
  return {
    acquire(userId) {
      if (running.has(userId)) throw new GenerationInFlightError();
      running.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running.delete(userId);
      };
    },
  };
}
