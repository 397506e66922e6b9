// /api/documents: the signed-in user's history. Another user's document is a 404, never a 403.
// Creating and changing documents is rate-limited per user and checked against the account's caps.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateDocumentBodySchema,
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  UpdateDocumentBodySchema,
} from '../../shared/api/documents.js';
import { notFound } from '../http/errors.js';
import type { SessionAuth } from '../http/session.js';
import type { LatexService } from '../latex/service.js';
import { createLimiter, type RateLimits } from '../http/rate-limits.js';
import { DOCUMENT_BODY_LIMIT } from '../http/request-limits.js';
import { toDocument, toSummary, toVersionSummary } from './dto.js';
import { versionBytes, type VersionRepository } from './versions.js';
import { MAX_VERSIONS_PER_DOCUMENT, VersionParamsSchema, type VersionListResponse } from '../../shared/api/versions.js';
import type { DocumentQuota } from './quota.js';
import type { HistoryCache } from './history-cache.js';
import { documentTextBytes, type DocumentRepository } from './repository.js';
import type { Db } from '../db/client.js';

export interface DocumentRouteDeps {
  db: Db;
  session: SessionAuth;
  documents: DocumentRepository;
  history: HistoryCache;
  latex: LatexService;
  quota: DocumentQuota;
  rateLimits: RateLimits;
  versions: VersionRepository;
}

export async function documentRoutes(app: FastifyInstance, { db, session, documents, history, latex, quota, rateLimits, versions }: DocumentRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writes = createLimiter(app, 'document-writes', rateLimits.documentWrites, async (request) => String((await session.requireUser(request)).id));

  r.get('/api/documents', { schema: { querystring: DocumentListQuerySchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    const search = request.query.search?.trim();
    if (search) return (await documents.list(user.id, search)).map(toSummary);
    // The page asked on every visit: kept per process until the database announces a change.
    const json = await history.json(user.id, async () => JSON.stringify((await documents.list(user.id)).map(toSummary)));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  r.post('/api/documents', { schema: { body: CreateDocumentBodySchema }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const user = await session.requireUser(request);
    await writes.count(request);
    const values = { userId: user.id, ...request.body };
    const row = await db.transaction(async (tx) => {
      await quota.assertRoom(tx, user.id, { documents: 1, bytes: documentTextBytes(values) });
      return documents.insert(tx, values);
    });
    return reply.code(201).send(toDocument({ ...row, hasPdf: false }));
  });

  r.get('/api/documents/:id', { schema: { params: DocumentIdParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    const doc = await documents.get(user.id, request.params.id);
    if (!doc) throw notFound('Document not found');
    return toDocument(doc);
  });

  r.patch('/api/documents/:id', { schema: { params: DocumentIdParamsSchema, body: UpdateDocumentBodySchema }, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request) => {
    const user = await session.requireUser(request);
    await writes.count(request);
    const changes = { ...request.body };
    const before = await documents.get(user.id, request.params.id);
    if (!before) throw notFound('Document not found');
    const row = await db.transaction(async (tx) => {
      const after = { ...before, ...changes };
      await quota.assertRoom(tx, user.id, { documents: 0, bytes: documentTextBytes(after) - documentTextBytes(before) });
      // New LaTeX has not been compiled yet; the stored PDF stays keyed to the old text.
      return documents.update(user.id, request.params.id, changes.latexContent !== undefined ? { ...changes, compilationSuccessful: null, compilationError: null } : changes, tx);
    });
    if (!row) throw notFound('Document not found');
    const doc = await documents.get(user.id, row.id);
    return toDocument(doc!);
  });

  r.delete('/api/documents/:id', { schema: { params: DocumentIdParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    if (!(await documents.delete(user.id, request.params.id))) throw notFound('Document not found');
    return { success: true };
  });

  // Versions (docs/product.md, Documents API): listed with times, each one readable, any one restorable.
  const requireDocument = async (userId: number, id: number) => {
    const doc = await documents.get(userId, id);
    if (!doc) throw notFound('Document not found');
    return doc;
  };
  const requireVersion = async (documentId: number, versionId: number) => {
    const version = await versions.get(documentId, versionId);
    if (!version) throw notFound('Version not found');
    return version;
  };

  r.get('/api/documents/:id/versions', { schema: { params: DocumentIdParamsSchema } }, async (request): Promise<VersionListResponse> => {
    const user = await session.requireUser(request);
    await requireDocument(user.id, request.params.id);
    const rows = await versions.list(request.params.id);
    return { versions: rows.map(toVersionSummary), max: MAX_VERSIONS_PER_DOCUMENT };
  });

  r.get('/api/documents/:id/versions/:versionId', { schema: { params: VersionParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    await requireDocument(user.id, request.params.id);
    const version = await requireVersion(request.params.id, request.params.versionId);
    return { ...toVersionSummary(version), inputContent: version.inputContent, latexContent: version.latexContent };
  });

  // Restoring makes the version the document's text again, and is itself a version (so it can be undone).
  r.post('/api/documents/:id/versions/:versionId/restore', { schema: { params: VersionParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    await writes.count(request);
    const before = await requireDocument(user.id, request.params.id);
    const version = await requireVersion(request.params.id, request.params.versionId);
    const content = { title: version.title, inputContent: version.inputContent, latexContent: version.latexContent, documentType: version.documentType };
    await db.transaction(async (tx) => {
      const adds = (await versions.differs(tx, before.id, content)) ? versionBytes(content) : 0;
      await quota.assertRoom(tx, user.id, { documents: 0, bytes: documentTextBytes(content) - documentTextBytes(before) + adds });
      await documents.update(user.id, before.id, { ...content, compilationSuccessful: null, compilationError: null }, tx);
      if (adds > 0) await versions.record(tx, before.id, 'restored', content);
    });
    return toDocument((await documents.get(user.id, before.id))!);
  });

  r.get('/api/documents/:id/pdf', { schema: { params: DocumentIdParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    const { pdf, ...rest } = await latex.pdf(user, request.params.id);
    // Base64 for API clients; pdfUrl and synctexUrl name the same PDF as binary.
    return { pdf: pdf.toString('base64'), ...rest };
  });
}
