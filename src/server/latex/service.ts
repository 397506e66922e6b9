// Generate and compile for a signed-in user. A generation is charged in the same transaction that
// saves its document: a failed generation is never charged, and a request repeated with the same
// Idempotency-Key is answered from the first one's record without a second charge. A successful
// generation starts its compile in the background at once, so the person's Generate PDF click
// finds it done (or joins it). Compiled PDFs are handed out as owner-only binary URLs.
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { chunksOf, type BlobStore, type StoredBlob } from '../blobs/index.js';
import type { CompilationResult, GenerateResponse, GenerationStage, PdfFormat } from '../../shared/api/latex.js';
import type { DocumentType } from '../../shared/document-types.js';
import type { GenerateOptions } from '../../shared/generate-options.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { DocumentLimitReachedError, DocumentStorageFullError, type DocumentQuota } from '../documents/quota.js';
import { documentTextBytes, type DocumentRepository } from '../documents/repository.js';
import { versionBytes, type VersionRepository } from '../documents/versions.js';
import { DomainError, NotFoundError } from '../domain-errors.js';
import type { UsageRepository } from '../usage/repository.js';
import { canGenerate, UsageLimitError, usageOf } from '../usage/usage.js';
import type { CompileInputFile, CompileService, StoredInputFile } from './compile/index.js';
import { cachedForUser, compileAccount, compiledForApi, compileForUser, documentWorkspace, latexHash, sessionWorkspace, type CompiledForApi } from './compile-adapter.js';
import { ChangeNeedsModelError, GenerationCancelledError, GenerationFailedError, NoDocumentBodyError, NoPdfError } from './errors.js';
import { memoryPdfFiles, pdfUrl, synctexUrl, type PdfFile, type PdfFiles } from './pdf-store.js';
import type { DocumentChange, GenerationEngine } from './generate/engine.js';
import { BUILTIN_MODEL, type ModelCatalogue } from './generate/engines.js';
import { splitDocument } from './generate/llm/document.js';
import { createCompileGuard, createGenerationGuard, type GenerationGuard, type UserGuard } from './generation-guard.js';

export interface GenerateCommand {
  content: string;
  documentType: DocumentType;
  options: GenerateOptions;
  model?: string;
  compile: boolean;
  /** A document of the user's whose images the note may show; the new document gets copies. */
  imagesFrom?: number;
  /** Asks the AI model to change this LaTeX as the instruction says, instead of writing from the notes. */
  change?: { latex: string; instruction: string };
  /** The document open in the editor: the generation becomes its new version instead of a new document. */
  documentId?: number;
}

/** A document's uploaded images, as the compile's read-only input files (names and blobs, no bytes). */
export interface DocumentImageFiles {
  files(userId: number, documentId: number): Promise<StoredInputFile[]>;
  /** Copies every image of one document to another (same owner), in the caller's transaction. */
  copy(tx: Db, fromDocumentId: number, toDocumentId: number): Promise<void>;
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
  /** Compiled PDFs by hash for the binary URLs (default: an in-memory store). */
  pdfs?: PdfFiles;
  /** Start a generated document's compile in the background (default true). */
  compileAhead?: boolean;
  /** The caps on what one account keeps. */
  quota: DocumentQuota;
  /** One generation in flight per user; a fresh in-process guard by default. */
  guard?: GenerationGuard;
  /** One compile request in flight per user, taken before anything is read for it; in-process by default. */
  compileGuard?: UserGuard;
  /** Uploaded images, compiled beside their document's LaTeX (none without). */
  images?: DocumentImageFiles;
  /** Where stored PDFs are kept (blobs, never in their rows). */
  blobs: BlobStore;
  /** Each generation and compile of a document is kept as a version of it. */
  versions: VersionRepository;
}

/** A PDF to send: bytes in hand (just compiled), or a stored blob to stream. */
export type PdfToSend = ({ pdf: Buffer } | { stored: { key: string; size: number } }) & { synctex?: Buffer };

export interface CompileCommand {
  latex: string;
  documentId?: number;
  /** 'url': leave the base64 PDF out of the answer (the client fetches pdfUrl). */
  pdfFormat?: PdfFormat;
  /** The sign-in session's token: unsaved LaTeX keeps its auxiliary files per session. */
  sessionToken?: string;
  /** Extra input files (uploaded images), passed to the sandbox read-only. */
  files?: readonly CompileInputFile[];
}

class AlreadyAnswered extends Error {}
/** A save started ahead found the document changed since it was read: it rolls back. */
class DocumentChangedMeanwhile extends Error {}

export function usageLimitError(user: Pick<UserRow, 'monthlyUsage' | 'refillPackCredits' | 'usageResetDate' | 'subscriptionTier'>, now: Date): UsageLimitError {
  return new UsageLimitError(usageOf(user, now));
}

export function createLatexService({ db, clock, engine, compiler, documents, versions, usage, onCharged, models, quota, guard = createGenerationGuard(), compileGuard = createCompileGuard(), pdfs = memoryPdfFiles(), compileAhead = true, images, blobs }: LatexServiceDeps) {
  /** The document's images (none without an image store); the caller has checked the owner. */
  const imageFiles = async (userId: number, documentId: number | undefined): Promise<StoredInputFile[]> =>
    images && documentId !== undefined ? images.files(userId, documentId) : [];

  /**
   * Stores a compiled PDF as a blob before the transaction that names it, runs `save` (which says
   * whether it named it), and removes the blob when it was not named or the transaction failed.
   */
  async function savingPdf<T>(pdf: Buffer | undefined, save: (stored: StoredBlob | undefined) => Promise<{ named: boolean; value: T }>): Promise<T> {
    const stored = pdf ? await blobs.write(chunksOf(pdf)) : undefined;
    let named = false;
    try {
      const result = await save(stored);
      named = result.named;
      return result.value;
    } finally {
      if (stored && !named) await blobs.remove([stored.key]).catch(() => {});
    }
  }

  /** Registers the PDF for the user's binary URLs and puts them into the API answer. */
  function withUrls(compiled: CompiledForApi, documentId: number | undefined, format: PdfFormat = 'base64'): CompilationResult {
    const { result } = compiled;
    const answer = { ...compiled.compilationResult };
    if (result.status === 'success' && result.pdf && result.pdfHash) {
      answer.pdfUrl = pdfUrl(result.pdfHash, documentId);
      if (result.synctex) answer.synctexUrl = synctexUrl(result.pdfHash, documentId);
      if (format === 'url') delete answer.pdf;
    }
    return answer;
  }

  /** Lets the user fetch the compiled PDF at its URL (call before answering with withUrls). */
  async function rememberPdf(userId: number, compiled: CompiledForApi): Promise<void> {
    const { result } = compiled;
    if (result.status !== 'success' || !result.pdf || !result.pdfHash) return;
    await pdfs.put(userId, result.pdfHash, { pdf: result.pdf, ...(result.synctex ? { synctex: result.synctex } : {}) });
  }

  /** What a stored PDF needs besides its blob. */
  type SavedDocument = NonNullable<Awaited<ReturnType<DocumentRepository['get']>>>;

  /**
   * Saves a compile's outcome to the document: its LaTeX, whether it compiled, the PDF, and a
   * version when the text changed since the newest (else the newest is marked with the outcome). Nothing when the document already holds
   * exactly this (the same LaTeX and PDF: a repeated compile, or one saved when it ran ahead).
   */
  async function saveCompiled(userId: number, doc: SavedDocument, latex: string, files: CompileInputFile[], compiled: CompiledForApi, ahead = false): Promise<void> {
    const ok = compiled.compilationResult.success;
    if (doc.latexContent === latex && doc.compilationSuccessful === ok && (!ok || doc.pdfHash === compiled.result.pdfHash)) return;
    const pdf = ok ? compiled.result.pdf : undefined;
    await savingPdf(pdf, async (storedPdf) => {
      await db.transaction(async (tx) => {
        const oldPdf = await documents.pdfBytes(tx, doc.id);
        // Each compile of a document is a version of it (when its text changed since the newest).
        const version = { title: doc.title, inputContent: doc.inputContent, latexContent: latex, documentType: doc.documentType, compilationSuccessful: ok };
        const versionGrows = (await versions.differs(tx, doc.id, version)) ? versionBytes(version) : 0;
        const grows = Buffer.byteLength(latex) - Buffer.byteLength(doc.latexContent) + (pdf ? pdf.length - oldPdf : 0) + versionGrows;
        await quota.assertRoom(tx, userId, { documents: 0, bytes: grows });
        const changes = { latexContent: latex, compilationSuccessful: ok, compilationError: ok ? null : (compiled.compilationResult.error ?? 'Compilation failed') };
        // A save started ahead writes only while the document still holds that LaTeX: a compile
        // of the person's edit that saved first is never undone by it.
        const saved = await documents.update(userId, doc.id, changes, tx, ahead ? latex : undefined);
        if (ahead && !saved) throw new DocumentChangedMeanwhile();
        if (versionGrows > 0) await versions.record(tx, doc.id, 'compiled', version);
        else await versions.markNewestCompiled(tx, doc.id, ok);
        if (storedPdf) await documents.putPdf(tx, doc.id, storedPdf, latexHash(latex, files), storedExtras(compiled));
      });
      return { named: storedPdf !== undefined, value: undefined };
    });
  }

  /**
   * A compile started ahead has succeeded: its PDF is saved to the document while the person still
   * reads (the document still holding that LaTeX), so that their Generate PDF finds it saved and
   * answers at once. Best effort: a full storage quota or a changed document leaves it unsaved.
   */
  async function saveAhead(userId: number, documentId: number, latex: string, files: StoredInputFile[], compiled: CompiledForApi): Promise<void> {
    if (!compiled.compilationResult.success) return;
    const key = aheadKey(userId, documentId, compiled);
    const saving = (async () => {
      const doc = await documents.get(userId, documentId);
      if (!doc || doc.latexContent !== latex) return false;
      await saveCompiled(userId, doc, latex, files, compiled, true);
      return true;
    })();
    savingAhead.set(key, saving);
    try {
      if (await saving) await rememberPdf(userId, compiled);
    } finally {
      savingAhead.delete(key);
    }
  }

  /** Saves started ahead and not finished, by user, document and PDF: a click that compiled the same waits for it instead of saving again. */
  const savingAhead = new Map<string, Promise<boolean>>();
  const aheadKey = (userId: number, documentId: number, compiled: CompiledForApi) => `${userId}:${documentId}:${compiled.result.pdfHash ?? ''}`;

  /** Whether a save started ahead has just saved this outcome to the document (false when none was under way, or it failed). */
  async function savedAhead(userId: number, documentId: number | undefined, compiled: CompiledForApi): Promise<boolean> {
    const pending = documentId !== undefined && compiled.compilationResult.success ? savingAhead.get(aheadKey(userId, documentId, compiled)) : undefined;
    return pending ? pending.catch(() => false) : false;
  }

  function storedExtras(compiled: CompiledForApi) {
    return compiled.result.synctex ? { synctex: compiled.result.synctex } : {};
  }

  /** A cheap early answer before any work; the check in the saving transaction is what decides. */
  async function assertRoomForOneMore(userId: number, bytes: number): Promise<void> {
    const used = await documents.storage(db, userId);
    if (used.documents + 1 > quota.caps.maxPerUser) throw new DocumentLimitReachedError(quota.caps.maxPerUser);
    if (used.bytes + bytes > quota.caps.maxBytesPerUser) throw new DocumentStorageFullError(quota.caps.maxBytesPerUser);
  }

  /** A change request checked and cut for the engine: an AI model must make it, and the LaTeX must have a body. */
  function changeFor(user: UserRow, model: string | undefined, asked: NonNullable<GenerateCommand['change']>): DocumentChange {
    if (model === undefined || model === BUILTIN_MODEL) {
      const offered = models ? models.list(user.subscriptionTier).models.filter((m) => m.id !== BUILTIN_MODEL).map((m) => m.id) : [];
      throw new ChangeNeedsModelError(offered);
    }
    const parts = splitDocument(asked.latex);
    if (!parts) throw new NoDocumentBodyError();
    return { ...parts, instruction: asked.instruction };
  }

  async function generateOnce(
    user: UserRow,
    command: GenerateCommand,
    idempotencyKey: string | undefined,
    onProgress: ((stage: GenerationStage, attempt?: number) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<GenerateResponse> {
    const model = models ? models.resolve(user.subscriptionTier, command.model) : command.model;
    const change = command.change ? changeFor(user, model, command.change) : undefined;
    // Cheap early answers; the charge and the caps in the transaction below are what really decide.
    if (!canGenerate(user, clock.now())) throw usageLimitError(user, clock.now());
    // Into the open document (a new version of it), else a new document.
    const target = command.documentId !== undefined ? await documents.get(user.id, command.documentId) : null;
    if (command.documentId !== undefined && !target) throw new NotFoundError('Document not found');
    if (!target) await assertRoomForOneMore(user.id, Buffer.byteLength(command.content));
    const source = target ? undefined : command.imagesFrom;
    if (source !== undefined && !(await documents.get(user.id, source))) throw new NotFoundError('Document not found');
    const files = await imageFiles(user.id, target?.id ?? source);
    // The generator sees the names of the images it may place, never any the request made up.
    const { images: _ignored, ...requested } = command.options;
    const options = files.length > 0 ? { ...requested, images: files.map((f) => f.name) } : requested;

    let generated;
    try {
      const { change: _asked, documentId: _into, ...request } = command;
      generated = await engine.generate({
        ...request,
        ...(change ? { change } : {}),
        options,
        ...(model !== undefined ? { model } : {}),
        // Compile checks of AI output have their own key: they never make the user's compile wait.
        userKey: `generate:${user.id}`,
        ...compileAccount(user),
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      // A note too complex to convert, a busy pool, a cancelled request: their own answer.
      if (err instanceof DomainError) throw err;
      throw new GenerationFailedError(err);
    }
    const compiled = command.compile ? await compileForUser(compiler, generated.latex, user, { files }) : undefined;
    // Nobody is waiting for this document any more: do not save or charge it.
    if (signal?.aborted) throw new GenerationCancelledError();
    const pdf = compiled?.result.status === 'success' ? compiled.result.pdf : undefined;

    // Images copied to the new document count toward its owner's storage like uploaded ones.
    const copiedImageBytes = source !== undefined ? files.reduce((sum, f) => sum + f.size, 0) : 0;
    try {
      const response = await savingPdf(pdf, async (storedPdf) => ({ named: storedPdf !== undefined, value: await db.transaction(async (tx) => {
        const now = clock.now();
        const counters = await usage.charge(tx, user.id, now);
        if (!counters) throw usageLimitError(user, now);
        const values = {
          userId: user.id,
          title: generated.title,
          inputContent: command.content,
          latexContent: generated.latex,
          documentType: command.documentType,
          metadata: {
            engine: generated.engine,
            options,
            ...(model ? { model } : {}),
            ...(generated.fallback ? { fallback: generated.fallback } : {}),
          },
          compilationSuccessful: compiled ? compiled.compilationResult.success : null,
          compilationError: compiled && !compiled.compilationResult.success ? (compiled.compilationResult.error ?? null) : null,
        };
        // Over a cap the whole transaction rolls back: no document, no charge. The version counts too.
        const { userId: _owner, ...changes } = values;
        const pdfGrows = (pdf?.length ?? 0) - (target ? await documents.pdfBytes(tx, target.id) : 0);
        const versionGrows = !target || (await versions.differs(tx, target.id, values)) ? versionBytes(values) : 0;
        const textGrows = documentTextBytes(values) - (target ? documentTextBytes(target) : 0);
        await quota.assertRoom(tx, user.id, { documents: target ? 0 : 1, bytes: textGrows + pdfGrows + versionGrows + copiedImageBytes });
        const doc = target ? (await documents.update(user.id, target.id, changes, tx))! : await documents.insert(tx, values);
        if (versionGrows > 0) await versions.record(tx, doc.id, 'generated', values);
        if (source !== undefined && files.length > 0) await images?.copy(tx, source, doc.id);
        if (compiled && storedPdf) await documents.putPdf(tx, doc.id, storedPdf, latexHash(generated.latex, files), storedExtras(compiled));
        const response: GenerateResponse = {
          latex: generated.latex,
          title: generated.title,
          documentId: doc.id,
          engine: generated.engine,
          ...(generated.fallback ? { fallback: generated.fallback } : {}),
          usage: usageOf(counters, now),
          ...(compiled ? { compilationResult: withUrls(compiled, doc.id) } : {}),
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
      }) }));
      onCharged?.(generated.engine);
      // After the commit: the charge stands, and the saved document's PDF backs its URL anyway.
      if (compiled) await rememberPdf(user.id, compiled).catch(() => {});
      if (compileAhead && !compiled) {
        // While the person reads the LaTeX: lowest priority, not counted against their compile
        // limits, dropped when the queue is full; their Generate PDF joins it or hits the cache.
        compiler
          .compile({
            latex: generated.latex,
            ...compileAccount(user),
            workspace: documentWorkspace(user.id, response.documentId),
            priority: 'background',
            ...(files.length ? { files } : {}),
          })
          .then((result) => saveAhead(user.id, response.documentId, generated.latex, files, compiledForApi(result)))
          .catch(() => {});
      }
      return response;
    } catch (err) {
      if (err instanceof AlreadyAnswered && idempotencyKey) {
        const previous = await documents.findGenerationRequest(user.id, idempotencyKey);
        if (previous) return previous.response as unknown as GenerateResponse;
      }
      throw err;
    }
  }

  const service = {
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
      const release = await guard.acquire(user.id);
      try {
        return await generateOnce(user, command, idempotencyKey, onProgress, signal);
      } finally {
        release();
      }
    },

    /** Compiles LaTeX; with a document of the user's, saves the LaTeX, the outcome and the PDF to it. */
    async compile(user: UserRow, command: CompileCommand): Promise<CompilationResult> {
      const { latex, documentId } = command;
      // Both reads at once: each is a round trip to the database.
      const [doc, images] = await Promise.all([documentId !== undefined ? documents.get(user.id, documentId) : null, imageFiles(user.id, documentId)]);
      if (documentId !== undefined && !doc) throw new NotFoundError('Document not found');
      const files = [...(command.files ?? []), ...images];
      const workspace = documentId !== undefined ? documentWorkspace(user.id, documentId) : sessionWorkspace(user.id, command.sessionToken);
      const compiled = await compileForUser(compiler, latex, user, { workspace, files });
      if (doc && !(await savedAhead(user.id, documentId, compiled))) await saveCompiled(user.id, doc, latex, files, compiled);
      await rememberPdf(user.id, compiled);
      return withUrls(compiled, documentId, command.pdfFormat);
    },

    /**
     * The addresses of the document's PDF once the compile started ahead for its current LaTeX has
     * succeeded, else null. Never compiles and never counts: the client fetches the PDF while the
     * person reads, and their Generate PDF then answers from the cache with the same address.
     */
    async compiledAhead(user: UserRow, documentId: number): Promise<{ pdfUrl: string; synctexUrl?: string } | null> {
      const doc = await documents.get(user.id, documentId);
      if (!doc) throw new NotFoundError('Document not found');
      const files = await imageFiles(user.id, documentId);
      const compiled = await cachedForUser(compiler, doc.latexContent, user.id, { workspace: documentWorkspace(user.id, documentId), files });
      if (!compiled) return null;
      // Both do nothing but for a successful compile with its PDF.
      await rememberPdf(user.id, compiled);
      const { pdfUrl: url, synctexUrl: sync } = withUrls(compiled, documentId, 'url');
      return url ? { pdfUrl: url, ...(sync ? { synctexUrl: sync } : {}) } : null;
    },

    /**
     * A PDF (or its SyncTeX data) by hash for its owner: from memory, else from the stored PDF of
     * the named document when its hash matches. Null answers 404 whatever the reason.
     */
    async pdfFile(user: UserRow, hash: string, documentId?: number): Promise<PdfToSend | null> {
      const fresh: PdfFile | null = await pdfs.get(user.id, hash);
      if (fresh) return fresh;
      if (documentId === undefined) return null;
      // Streamed from its blob each time: a stored PDF is never held whole in this process.
      const stored = await documents.getPdfFile(user.id, documentId);
      if (!stored || stored.pdfHash !== hash) return null;
      return { stored: { key: stored.pdfKey, size: stored.pdfSize }, ...(stored.synctex ? { synctex: stored.synctex } : {}) };
    },

    /** The stored blob's bytes, as a stream (for a PdfToSend that is stored). */
    readStored: (key: string) => blobs.read(key),

    /** The document's PDF: the stored one if it matches the LaTeX, else compiled once now (and kept when there is room). */
    async pdf(user: UserRow, documentId: number) {
      const doc = await documents.get(user.id, documentId);
      if (!doc) throw new NotFoundError('Document not found');
      const files = await imageFiles(user.id, doc.id);
      const hash = latexHash(doc.latexContent, files);
      const stored = await documents.getPdf(doc.id, hash);
      if (stored) {
        // The API answers with base64 in JSON, so this one read is whole; its URLs stream.
        const pdf = await buffer(blobs.read(stored.pdfKey));
        const pdfHash = stored.pdfHash ?? createHash('sha256').update(pdf).digest('hex');
        return { pdf, title: doc.title, pdfUrl: pdfUrl(pdfHash, doc.id), ...(stored.synctex ? { synctexUrl: synctexUrl(pdfHash, doc.id) } : {}) };
      }
      const compiled = await compileForUser(compiler, doc.latexContent, user, { workspace: documentWorkspace(user.id, doc.id), files });
      const ok = compiled.result.status === 'success' && compiled.result.pdf;
      await savingPdf(ok ? compiled.result.pdf : undefined, async (storedPdf) => {
        let named = false;
        await db.transaction(async (tx) => {
          await documents.update(user.id, doc.id, {
            compilationSuccessful: Boolean(ok),
            compilationError: ok ? null : (compiled.compilationResult.error ?? 'Compilation failed'),
          }, tx);
          if (!storedPdf) return;
          const grows = storedPdf.size - (await documents.pdfBytes(tx, doc.id));
          const room = await quota.assertRoom(tx, user.id, { documents: 0, bytes: grows }).then(() => true, (err: unknown) => {
            if (err instanceof DocumentStorageFullError) return false;
            throw err;
          });
          if (room) await documents.putPdf(tx, doc.id, storedPdf, hash, storedExtras(compiled));
          named = room;
        });
        return { named, value: undefined };
      });
      if (!ok) throw new NoPdfError(compiled.compilationResult);
      await rememberPdf(user.id, compiled);
      const urls = withUrls(compiled, doc.id);
      return { pdf: compiled.result.pdf!, title: doc.title, ...(urls.pdfUrl ? { pdfUrl: urls.pdfUrl } : {}), ...(urls.synctexUrl ? { synctexUrl: urls.synctexUrl } : {}) };
    },
  };

  /** Holds the user's one compile slot around `work`: a second request is refused before it reads a document or its images. */
  async function oneCompileAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const release = await compileGuard.acquire(userId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  return {
    ...service,
    compile: (user: UserRow, command: CompileCommand) => oneCompileAtATime(user.id, () => service.compile(user, command)),
    pdf: (user: UserRow, documentId: number) => oneCompileAtATime(user.id, () => service.pdf(user, documentId)),
  };
}

export type LatexService = ReturnType<typeof createLatexService>;
