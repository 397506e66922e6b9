// /api/documents/{id}/images: the images of a document's figures (docs/product.md, Documents API).
// An upload is the file's bytes as the body (application/octet-stream), its own name in `?name=`;
// what it is comes from the bytes. Each image is at most 10 MB and a document's at most 50 MB, and
// images count toward the account's storage (USER_STORAGE_MB). The bytes stream from the request
// into the blob store (checked and hashed on the way) and from the store to the browser: this
// process never holds an image whole.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentIdParamsSchema } from '../../../shared/api/documents.js';
import {
  CONTENT_TYPE_OF,
  ImageNameParamsSchema,
  ImageUploadQuerySchema,
  imageFileName,
  imageTooLargeMessage,
  MAX_DOCUMENT_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  megabytes,
} from '../../../shared/images.js';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from '../../blobs/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { BINARY_UPLOAD_TYPES } from '../../http/request-guards.js';
import type { SessionAuth } from '../../http/session.js';
import type { DocumentQuota } from '../quota.js';
import { createImageSniffer, ImageContentError, type SniffedImage } from './sniff.js';
import type { ImageRepository, StoredImage } from './repository.js';

const MB = 1024 * 1024;

export interface ImageLimits {
  maxImageBytes: number;
  maxDocumentBytes: number;
}
export const IMAGE_LIMITS: ImageLimits = { maxImageBytes: MAX_IMAGE_BYTES, maxDocumentBytes: MAX_DOCUMENT_IMAGE_BYTES };

export const IMAGE_MESSAGES = {
  tooLarge: (limits: ImageLimits) => imageTooLargeMessage(limits.maxImageBytes),
  documentFull: (limits: ImageLimits, freeBytes: number) =>
    `The images of one document may be at most ${megabytes(limits.maxDocumentBytes)} together; ${(Math.max(0, freeBytes) / MB).toFixed(1)} MB are left.`,
  empty: 'The image is empty.',
  notBinary: "Send the image's bytes as the request body (Content-Type: application/octet-stream).",
  notFound: 'Image not found',
} as const;

function toImage(row: StoredImage) {
  return { name: row.name, contentType: row.contentType, size: row.size, createdAt: row.createdAt.toISOString() };
}


export interface ImageRouteDeps {
  session: SessionAuth;
  images: ImageRepository;
  blobs: BlobStore;
  /** The account's caps: images count toward its storage. */
  quota: DocumentQuota;
  /** The document must be the user's (a foreign or missing one is a 404). */
  ownsDocument: (userId: number, documentId: number) => Promise<boolean>;
  /** The product's 10 MB and 50 MB unless a test asks for less. */
  limits?: ImageLimits;
}

function sniffed(sniffer: ReturnType<typeof createImageSniffer>): SniffedImage {
  try {
    return sniffer.finish();
  } catch (err) {
    if (err instanceof ImageContentError) throw new HttpError(err.statusCode, err.message);
    throw err;
  }
}

export async function imageRoutes(app: FastifyInstance, { session, images, blobs, quota, ownsDocument, limits = IMAGE_LIMITS }: ImageRouteDeps) {
  // Only this plugin reads raw bytes; everywhere else the JSON-only guard refuses these types. The
  // body stays a stream: the handler hands it to the blob store after the owner check.
  app.addContentTypeParser(BINARY_UPLOAD_TYPES, (_request, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Streams the body into the store, sniffing and hashing it on the way; the limit stops it early. */
  async function storeUpload(request: FastifyRequest): Promise<{ blob: StoredBlob; image: SniffedImage }> {
    const body: unknown = request.body;
    if (!(body instanceof Readable)) throw new HttpError(415, IMAGE_MESSAGES.notBinary);
    if (Number(request.headers['content-length'] ?? 0) > limits.maxImageBytes) throw new HttpError(413, IMAGE_MESSAGES.tooLarge(limits));
    const sniffer = createImageSniffer();
    let blob: StoredBlob;
    try {
      blob = await blobs.write(body, { maxBytes: limits.maxImageBytes, onChunk: (chunk) => sniffer.push(chunk) });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw new HttpError(413, IMAGE_MESSAGES.tooLarge(limits));
      throw err;
    }
    try {
      if (blob.size === 0) throw new HttpError(400, IMAGE_MESSAGES.empty);
      return { blob, image: sniffed(sniffer) };
    } catch (err) {
      await blobs.remove([blob.key]);
      throw err;
    }
  }

  async function requireDocument(request: FastifyRequest, documentId: number) {
    const user = await session.requireUser(request);
    if (!(await ownsDocument(user.id, documentId))) throw notFound('Document not found');
    return user;
  }

  r.get('/api/documents/:id/images', { schema: { params: DocumentIdParamsSchema } }, async (request) => {
    const user = await requireDocument(request, request.params.id);
    const list = await images.list(user.id, request.params.id);
    return {
      images: list.map(toImage),
      totalBytes: list.reduce((sum, i) => sum + i.size, 0),
      maxImageBytes: limits.maxImageBytes,
      maxDocumentBytes: limits.maxDocumentBytes,
    };
  });

  r.post(
    '/api/documents/:id/images',
    {
      schema: { params: DocumentIdParamsSchema, querystring: ImageUploadQuerySchema },
      config: { binaryUpload: true },
    },
    async (request, reply) => {
      const user = await requireDocument(request, request.params.id);
      const { blob, image } = await storeUpload(request);
      let named = false;
      try {
        const name = imageFileName(request.query.name, image.kind);
        const stored = await images.put(user.id, request.params.id, { name, contentType: CONTENT_TYPE_OF[image.kind], blob }, { maxTotalBytes: limits.maxDocumentBytes, quota });
        if (stored.status === 'missing') throw notFound('Document not found');
        if (stored.status === 'too-large') throw new HttpError(413, IMAGE_MESSAGES.documentFull(limits, limits.maxDocumentBytes - stored.otherBytes));
        named = true;
        return await reply.code(201).send({ image: toImage(stored.image), totalBytes: stored.totalBytes });
      } finally {
        if (!named) await blobs.remove([blob.key]);
      }
    },
  );

  // The bytes, for the editor's thumbnails. A PDF is a download, never shown on our origin.
  r.get('/api/documents/:id/images/:name', { schema: { params: ImageNameParamsSchema } }, async (request, reply) => {
    const user = await session.requireUser(request);
    const image = await images.stored(user.id, request.params.id, request.params.name);
    if (!image) throw notFound(IMAGE_MESSAGES.notFound);
    const disposition = image.contentType === 'application/pdf' ? 'attachment' : 'inline';
    return reply
      .type(image.contentType)
      .header('content-length', String(image.size))
      .header('content-disposition', `${disposition}; filename="${request.params.name}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(blobs.read(image.key));
  });

  r.delete('/api/documents/:id/images/:name', { schema: { params: ImageNameParamsSchema } }, async (request) => {
    const user = await session.requireUser(request);
    if (!(await images.remove(user.id, request.params.id, request.params.name))) throw notFound(IMAGE_MESSAGES.notFound);
    return { success: true };
  });
}
