// How the web app uses the compile service: results in the API's shape, and the service's typed
// errors as HTTP errors (busy → 503 with Retry-After, too large → 413, per-user limits → 429).
import { createHash } from 'node:crypto';
import type { CompilationResult } from '../../shared/api/latex.js';
import { HttpError } from '../http/errors.js';
import {
  CompileBusyError,
  CompileRateLimitError,
  CompileServiceClosedError,
  CompileTooLargeError,
  CompileUserBusyError,
  toCompilationResult,
  type CompileResult,
  type CompileService,
} from './compile/index.js';

/** Counts compiles in flight and times them by status, for /metrics. */
export function instrumentCompiler(
  service: CompileService,
  metrics: { compileInFlight: { add(n: number): void }; compileDuration: { observe(l: Record<string, string>, v: number): void } },
): CompileService {
  return {
    ...service,
    health: () => service.health(),
    close: () => service.close(),
    async compile(request) {
      const started = performance.now();
      metrics.compileInFlight.add(1);
      let status = 'error';
      try {
        const result = await service.compile(request);
        status = result.cached ? 'cached' : result.status;
        return result;
      } catch (err) {
        status = err instanceof CompileBusyError ? 'busy' : 'rejected';
        throw err;
      } finally {
        metrics.compileInFlight.add(-1);
        metrics.compileDuration.observe({ status }, (performance.now() - started) / 1000);
      }
    },
  };
}

export function latexHash(latex: string): string {
  return createHash('sha256').update(latex).digest('hex');
}

export interface CompiledForApi {
  result: CompileResult;
  compilationResult: CompilationResult;
}

export async function compileForUser(service: CompileService, latex: string, userId: number): Promise<CompiledForApi> {
  try {
    const result = await service.compile({ latex, userKey: `user:${userId}` });
    return { result, compilationResult: toCompilationResult(result) };
  } catch (err) {
    throw asHttpError(err);
  }
}

function asHttpError(err: unknown): unknown {
  if (err instanceof CompileBusyError || err instanceof CompileServiceClosedError) {
    return new HttpError(503, err.message, {}, { 'retry-after': String(err.retryAfterSeconds) });
  }
  if (err instanceof CompileTooLargeError) return new HttpError(413, err.message);
  if (err instanceof CompileUserBusyError || err instanceof CompileRateLimitError) {
    return new HttpError(429, err.message, {}, { 'retry-after': String(err.retryAfterSeconds) });
  }
  return err;
}
