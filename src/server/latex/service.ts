// Generate and compile for a signed-in user. A generation is charged in the same transaction that
// saves its document: a failed generation is never charged, and a request repeated with the same
// Idempotency-Key is answered from the first one's record without a second charge.
import type { GenerateResponse, GenerationStage } from '../../shared/api/latex.js';
import type { DocumentType } from '../../shared/document-types.js';
import type { GenerateOptions } from '../../shared/generate-options.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { DocumentRepository } from '../documents/repository.js';
import { HttpError, notFound } from '../http/errors.js';
import type { UsageRepository } from '../usage/repository.js';
import { canGenerate, usageLimitMessage, usageOf } from '../usage/usage.js';
import type { CompileService } from './compile/index.js';
import { compileForUser, latexHash } from './compile-adapter.js';
import type { GenerationEngine } from './generate/engine.js';
import type { ModelCatalogue } from './generate/engines.js';

export interface GenerateCommand {
  content: string;
  documentType: DocumentType;
  options: GenerateOptions;
  model?: string;
  compile: boolean;
}

export interface LatexServiceDeps {
  db: Db;
  clock: Clock;
  engine: GenerationEngine;
  compiler: CompileService;
  documents: DocumentRepository;
  usage: UsageRepository;
  /** Called once per newly charged generation (metrics). */
  onCharged?: (engine: string) => void;
  /** Checks the requested model against the user's tier and picks the tier's default. */
  models?: ModelCatalogue;
}

class AlreadyAnswered extends Error {}

export function usageLimitError(user: Pick<UserRow, 'monthlyUsage' | 'refillPackCredits' | 'usageResetDate' | 'subscriptionTier'>, now: Date): HttpError {
  const usage = usageOf(user, now);
  return new HttpError(402, usageLimitMessage(usage.limit), { limit: usage.limit, usage });
}

export function createLatexService({ db, clock, engine, compiler, documents, usage, onCharged, models }: LatexServiceDeps) {
  return {
    async generate(
      user: UserRow,
      command: GenerateCommand,
      idempotencyKey?: string,
      onProgress?: (stage: GenerationStage, attempt?: number) => void,
      signal?: AbortSignal,
    ): Promise<GenerateResponse> {
      if (idempotencyKey) {
        const previous = await documents.findGenerationRequest(user.id, idempotencyKey);
        if (previous) return previous.response as unknown as GenerateResponse;
      }
      const model = models ? models.resolve(user.subscriptionTier, command.model) : command.model;
      // A cheap early answer; the charge below is what really decides.
      if (!canGenerate(user, clock.now())) throw usageLimitError(user, clock.now());

      let generated;
      try {
        generated = await engine.generate({
          ...command,
          ...(model !== undefined ? { model } : {}),
          // Compile checks of AI output have their own key: they never make the user's compile wait.
          userKey: `generate:${user.id}`,
          ...(onProgress ? { onProgress } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (err) {
        throw Object.assign(new HttpError(500, 'Generation failed. Please try again; you were not charged.'), { cause: err });
      }
      const compiled = command.compile ? await compileForUser(compiler, generated.latex, user.id) : undefined;
      // Nobody is waiting for this document any more: do not save or charge it.
      if (signal?.aborted) throw new HttpError(499, 'The request was cancelled; you were not charged.');

      try {
        const response = await db.transaction(async (tx) => {
          const now = clock.now();
          const counters = await usage.charge(tx, user.id, now);
          if (!counters) throw usageLimitError(user, now);
          const doc = await documents.insert(tx, {
            userId: user.id,
            title: generated.title,
            inputContent: command.content,
            latexContent: generated.latex,
            documentType: command.documentType,
            metadata: {
              engine: generated.engine,
              options: command.options,
              ...(model ? { model } : {}),
              ...(generated.fallback ? { fallback: generated.fallback } : {}),
            },
            compilationSuccessful: compiled ? compiled.compilationResult.success : null,
            compilationError: compiled && !compiled.compilationResult.success ? (compiled.compilationResult.error ?? null) : null,
          });
          if (compiled?.result.status === 'success' && compiled.result.pdf) {
            await documents.putPdf(tx, doc.id, compiled.result.pdf, latexHash(generated.latex));
          }
          const response: GenerateResponse = {
            latex: generated.latex,
            title: generated.title,
            documentId: doc.id,
            engine: generated.engine,
            ...(generated.fallback ? { fallback: generated.fallback } : {}),
            usage: usageOf(counters, now),
            ...(compiled ? { compilationResult: compiled.compilationResult } : {}),
          };
          if (idempotencyKey) {
            // Stored without the PDF bytes; a replay gets the document and can fetch its PDF.
            const { compilationResult: _omit, ...stored } = response;
            const recorded = await documents.recordGenerationRequest(tx, {
              userId: user.id,
              idempotencyKey,
              documentId: doc.id,
              response: stored,
            });
            if (!recorded) throw new AlreadyAnswered();
          }
          return response;
        });
        onCharged?.(generated.engine);
        return response;
      } catch (err) {
        if (err instanceof AlreadyAnswered && idempotencyKey) {
          const previous = await documents.findGenerationRequest(user.id, idempotencyKey);
          if (previous) return previous.response as unknown as GenerateResponse;
        }
        throw err;
      }
    },

    /** Compiles LaTeX; with a document of the user's, saves the LaTeX, the outcome and the PDF to it. */
    async compile(user: UserRow, latex: string, documentId?: number) {
      if (documentId !== undefined && !(await documents.get(user.id, documentId))) throw notFound('Document not found');
      const compiled = await compileForUser(compiler, latex, user.id);
      if (documentId !== undefined) {
        const ok = compiled.compilationResult.success;
        await db.transaction(async (tx) => {
          await documents.update(user.id, documentId, {
            latexContent: latex,
            compilationSuccessful: ok,
            compilationError: ok ? null : (compiled.compilationResult.error ?? 'Compilation failed'),
          }, tx);
          if (ok && compiled.result.pdf) await documents.putPdf(tx, documentId, compiled.result.pdf, latexHash(latex));
        });
      }
      return compiled.compilationResult;
    },

    /** The document's PDF: the stored one if it matches the LaTeX, else compiled once now. */
    async pdf(user: UserRow, documentId: number) {
      const doc = await documents.get(user.id, documentId);
      if (!doc) throw notFound('Document not found');
      const hash = latexHash(doc.latexContent);
      const stored = await documents.getPdf(doc.id, hash);
      if (stored) return { pdf: stored, title: doc.title };
      const compiled = await compileForUser(compiler, doc.latexContent, user.id);
      const ok = compiled.result.status === 'success' && compiled.result.pdf;
      await db.transaction(async (tx) => {
        await documents.update(user.id, doc.id, {
          compilationSuccessful: Boolean(ok),
          compilationError: ok ? null : (compiled.compilationResult.error ?? 'Compilation failed'),
        }, tx);
        if (ok) await documents.putPdf(tx, doc.id, compiled.result.pdf!, hash);
      });
      if (!ok) throw new HttpError(422, 'No PDF available', { compilationResult: compiled.compilationResult });
      return { pdf: compiled.result.pdf!, title: doc.title };
    },
  };
}

export type LatexService = ReturnType<typeof createLatexService>;
