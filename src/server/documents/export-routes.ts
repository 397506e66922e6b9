// GET /api/documents/{id}/export?format=tex|zip|docx: a document to take elsewhere
// (docs/product.md, Exports). The owner only (another person's document is a 404), rate-limited per user. The .tex
// is the stored LaTeX; the .zip its project (main.tex, the images it compiles with, a README naming
// the engine), streamed; the .docx pandoc's Word file, made in the compile sandbox.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentIdParamsSchema, ExportQuerySchema, EXPORT_CONTENT_TYPES, type ExportFormat } from '../../shared/api/documents.js';
import { downloadBaseName } from '../../shared/download-name.js';
import type { BlobStore } from '../blobs/index.js';
import { HttpError, notFound } from '../http/errors.js';
import { createLimiter, type RateLimits } from '../http/rate-limits.js';
import type { SessionAuth } from '../http/session.js';
import type { StoredInputFile } from '../latex/compile/index.js';
import { detectProgram } from '../latex/compile/program.js';
import { zipProject } from '../latex/export/project.js';
import type { WordExporter } from '../latex/export/word-exporter.js';
import type { DocumentRepository } from './repository.js';

export interface ExportRouteDeps {
  session: SessionAuth;
  documents: DocumentRepository;
  images: { files(userId: number, documentId: number): Promise<StoredInputFile[]> };
  blobs: BlobStore;
  words: WordExporter;
  rateLimits: RateLimits;
}

export async function exportRoutes(app: FastifyInstance, { session, documents, images, blobs, words, rateLimits }: ExportRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const exports = createLimiter(app, 'document-exports', rateLimits.documentExports, async (request) => String((await session.requireUser(request)).id));

  r.get('/api/documents/:id/export', { schema: { params: DocumentIdParamsSchema, querystring: ExportQuerySchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    await exports.count(request);
    const doc = await documents.get(user.id, request.params.id);
    if (!doc) throw notFound('Document not found');
    const latex = doc.latexContent ?? '';
    if (!latex.trim()) throw new HttpError(422, 'No LaTeX Content');
    const format: ExportFormat = request.query.format;
    const fileName = `${downloadBaseName(doc.title)}.${format}`;
    reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    if (format === 'tex') return reply.send(latex);
    const files = await images.files(user.id, doc.id);
    if (format === 'zip') {
      const program = detectProgram(latex);
      return reply.send(zipProject({ latex, program, title: doc.title ?? '', images: files.map((f) => ({ name: f.name, open: () => blobs.read(f.blob) })) }));
    }
    const docx = await words.toDocx(
      latex,
      files.map((f) => ({ name: f.name, content: (path: string) => blobs.copyToFile(f.blob, path), access: 'read-only' as const })),
    );
    return reply.send(docx);
  });
}
