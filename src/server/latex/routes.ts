// /api/latex/*: generate (charged), compile (never charged) and extract-title.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompileRequestSchema, ExtractTitleRequestSchema, GenerateRequestSchema, MAX_LATEX_BYTES } from '../../shared/api/latex.js';
import { extractTitleFromLatex } from '../../shared/title.js';
import { HttpError } from '../http/errors.js';
import type { SessionAuth } from '../http/session.js';
import type { LatexService } from './service.js';
import type { ModelCatalogue } from './generate/engines.js';
import { clientGone, streamGeneration, wantsEventStream } from './generate/progress-stream.js';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'Idempotency-Key must be 8 to 200 letters, digits or - _ . :')
    .optional(),
});

export async function latexRoutes(
  app: FastifyInstance,
  { session, latex, models }: { session: SessionAuth; latex: LatexService; models?: ModelCatalogue },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/latex/generate', { schema: { body: GenerateRequestSchema, headers: IdempotencyHeadersSchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    const { content, documentType, options, model, compile } = request.body;
    const command = {
      content,
      documentType,
      options,
      model,
      compile: compile ?? false,
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

  r.post('/api/latex/compile', { schema: { body: CompileRequestSchema } }, async (request) => {
    const user = await session.requireUser(request);
    if (Buffer.byteLength(request.body.latex) > MAX_LATEX_BYTES) {
      throw new HttpError(413, `The LaTeX source is larger than ${MAX_LATEX_BYTES / 1024} KB.`);
    }
    return { compilationResult: await latex.compile(user, request.body.latex, request.body.documentId) };
  });

  r.post('/api/latex/extract-title', { schema: { body: ExtractTitleRequestSchema } }, async (request) => {
    return { title: extractTitleFromLatex(request.body.latex) };
  });
}
