// Image bytes are an account's storage like its notes and PDFs (USER_STORAGE_MB), on PGlite (blobs as
// files) and PostgreSQL (large objects): counted once however often an upload is repeated, freed
// when the image or its document goes, and the blob itself removed by the sweeper once no row names
// it. Bytes stored in rows before blobs existed are moved into the store and keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq, isNotNull } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import { adoptStoredBytes } from '../../blobs/adopt.js';
import { createBlobSweeper } from '../../blobs/garbage.js';
import { blobGarbage, documentImages, documentPdfs } from '../../db/schema.js';
import { pngOfSize, solidPng } from '../../../../tests/support/images.js';
import { createTestApp, politely, signUp, type TestApp } from '../../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../../tests/support/test-db.js';

const MB = 1024 * 1024;

describe.each(DB_KINDS)('image storage on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { USER_STORAGE_MB: '5' } });
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (options: InjectOptions) => politely(() => t.app.inject(options));
  async function newDocument(): Promise<number> {
    const res = await call({ method: 'POST', url: '/api/documents', payload: { inputContent: 'figures' }, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }
  const upload = (id: number, name: string, bytes: Buffer) =>
    call({ method: 'POST', url: `/api/documents/${id}/images?name=${name}`, payload: bytes, headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie } });

  it('counts image bytes toward USER_STORAGE_MB once, and frees them on delete', async () => {
    const first = await newDocument();
    const second = await newDocument();
    const image = pngOfSize(Math.round(1.9 * MB));
    expect((await upload(first, 'a.png', image)).statusCode).toBe(201);
    // Sent again under the same name (a retry): it replaces, and still counts once.
    expect((await upload(first, 'a.png', image)).statusCode).toBe(201);
    expect((await upload(first, 'b.png', image)).statusCode).toBe(201);
    // 3 × 1.9 MB is past the 5 MB an account may keep, whichever document the image is for.
    const third = await upload(second, 'c.png', image);
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toMatch(/more than the 5 MB an account can store/);
    expect(await t.database.db.select().from(documentImages).where(eq(documentImages.documentId, second))).toHaveLength(0);

    expect((await call({ method: 'DELETE', url: `/api/documents/${first}/images/b.png`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await upload(second, 'c.png', image)).statusCode).toBe(201);
    // Deleting a document frees its images too.
    expect((await call({ method: 'DELETE', url: `/api/documents/${first}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await upload(second, 'd.png', image)).statusCode).toBe(201);
  });

  it('streams an image back from its blob, and removes blobs once no row names them', async () => {
    const id = await newDocument();
    const png = solidPng();
    expect((await upload(id, 'keep.png', png)).statusCode).toBe(201);
    const served = await call({ method: 'GET', url: `/api/documents/${id}/images/keep.png`, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(png.length));
    expect(served.rawPayload.equals(png)).toBe(true);

    const [row] = await t.database.db.select({ key: documentImages.blobKey }).from(documentImages).where(eq(documentImages.documentId, id));
    const key = row!.key!;
    expect((await buffer(t.blobs.read(key))).equals(png)).toBe(true);
    expect((await call({ method: 'DELETE', url: `/api/documents/${id}/images/keep.png`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(blobGarbage).where(eq(blobGarbage.key, key))).toHaveLength(1);
    const removed = await createBlobSweeper(t.database.db, t.blobs).sweep({ minAgeSeconds: 0 });
    expect(removed).toBeGreaterThanOrEqual(1);
    await expect(buffer(t.blobs.read(key))).rejects.toThrow();
    expect(await t.database.db.select().from(blobGarbage).where(eq(blobGarbage.key, key))).toHaveLength(0);
  });

  it('moves bytes stored in rows before blobs into the store, and serves them as before', async () => {
    const id = await newDocument();
    const png = pngOfSize(Math.round(2.5 * MB));
    // A row as migration 0004 left it: the bytes in the row, no blob.
    await t.database.db.insert(documentImages).values({ documentId: id, name: 'old.png', contentType: 'image/png', size: png.length, sha256: 'x'.repeat(64), bytes: png });
    await t.database.db.insert(documentPdfs).values({ documentId: id, pdf: png, pdfSize: png.length, latexHash: 'l'.repeat(64) });
    const moved = await adoptStoredBytes(t.database, t.blobs);
    expect(moved).toEqual({ images: 1, pdfs: 1 });
    const [image] = await t.database.db.select().from(documentImages).where(eq(documentImages.documentId, id));
    expect(image!.bytes).toBeNull();
    expect(image!.blobKey).not.toBeNull();
    const served = await call({ method: 'GET', url: `/api/documents/${id}/images/old.png`, headers: { cookie: owner.cookie } });
    expect(served.rawPayload.equals(png)).toBe(true);
    const [pdf] = await t.database.db.select().from(documentPdfs).where(isNotNull(documentPdfs.pdfKey));
    expect((await buffer(t.blobs.read(pdf!.pdfKey!))).equals(png)).toBe(true);
    // Nothing is left to move the second time.
    expect(await adoptStoredBytes(t.database, t.blobs)).toEqual({ images: 0, pdfs: 0 });
  });
});
