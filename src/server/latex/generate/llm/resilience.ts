// Resilience around one chat provider: a total deadline per call, retries with exponential
// backoff (and the provider's Retry-After) on 429, 5xx and connection failures, and a circuit
// breaker that stops calling a provider that keeps failing so users get the builtin engine at
// once instead of waiting for timeouts.
import { ProviderError, type ChatProvider, type ChatRequest } from './providers.js';

export interface ResilienceOptions {
  /** Limit of one call, retries and backoff included. */
  timeoutMs: number;
  /** Retries after the first try (default 2). */
  maxRetries?: number;
  /** First backoff; doubles each retry, with jitter (default 500 ms). */
  backoffMs?: number;
  /** Longest wait for one retry, whatever Retry-After says (default 10 s). */
  maxBackoffMs?: number;
  /** Failed calls in a row that open the circuit (default 3). */
  failureThreshold?: number;
  /** How long an open circuit refuses calls before one trial call (default 30 s). */
  cooldownMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type CircuitState = 'closed' | 'open' | 'half-open';

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private state_: CircuitState = 'closed';
  private trialInFlight = false;

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number,
  ) {}

  get state(): CircuitState {
    if (this.state_ === 'open' && this.now() - this.openedAt >= this.cooldownMs) this.state_ = 'half-open';
    return this.state_;
  }

  /** Whether a call may go out now; in half-open state only one trial call at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'half-open' && !this.trialInFlight) {
      this.trialInFlight = true;
      return true;
    }
    return false;
  }

  /** Ends a call that says nothing about the provider (the caller went away). */
  release(): void {
    this.trialInFlight = false;
  }

  success(): void {
    this.failures = 0;
    this.trialInFlight = false;
    this.state_ = 'closed';
  }

  failure(): void {
    this.failures += 1;
    this.trialInFlight = false;
    if (this.state_ === 'half-open' || this.failures >= this.threshold) {
      this.state_ = 'open';
      this.openedAt = this.now();
    }
  }
}

export class CircuitOpenError extends ProviderError {
  constructor() {
    super('connect', 'The AI provider is unavailable right now (too many recent failures).');
    this.name = 'CircuitOpenError';
  }
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface ResilientProvider {
  kind: ChatProvider['kind'];
  breaker: CircuitBreaker;
  /** Like ChatProvider.complete, with the deadline, retries and breaker; `signal` is optional. */
  complete(request: Omit<ChatRequest, 'signal'> & { signal?: AbortSignal }, onRetry?: (error: ProviderError, attempt: number) => void): Promise<string>;
}

export function withResilience(provider: ChatProvider, options: ResilienceOptions): ResilientProvider {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const breaker = new CircuitBreaker(options.failureThreshold ?? 3, options.cooldownMs ?? 30_000, now);

  return {
    kind: provider.kind,
    breaker,
    async complete(request, onRetry) {
      if (!breaker.tryAcquire()) throw new CircuitOpenError();
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
      const started = now();
      let lastError: ProviderError | undefined;
      for (let attempt = 0; attempt <= maxRetries; attempt++) {
        try {
          const text = await provider.complete({ ...request, signal });
          breaker.success();
          return text;
        } catch (err) {
          const error =
            err instanceof ProviderError ? err : new ProviderError('connect', 'The AI provider failed.', undefined, undefined, { cause: err });
          lastError = error;
          if (request.signal?.aborted) {
            breaker.release();
            throw new ProviderError('aborted', 'The request was cancelled.', undefined, undefined, { cause: err });
          }
          if (!error.retryable || attempt === maxRetries) break;
          const exponential = backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
          const wait = Math.min(maxBackoffMs, Math.max(exponential, error.retryAfterMs ?? 0));
          // Not worth a retry that could not finish before the deadline.
          if (now() - started + wait >= options.timeoutMs) break;
          onRetry?.(error, attempt + 1);
          await sleep(wait, signal);
          if (signal.aborted) break;
        }
      }
      // A refused prompt (too long, say) or an empty reply says the provider is up.
      const providerUp =
        lastError !== undefined &&
        (lastError.kind === 'empty' || (lastError.kind === 'client' && ![401, 403, 404].includes(lastError.status ?? 0)));
      if (providerUp) breaker.success();
      else breaker.failure();
      if (deadline.aborted && lastError?.kind !== 'timeout') {
        throw new ProviderError('timeout', 'The AI provider did not finish in time.', undefined, undefined, { cause: lastError });
      }
      throw lastError ?? new ProviderError('connect', 'The AI provider failed.');
    },
  };
}
