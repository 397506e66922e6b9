// /api/latex/*: generate (charged), compile (never charged), the compiled PDF and its SyncTeX data
// as owner-only binary URLs, and extract-title.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompileRequestSchema, type CompiledAheadResponse, ExtractTitleRequestSchema, GenerateRequestSchema, MAX_LATEX_BYTES } from '../../shared/api/latex.js';
import { DocumentIdParamsSchema } from '../../shared/api/documents.js';
import { HttpError, notFound } from '../http/errors.js';
import type { SessionAuth } from '../http/session.js';
import { DOCUMENT_BODY_LIMIT, TITLE_BODY_LIMIT } from '../http/request-limits.js';
import { PDF_HASH_PATTERN } from './pdf-store.js';
import type { LatexService } from './service.js';
import type { ModelCatalogue } from './generate/engines.js';
import { clientGone, streamGeneration, wantsEventStream } from './progress-stream.js';
import type { TextPool } from './worker-pool/pool.js';

const PdfParamsSchema = z.object({ hash: z.string().regex(PDF_HASH_PATTERN, 'Not a PDF address') });
const PdfQuerySchema = z.object({ doc: z.coerce.number().int().positive().optional() });
/** A hash names one PDF forever: the browser may keep it (for this user only). */
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'Idempotency-Key must be 8 to 200 letters, digits or - _ . :')
    .optional(),
});

export async function latexRoutes(
  app: FastifyInstance,
  { session, latex, models, text }: { session: SessionAuth; latex: LatexService; models?: ModelCatalogue; text: TextPool },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/latex/generate', { schema: { body: GenerateRequestSchema, headers: IdempotencyHeadersSchema }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const user = await session.requireUser(request);
    const { content, documentType, options, model, compile, imagesFrom, change, documentId } = request.body;
    const command = {
      content,
      documentType,
      options,
      model,
      compile: compile ?? false,
      ...(imagesFrom !== undefined ? { imagesFrom } : {}),
      ...(documentId !== undefined ? { documentId } : {}),
      ...(change ? { change: { latex: change.latex, instruction: change.instruction.trim() } } : {}),
    };
    const key = request.headers['idempotency-key'];
    if (wantsEventStream(request)) {
      return streamGeneration(request, reply, (onProgress, signal) => latex.generate(user, command, key, onProgress, signal));
    }
    return latex.generate(user, command, key, undefined, clientGone(reply));
  });

  // The models the user's tier may pick (a visitor sees the free tier's) and the default.
  r.get('/api/latex/models', async (request) => {
    const user = await session.getUser(request);
    return models ? models.list(user?.subscriptionTier) : { models: [{ id: 'builtin', label: 'Builtin (no AI)', provider: 'builtin' as const }], default: 'builtin' };
  });

  r.post('/api/latex/compile', { schema: { body: CompileRequestSchema }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request) => {
    const user = await session.requireUser(request);
    if (Buffer.byteLength(request.body.latex) > MAX_LATEX_BYTES) {
      throw new HttpError(413, `The LaTeX source is larger than ${MAX_LATEX_BYTES / 1024} KB.`);
    }
    const { latex: source, documentId, pdfFormat } = request.body;
    const sessionToken = session.readToken(request);
    return {
      compilationResult: await latex.compile(user, {
        latex: source,
        ...(documentId !== undefined ? { documentId } : {}),
        ...(pdfFormat ? { pdfFormat } : {}),
        ...(sessionToken ? { sessionToken } : {}),
      }),
    };
  });

  // Whether the compile started after generating this document has finished: the client asks while
  // the person reads the LaTeX and fetches the PDF early. Reads the cache only; compiles nothing.
  r.get('/api/latex/compiled-ahead/:id', { schema: { params: DocumentIdParamsSchema } }, async (request): Promise<CompiledAheadResponse> => {
    const user = await session.requireUser(request);
    const ahead = await latex.compiledAhead(user, request.params.id);
    return ahead ? { ready: true, ...ahead } : { ready: false };
  });

  // The compiled PDF as binary; ?doc=ID falls back to that document's stored PDF.
  r.get('/api/latex/pdf/:hash', { schema: { params: PdfParamsSchema, querystring: PdfQuerySchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    const file = await latex.pdfFile(user, request.params.hash, request.query.doc);
    if (!file) throw notFound('PDF not found');
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline')
      .header('cache-control', IMMUTABLE_PRIVATE)
      .header('etag', `"${request.params.hash}"`);
    if ('pdf' in file) return reply.send(file.pdf);
    // A stored PDF streams from its blob.
    return reply.header('content-length', String(file.stored.size)).send(latex.readStored(file.stored.key));
  });

  // SyncTeX data of that PDF, gzipped as TeX wrote it (the client gunzips and parses it).
  r.get('/api/latex/pdf/:hash/synctex', { schema: { params: PdfParamsSchema, querystring: PdfQuerySchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    const file = await latex.pdfFile(user, request.params.hash, request.query.doc);
    if (!file?.synctex) throw notFound('SyncTeX data not found');
    return reply
      .header('content-type', 'application/gzip')
      .header('cache-control', IMMUTABLE_PRIVATE)
      .header('etag', `"${request.params.hash}-synctex"`)
      .send(file.synctex);
  });

  // A signed-in user's (a visitor's client finds the title itself), from the head of the document.
  r.post('/api/latex/extract-title', { schema: { body: ExtractTitleRequestSchema }, bodyLimit: TITLE_BODY_LIMIT }, async (request) => {
    await session.requireUser(request);
    return { title: await text.run('extractTitle', request.body.latex) };
  });
}
