// Uploading a document's images through inject(), against PGlite and PostgreSQL: checked by
// content (an HTML file named .png is refused), at most 10 MB each and 50 MB per document (also when
// uploads race), named safely, owner-only, replaced by name, gone with their document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { documentImages } from '../../db/schema.js';
import { MAX_DOCUMENT_IMAGE_BYTES, MAX_IMAGE_BYTES } from '../../../shared/images.js';
import { photoJpeg, pngOfSize, solidPng, vectorPdf } from '../../../../tests/support/images.js';
import { createTestApp, politely, signUp, type TestApp } from '../../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../../tests/support/test-db.js';

const ONLY_IMAGES = 'Only PNG, JPEG and PDF images can be uploaded (the file is checked by its content, not its name).';

describe.each(DB_KINDS)('document images on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (options: InjectOptions) => politely(() => t.app.inject(options));
  async function newDocument(cookie = owner.cookie): Promise<number> {
    const res = await call({ method: 'POST', url: '/api/documents', payload: { inputContent: '<FIGURE> image: diagram.png </FIGURE>' }, headers: { cookie } });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }
  const upload = (id: number, name: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url: `/api/documents/${id}/images?name=${encodeURIComponent(name)}`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie, ...headers },
    });
  const list = (id: number, cookie = owner.cookie) => call({ method: 'GET', url: `/api/documents/${id}/images`, headers: { cookie } });

  it('stores PNG, JPEG and PDF uploads under safe names, lists them and serves the bytes back', async () => {
    const id = await newDocument();
    const png = solidPng();
    const added = await upload(id, 'diagram.png', png);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ image: { name: 'diagram.png', contentType: 'image/png', size: png.length }, totalBytes: png.length });
    // The content decides the type: a JPEG called .png is stored as .jpg, and the name is made flat.
    expect((await upload(id, '../holiday pics/My Photo.png', photoJpeg(), { 'content-type': 'image/png' })).json().image).toMatchObject({
      name: 'My-Photo.jpg',
      contentType: 'image/jpeg',
    });
    expect((await upload(id, 'vector figure.pdf', vectorPdf(), { 'content-type': 'application/pdf' })).json().image.name).toBe('vector-figure.pdf');

    const listed = await list(id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ maxImageBytes: MAX_IMAGE_BYTES, maxDocumentBytes: MAX_DOCUMENT_IMAGE_BYTES });
    expect(listed.json().images.map((i: { name: string }) => i.name)).toEqual(['My-Photo.jpg', 'diagram.png', 'vector-figure.pdf']);
    expect(listed.json().totalBytes).toBe(png.length + photoJpeg().length + vectorPdf().length);

    const served = await call({ method: 'GET', url: `/api/documents/${id}/images/diagram.png`, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    const pdf = await call({ method: 'GET', url: `/api/documents/${id}/images/vector-figure.pdf`, headers: { cookie: owner.cookie } });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);

    // Same name again replaces; delete removes.
    const red = solidPng(32, 32, [200, 0, 0]);
    expect((await upload(id, 'diagram.png', red)).statusCode).toBe(201);
    expect((await list(id)).json().images).toHaveLength(3);
    const del = await call({ method: 'DELETE', url: `/api/documents/${id}/images/diagram.png`, headers: { cookie: owner.cookie } });
    expect(del.json()).toEqual({ success: true });
    expect((await list(id)).json().images.map((i: { name: string }) => i.name)).toEqual(['My-Photo.jpg', 'vector-figure.pdf']);
    expect((await call({ method: 'DELETE', url: `/api/documents/${id}/images/diagram.png`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('refuses content that is not an image whatever its name and declared type', async () => {
    const id = await newDocument();
    const html = Buffer.from('<!doctype html><html><body><script>document.cookie</script></body></html>');
    for (const type of ['image/png', 'application/octet-stream', 'image/jpeg', 'application/pdf']) {
      const res = await upload(id, 'innocent.png', html, { 'content-type': type });
      expect([res.statusCode, res.json().message]).toEqual([415, ONLY_IMAGES]);
    }
    const truncated = solidPng();
    const cut = await upload(id, 'cut.png', truncated.subarray(0, truncated.length - 30));
    expect(cut.statusCode).toBe(422);
    expect((await upload(id, 'empty.png', Buffer.alloc(0))).json().message).toBe('The image is empty.');
    // JSON is not an upload; other types are refused by the JSON-only guard; cross-site is refused.
    const asJson = await call({ method: 'POST', url: `/api/documents/${id}/images?name=x.png`, payload: { data: 'iVBOR' }, headers: { cookie: owner.cookie } });
    expect(asJson.statusCode).toBe(415);
    expect((await upload(id, 'x.png', solidPng(), { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect((await upload(id, 'x.png', solidPng(), { 'content-type': 'multipart/form-data; boundary=x' })).statusCode).toBe(415);
    expect((await upload(id, 'x.png', solidPng(), { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(id, '', solidPng())).json().message).toBe('Give the image a name.');
    expect((await list(id)).json().images).toEqual([]);
  });

  it('takes an image of exactly 10 MB and refuses one byte more', async () => {
    const id = await newDocument();
    const ok = await upload(id, 'big.png', pngOfSize(MAX_IMAGE_BYTES));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().image.size).toBe(MAX_IMAGE_BYTES);
    const over = await upload(id, 'bigger.png', pngOfSize(MAX_IMAGE_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('Images may be at most 10 MB each.');
  });

  it('lets no race of uploads past the per-document limit', async () => {
    // Small limits, so the race is about the lock rather than about moving 60 MB.
    const small = await createTestApp(kind, { imageLimits: { maxImageBytes: 200_000, maxDocumentBytes: 1_000_000 } });
    try {
      const user = await signUp(small);
      const doc = await small.app.inject({ method: 'POST', url: '/api/documents', payload: { inputContent: 'figures' }, headers: { cookie: user.cookie } });
      const id = doc.json().id as number;
      const part = pngOfSize(200_000);
      const results = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          small.app.inject({
            method: 'POST',
            url: `/api/documents/${id}/images?name=part-${n}.png`,
            payload: part,
            headers: { 'content-type': 'application/octet-stream', cookie: user.cookie },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 413]);
      const listed = await small.app.inject({ method: 'GET', url: `/api/documents/${id}/images`, headers: { cookie: user.cookie } });
      expect(listed.json().totalBytes).toBe(1_000_000);
      const over = await small.app.inject({
        method: 'POST',
        url: `/api/documents/${id}/images?name=big.png`,
        payload: pngOfSize(200_001),
        headers: { 'content-type': 'application/octet-stream', cookie: user.cookie },
      });
      expect([over.statusCode, over.json().message]).toEqual([413, 'Images may be at most 0.19 MB each.']);
    } finally {
      await small.close();
    }
  });

  it("keeps images to their document's owner and deletes them with the document", async () => {
    const id = await newDocument();
    expect((await upload(id, 'mine.png', solidPng())).statusCode).toBe(201);
    const theirs = { cookie: stranger.cookie };
    expect((await upload(id, 'theirs.png', solidPng(), theirs)).statusCode).toBe(404);
    expect((await list(id, stranger.cookie)).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/documents/${id}/images/mine.png`, headers: theirs })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/documents/${id}/images/mine.png`, headers: theirs })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/documents/${id}/images` })).statusCode).toBe(401);
    expect((await upload(999_999, 'x.png', solidPng())).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/documents/${id}/images/..%2Fetc.png`, headers: { cookie: owner.cookie } })).statusCode).toBe(400);
    expect((await list(id)).json().images).toHaveLength(1);

    expect((await call({ method: 'DELETE', url: `/api/documents/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ n: count() }).from(documentImages).where(eq(documentImages.documentId, id));
    expect(row!.n).toBe(0);
  });
});

// At its real size on PostgreSQL only: moving 60 MB through PGlite's single in-process connection
// costs tens of seconds on a loaded machine, and the race test above covers the rule on both.
describe('the 50 MB of one document, on postgres', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (options: InjectOptions) => politely(() => t.app.inject(options));
  async function newDocument(): Promise<number> {
    return (await call({ method: 'POST', url: '/api/documents', payload: { inputContent: 'figures' }, headers: { cookie: owner.cookie } })).json().id as number;
  }
  const upload = (id: number, name: string, bytes: Buffer) =>
    call({ method: 'POST', url: `/api/documents/${id}/images?name=${name}`, payload: bytes, headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie } });
  const list = (id: number) => call({ method: 'GET', url: `/api/documents/${id}/images`, headers: { cookie: owner.cookie } });

  it('holds 50 MB per document, and a replacement counts once', async () => {
    const id = await newDocument();
    const tenMb = pngOfSize(MAX_IMAGE_BYTES);
    // One after another, as the editor uploads them.
    for (let n = 1; n <= 5; n++) expect((await upload(id, `part-${n}.png`, tenMb)).statusCode).toBe(201);
    expect((await list(id)).json().totalBytes).toBe(MAX_DOCUMENT_IMAGE_BYTES);
    const refused = await upload(id, 'one-more.png', solidPng(8, 8));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('The images of one document may be at most 50 MB together; 0.0 MB are left.');
    // Replacing an image by a smaller one of the same name frees room.
    expect((await upload(id, 'part-1.png', solidPng(8, 8))).statusCode).toBe(201);
    expect((await upload(id, 'one-more.png', solidPng(8, 8))).statusCode).toBe(201);
  });

});
