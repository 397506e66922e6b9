// An uploaded image reaches the PDF, against PGlite and PostgreSQL: a note whose FIGURE names it is
// generated from the document that holds it (`imagesFrom`), the LaTeX places it with
// \includegraphics, the sandbox compiles it from the document's images, and the rendered page shows
// the picture's colour. The new document keeps copies, so its own compile and PDF find them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { solidPng } from '../../../../tests/support/images.js';
import { redPixels } from '../../../../tests/support/pdf.js';
import { createTestApp, injectPatiently, politely, signUp, type TestApp } from '../../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../../tests/support/test-db.js';

const NOTE = '# Lab report\n\nThe pipeline is shown below.\n\n<FIGURE>\nimage: Diagram.png\ncaption: How notes become PDFs\n</FIGURE>\n\nThat is all.\n';

describe.each(DB_KINDS)('images in the PDF on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let source: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    stranger = await signUp(t);
    const doc = await call({ method: 'POST', url: '/api/documents', payload: { inputContent: NOTE } });
    source = doc.json().id as number;
    const up = await call({
      method: 'POST',
      url: `/api/documents/${source}/images?name=diagram.png`,
      payload: solidPng(),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(up.statusCode, up.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  function call(options: InjectOptions, cookie = owner.cookie) {
    return politely(() => injectPatiently(t, { ...options, headers: { cookie, ...options.headers } }));
  }
  const generate = (payload: Record<string, unknown>, cookie?: string) =>
    call({ method: 'POST', url: '/api/latex/generate', payload: { content: NOTE, documentType: 'article', compile: true, ...payload } }, cookie);

  it('generates the figure with the uploaded picture and compiles it into the PDF; the new document keeps a copy', async () => {
    const res = await generate({ imagesFrom: source });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.latex).toContain('\\includegraphics[width=\\linewidth,height=0.5\\textheight,keepaspectratio]{diagram.png}');
    expect(body.latex).not.toContain('\\lgplaceholder{');
    expect(body.compilationResult.success, body.compilationResult.error).toBe(true);
    expect(await redPixels(Buffer.from(body.compilationResult.pdf, 'base64'))).toBeGreaterThan(100);

    const copied = await call({ method: 'GET', url: `/api/documents/${body.documentId}/images` });
    expect(copied.json().images.map((i: { name: string }) => i.name)).toEqual(['diagram.png']);
    // The new document's own compile reads its images: with them the LaTeX compiles, without a
    // document (no images) the same LaTeX cannot find the file.
    const own = await call({ method: 'POST', url: '/api/latex/compile', payload: { latex: body.latex, documentId: body.documentId } });
    expect(own.json().compilationResult.success).toBe(true);
    expect(await redPixels(Buffer.from(own.json().compilationResult.pdf, 'base64'))).toBeGreaterThan(100);
    const bare = await call({ method: 'POST', url: '/api/latex/compile', payload: { latex: body.latex } });
    expect(bare.json().compilationResult.success).toBe(false);
    const stored = await call({ method: 'GET', url: `/api/documents/${body.documentId}/pdf` });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await redPixels(Buffer.from(stored.json().pdf, 'base64'))).toBeGreaterThan(100);
  });

  it('keeps the placeholder without imagesFrom, and never takes image names from the request', async () => {
    const res = await generate({ compile: false, options: { splitTables: false, useMath: true, images: ['diagram.png'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().latex).not.toContain('\\includegraphics');
    expect(res.json().latex).toContain('\\lgplaceholder{');
  });

  it("answers 404 for another person's document, without charging", async () => {
    const before = (await call({ method: 'GET', url: '/api/auth/me' }, stranger.cookie)).json();
    const res = await generate({ imagesFrom: source }, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Document not found');
    const after = (await call({ method: 'GET', url: '/api/auth/me' }, stranger.cookie)).json();
    expect(after).toEqual(before);
  });
});
