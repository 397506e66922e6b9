// How the web app uses the compile service: results in the API's shape, and the service's typed
// errors as domain errors (busy with Retry-After, too large, per-user limits as rate_limited).
import { createHash } from 'node:crypto';
import type { CompilationResult } from '../../shared/api/latex.js';
import {
  CompileBusyError,
  CompileInputError,
  CompileRateLimitError,
  CompileServiceClosedError,
  CompileTimeBudgetError,
  CompileTooLargeError,
  CompileUserBusyError,
  toCompilationResult,
  type CompileInputFile,
  type CompileResult,
  type CompileService,
} from './compile/index.js';
import { inputFileSha256 } from './compile/input-files.js';
import { CompileRefusedError } from './errors.js';
import type { UserRow } from '../db/schema.js';
import { DEFAULT_TIER, parseTier, type Tier } from '../../shared/plans.js';

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

/** SHA-256 of the LaTeX (and of any extra input files), the key of a document's stored PDF. */
export function latexHash(latex: string, files: readonly CompileInputFile[] = []): string {
  const hash = createHash('sha256').update(latex);
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    hash.update('\0').update(file.name).update('\0').update(inputFileSha256(file));
  }
  return hash.digest('hex');
}

export interface CompiledForApi {
  result: CompileResult;
  compilationResult: CompilationResult;
}

export interface CompileForUserOptions {
  /** Kept auxiliary files: `doc:USER:ID` for a saved document, `session:USER:…` for unsaved LaTeX. */
  workspace?: string;
  files?: readonly CompileInputFile[];
}

/** The workspace of a saved document: scoped to its owner, so no other user can name it. */
export function documentWorkspace(userId: number, documentId: number): string {
  return `doc:${userId}:${documentId}`;
}

/** The workspace of unsaved LaTeX in one sign-in session (the session token is hashed). */
export function sessionWorkspace(userId: number, sessionToken: string | undefined): string {
  const session = sessionToken ? createHash('sha256').update(sessionToken).digest('hex').slice(0, 32) : 'none';
  return `session:${userId}:${session}`;
}

/** The compile owner of a user: their cache entries, their turn in the queue, their compile time. */
export function compileOwner(userId: number): string {
  return `user:${userId}`;
}

/** Whose a user's compiles are, and which plan's compile-time budget they use. */
export function compileAccount(user: Pick<UserRow, 'id' | 'subscriptionTier'>): { owner: string; plan: Tier } {
  return { owner: compileOwner(user.id), plan: parseTier(user.subscriptionTier) ?? DEFAULT_TIER };
}

export async function compileForUser(service: CompileService, latex: string, user: Pick<UserRow, 'id' | 'subscriptionTier'>, options: CompileForUserOptions = {}): Promise<CompiledForApi> {
  try {
    const result = await service.compile({
      latex,
      userKey: `user:${user.id}`,
      ...compileAccount(user),
      ...(options.workspace ? { workspace: options.workspace } : {}),
      ...(options.files?.length ? { files: options.files } : {}),
    });
    return compiledForApi(result);
  } catch (err) {
    throw asDomainError(err);
  }
}

/** A compile service's result with its API shape beside it. */
export function compiledForApi(result: CompileResult): CompiledForApi {
  return { result, compilationResult: toCompilationResult(result) };
}

/** The user's finished compile of exactly this LaTeX in this workspace (one started ahead), or null. */
export async function cachedForUser(service: CompileService, latex: string, userId: number, options: CompileForUserOptions = {}): Promise<CompiledForApi | null> {
  try {
    const result = await service.cached?.({
      latex,
      owner: compileOwner(userId),
      ...(options.workspace ? { workspace: options.workspace } : {}),
      ...(options.files?.length ? { files: options.files } : {}),
    });
    return result ? compiledForApi(result) : null;
  } catch (err) {
    throw asDomainError(err);
  }
}

function asDomainError(err: unknown): unknown {
  if (err instanceof CompileBusyError || err instanceof CompileServiceClosedError) return new CompileRefusedError('busy', err.message, err.retryAfterSeconds, err);
  if (err instanceof CompileTooLargeError) return new CompileRefusedError('too_large', err.message, undefined, err);
  if (err instanceof CompileInputError) return new CompileRefusedError(err.statusCode === 413 ? 'too_large' : 'invalid', err.message, undefined, err);
  if (err instanceof CompileUserBusyError || err instanceof CompileRateLimitError || err instanceof CompileTimeBudgetError) {
    return new CompileRefusedError('rate_limited', err.message, err.retryAfterSeconds, err);
  }
  return err;
}
