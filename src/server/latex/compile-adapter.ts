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
