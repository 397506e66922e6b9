// Images uploaded for a document's figures: the limits, the API's shapes, the file names they are
// stored (and compiled) under, and how a note's reference (`![alt](diagram.png)`, a FIGURE's
// `image:` line) finds one. Shared by the server, the generator and the editor.
import { z } from 'zod';

const MiB = 1024 * 1024;
/** Largest single image, by its bytes. */
export const MAX_IMAGE_BYTES = 10 * MiB;
/** Largest total of one document's images. */
export const MAX_DOCUMENT_IMAGE_BYTES = 50 * MiB;
/** Largest width and height in pixels (PNG and JPEG). */
export const MAX_IMAGE_SIDE = 16_384;
/** Longest stored name, extension included. */
export const MAX_IMAGE_NAME = 64;

/** What a file input may offer: the kinds the server keeps (it decides by the bytes, not these). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

/** Bytes as the messages show them ("10 MB", "1.5 MB"). */
export const megabytes = (bytes: number): string => `${Number((bytes / MiB).toFixed(2))} MB`;

/** The refusal of an image over the limit; the editor says it before sending, the server after. */
export const imageTooLargeMessage = (maxImageBytes: number): string => `Images may be at most ${megabytes(maxImageBytes)} each.`;

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export type ImageKind = 'png' | 'jpeg' | 'pdf';

export const CONTENT_TYPE_OF: Record<ImageKind, ImageContentType> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' };

export const ImageSchema = z.object({
  name: z.string(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type DocumentImage = z.infer<typeof ImageSchema>;

export const ImageListResponseSchema = z.object({
  images: z.array(ImageSchema),
  totalBytes: z.number().int(),
  maxImageBytes: z.number().int(),
  maxDocumentBytes: z.number().int(),
});
export type ImageListResponse = z.infer<typeof ImageListResponseSchema>;

export const ImageUploadResponseSchema = z.object({ image: ImageSchema, totalBytes: z.number().int() });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/** `?name=` of an upload: the file's own name, which only suggests the stored one. */
export const ImageUploadQuerySchema = z.object({
  name: z.string({ error: 'Give the image a name.' }).trim().min(1, 'Give the image a name.').max(255, 'The file name is too long.'),
});

/** A stored name in a path: the characters imageFileName produces. */
export const ImageNameParamsSchema = z.object({
  id: z.coerce.number().int().positive('Invalid document id').max(2_147_483_647, 'Invalid document id'),
  name: z
    .string()
    .max(MAX_IMAGE_NAME, 'Image not found')
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*\.(png|jpg|jpeg|pdf)$/, 'Image not found'),
});

const EXTENSION: Record<ImageKind, string> = { png: 'png', jpeg: 'jpg', pdf: 'pdf' };

/** The name's part after its last dot, lower-cased, when it looks like an extension. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return ext.length > 0 && ext.length <= 5 && /^[a-z0-9]+$/.test(ext) ? ext : '';
}

/** The last path segment of a name or URL, without query or fragment. */
function baseName(name: string): string {
  let end = name.length;
  for (const stop of ['?', '#']) {
    const at = name.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  const path = name.slice(0, end);
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Letters and digits kept (accents dropped), every other run of characters one '-'. */
function slug(stem: string): string {
  const ascii = stem.replace(/ß/g, 'ss').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const ch of ascii) {
    const keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (keep) out += ch;
    else if (out !== '' && !out.endsWith('-')) out += '-';
  }
  return out.replace(/-+$/, '');
}

/**
 * The stored name of an upload: its stem made safe for TeX and the compile sandbox (letters,
 * digits and '-'; never `main`, the job's own name), with the extension of what the bytes are, so
 * a JPEG named .png is stored as .jpg (pdfTeX picks the decoder by extension).
 */
export function imageFileName(uploaded: string, kind: ImageKind): string {
  const base = baseName(uploaded);
  const ext = extensionOf(base);
  const stem = slug(ext ? base.slice(0, base.length - ext.length - 1) : base) || 'image';
  const suffix = kind === 'jpeg' && ext === 'jpeg' ? 'jpeg' : EXTENSION[kind];
  const safeStem = stem.toLowerCase() === 'main' ? 'main-image' : stem;
  return `${safeStem.slice(0, MAX_IMAGE_NAME - suffix.length - 1).replace(/-+$/, '')}.${suffix}`;
}

/**
 * The attached image a note refers to, or null: by its stored name, else by the name the upload
 * would have been given, else by the stem alone (`diagram` finds `diagram.png`). Case never matters.
 */
export function findImage(names: readonly string[], reference: string): string | null {
  const ref = baseName(reference.trim());
  if (!ref) return null;
  const lower = (s: string) => s.toLowerCase();
  const exact = names.find((n) => lower(n) === lower(ref));
  if (exact) return exact;
  const ext = extensionOf(ref);
  const stem = lower(slug(ext ? ref.slice(0, ref.length - ext.length - 1) : ref));
  if (!stem) return null;
  const stemOf = (n: string) => lower(n.slice(0, n.lastIndexOf('.')));
  const sameExt = names.find((n) => stemOf(n) === stem && (!ext || extensionOf(n) === ext || (ext === 'jpeg' && extensionOf(n) === 'jpg')));
  return sameExt ?? names.find((n) => stemOf(n) === stem) ?? null;
}
