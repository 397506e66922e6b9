// The compiled PDF as an owner-only binary URL, its SyncTeX data beside it, the compile started
// in the background after a generation, and kept auxiliary files that never cross users, through
// the HTTP API with real TeX Live on PGlite and PostgreSQL.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { createCompileService, type CompileRequest, type CompileResult, type CompileService } from './compile/index.js';
import { pdfText } from '../../../tests/support/pdf.js';
import { READER } from '../../../tests/support/aux-reader.js';

const SECRET = 'AlicesSecretChapter';

/** The real compiler, remembering the background compiles it was asked for. */
function recordingCompiler(inner: CompileService) {
  const background: Array<{ request: CompileRequest; done: Promise<CompileResult> }> = [];
  /** While set, background compiles answer only once it resolves (their TeX runs at once). */
  const gate: { hold: Promise<void> | null } = { hold: null };
  const compiler: CompileService = {
    health: () => inner.health(),
    close: () => inner.close(),
    cached: (request) => inner.cached!(request),
    compile(request) {
      const done = inner.compile(request);
      if (request.priority !== 'background') return done;
      background.push({ request, done });
      const hold = gate.hold;
      return hold ? done.then(async (result) => (await hold, result)) : done;
    },
  };
  return { compiler, background, gate };
}

describe.each(DB_KINDS)('compiled PDFs over HTTP on %s', (kind) => {
  let t: TestApp;
  let recorded: ReturnType<typeof recordingCompiler>;
  let inner: CompileService;

  beforeAll(async () => {
    inner = createCompileService({ warmFormats: false, timeoutMs: 30_000, preambles: async () => [] });
    recorded = recordingCompiler(inner);
    t = await createTestApp(kind, { compiler: recorded.compiler });
  });
  afterAll(async () => {
    await t.close();
    await inner.close();
  });

  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const simple = '\\documentclass{article}\n\\begin{document}\nHello, binary world.\n\\end{document}\n';

  it('answers with pdfUrl and synctexUrl; pdfFormat url leaves the base64 out', async () => {
    const user = await signUp(t);
    const inline = (await post('/api/latex/compile', user.cookie, { latex: simple })).json().compilationResult;
    expect(inline.success).toBe(true);
    expect(Buffer.from(inline.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(inline.pdfUrl).toMatch(/^\/api\/latex\/pdf\/[0-9a-f]{64}$/);
    expect(inline.synctexUrl).toBe(`${inline.pdfUrl}/synctex`);

    const url = (await post('/api/latex/compile', user.cookie, { latex: simple, pdfFormat: 'url' })).json().compilationResult;
    expect(url.pdf).toBeUndefined();
    expect(url.cached).toBe(true);
    expect(url.passes).toBe(0);
    expect(url.pdfUrl).toBe(inline.pdfUrl);
  });

  it('never tells one user that another compiled the same LaTeX: the cache is per owner', async () => {
    // A predictable document (a generated letter, say) compiled by one user first.
    const letter = `${simple}% a letter anyone could write ${Date.now()}\n`;
    const first = await signUp(t);
    const second = await signUp(t);
    const mine = (await post('/api/latex/compile', first.cookie, { latex: letter, pdfFormat: 'url' })).json().compilationResult;
    expect(mine).toMatchObject({ success: true });
    expect(mine.cached).toBeUndefined();
    expect(mine.passes).toBeGreaterThan(0);
    // The other user's compile of exactly that LaTeX runs TeX itself: no `cached`, passes counted.
    const theirs = (await post('/api/latex/compile', second.cookie, { latex: letter, pdfFormat: 'url' })).json().compilationResult;
    expect(theirs).toMatchObject({ success: true });
    expect(theirs.cached).toBeUndefined();
    expect(theirs.passes).toBeGreaterThan(0);
    // Each owner's own repeat is answered from the cache (the warm path stays).
    for (const user of [first, second]) {
      const again = (await post('/api/latex/compile', user.cookie, { latex: letter, pdfFormat: 'url' })).json().compilationResult;
      expect(again).toMatchObject({ success: true, cached: true, passes: 0 });
    }
  });

  it('serves the PDF and its SyncTeX data to the owner only, cacheable for that browser', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const result = (await post('/api/latex/compile', owner.cookie, { latex: `${simple}% owner\n`, pdfFormat: 'url' })).json().compilationResult;

    const pdf = await get(result.pdfUrl, owner.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf.rawPayload)).toContain('Hello, binary world.');

    const synctex = await get(result.synctexUrl, owner.cookie);
    expect(synctex.statusCode).toBe(200);
    expect(synctex.headers['content-type']).toBe('application/gzip');
    expect(gunzipSync(synctex.rawPayload).toString()).toMatch(/^SyncTeX Version:1\nInput:1:\/job\//);

    expect((await get(result.pdfUrl, other.cookie)).statusCode).toBe(404);
    expect((await get(result.synctexUrl, other.cookie)).statusCode).toBe(404);
    expect((await get(result.pdfUrl)).statusCode).toBe(401);
    expect((await get(`/api/latex/pdf/${'0'.repeat(64)}`, owner.cookie)).statusCode).toBe(404);
    expect((await get('/api/latex/pdf/not-a-hash', owner.cookie)).statusCode).toBe(400);
    // Other API answers stay uncacheable.
    expect((await get('/api/auth/me', owner.cookie)).headers['cache-control']).toBe('no-store');
  });

  it("serves a document's stored PDF by hash from another server process (?doc=)", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { documentId } = (await post('/api/latex/generate', owner.cookie, { content: '# Stored\n\nKept in the database.', documentType: 'article' })).json();
    const result = (await post('/api/latex/compile', owner.cookie, { latex: simple.replace('Hello', 'Stored'), documentId, pdfFormat: 'url' })).json().compilationResult;
    expect(result.pdfUrl).toMatch(new RegExp(`\\?doc=${documentId}$`));
    // The document's PDF answer names the same binary URLs beside its base64.
    const stored = (await get(`/api/documents/${documentId}/pdf`, owner.cookie)).json();
    expect(stored).toMatchObject({ pdfUrl: result.pdfUrl, synctexUrl: result.synctexUrl });

    // A second process on the same database: nothing in its memory, the stored PDF answers.
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock, mailer: t.mailer, compiler: recorded.compiler, logger: false, clientDir: '/nonexistent' });
    try {
      // Without naming the document a hash means nothing to this process.
      const withoutDoc = result.pdfUrl.replace(/\?doc=\d+$/, '');
      expect((await second.inject({ method: 'GET', url: withoutDoc, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
      const pdf = await second.inject({ method: 'GET', url: result.pdfUrl, headers: { cookie: owner.cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toContain('Stored, binary world.');
      const synctex = await second.inject({ method: 'GET', url: result.synctexUrl, headers: { cookie: owner.cookie } });
      expect(gunzipSync(synctex.rawPayload).toString()).toMatch(/^SyncTeX Version:1/);
      expect((await second.inject({ method: 'GET', url: result.pdfUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('starts the compile of a generated document in the background; Generate PDF then finds it done', async () => {
    const user = await signUp(t);
    const before = recorded.background.length;
    const gen = (await post('/api/latex/generate', user.cookie, { content: '# Ahead\n\nCompiled while read.', documentType: 'article' })).json();
    const started = recorded.background.slice(before);
    expect(started).toHaveLength(1);
    expect(started[0]?.request).toMatchObject({ latex: gen.latex, workspace: `doc:${user.userId}:${gen.documentId}`, priority: 'background' });
    expect(started[0]?.request.userKey).toBeUndefined();
    expect((await started[0]!.done).status).toBe('success');

    const result = (await post('/api/latex/compile', user.cookie, { latex: gen.latex, documentId: gen.documentId, pdfFormat: 'url' })).json().compilationResult;
    expect(result).toMatchObject({ success: true, cached: true, passes: 0 });
    expect((await get(result.pdfUrl, user.cookie)).statusCode).toBe(200);
    // The click still records the compile on the document, as before.
    const doc = (await get(`/api/documents/${gen.documentId}`, user.cookie)).json();
    expect(doc).toMatchObject({ compilationSuccessful: true, hasPdf: true });
  });

  it('saves the compile started ahead to its document, so the click writes nothing and adds no version', async () => {
    const user = await signUp(t);
    const before = recorded.background.length;
    const gen = (await post('/api/latex/generate', user.cookie, { content: '# Saved ahead\n\nCompiled and saved while read.', documentType: 'article' })).json();
    expect((await recorded.background[before]!.done).status).toBe('success');
    // The save follows the compile: the document holds the PDF without any compile request.
    let doc = (await get(`/api/documents/${gen.documentId}`, user.cookie)).json();
    for (let i = 0; i < 100 && !doc.hasPdf; i++) {
      await new Promise((r) => setTimeout(r, 50));
      doc = (await get(`/api/documents/${gen.documentId}`, user.cookie)).json();
    }
    expect(doc).toMatchObject({ latexContent: gen.latex, compilationSuccessful: true, hasPdf: true });

    const result = (await post('/api/latex/compile', user.cookie, { latex: gen.latex, documentId: gen.documentId, pdfFormat: 'url' })).json().compilationResult;
    expect(result).toMatchObject({ success: true, cached: true });
    expect((await get(result.pdfUrl, user.cookie)).statusCode).toBe(200);
    const versions = (await get(`/api/documents/${gen.documentId}/versions`, user.cookie)).json();
    expect(versions.versions.map((v: { kind: string }) => v.kind)).toEqual(['generated']);
  });

  it("never lets a save started ahead undo a compile of the person's edit that was saved first", async () => {
    const user = await signUp(t);
    let release = () => {};
    recorded.gate.hold = new Promise<void>((r) => (release = r));
    const before = recorded.background.length;
    const gen = (await post('/api/latex/generate', user.cookie, { content: '# Edited soon\n\nThe first text.', documentType: 'article' })).json();
    recorded.gate.hold = null;
    await recorded.background[before]!.done;
    const edited = gen.latex.replace('The first text.', 'The edited text.');
    const mine = (await post('/api/latex/compile', user.cookie, { latex: edited, documentId: gen.documentId, pdfFormat: 'url' })).json().compilationResult;
    expect(mine.success).toBe(true);
    release();
    // The save ahead now has its compile: it must leave the edit in place.
    await new Promise((r) => setTimeout(r, 500));
    const doc = (await get(`/api/documents/${gen.documentId}`, user.cookie)).json();
    expect(doc.latexContent).toBe(edited);
    expect((await get(`/api/documents/${gen.documentId}/pdf`, user.cookie)).statusCode).toBe(200);
  });

  it('tells the client when the compile started ahead is done, with the address the click will answer', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const before = recorded.background.length;
    const gen = (await post('/api/latex/generate', user.cookie, { content: '# Early\n\nFetched while read.', documentType: 'article' })).json();
    const calls = () => recorded.background.length;
    await Promise.all(recorded.background.slice(before).map((b) => b.done));
    const aheadUrl = `/api/latex/compiled-ahead/${gen.documentId}`;
    const ahead = await get(aheadUrl, user.cookie);
    expect(ahead.statusCode).toBe(200);
    expect(ahead.headers['cache-control']).toBe('no-store');
    const answer = ahead.json();
    expect(answer).toMatchObject({ ready: true, pdfUrl: expect.stringMatching(new RegExp(`^/api/latex/pdf/[0-9a-f]{64}\\?doc=${gen.documentId}$`)) });
    // Fetchable before any click, and the click answers from the cache with the same address.
    const early = await get(answer.pdfUrl, user.cookie);
    expect(early.statusCode).toBe(200);
    expect(await pdfText(early.rawPayload)).toContain('Fetched while read.');
    const clicked = (await post('/api/latex/compile', user.cookie, { latex: gen.latex, documentId: gen.documentId, pdfFormat: 'url' })).json().compilationResult;
    expect(clicked).toMatchObject({ success: true, cached: true, pdfUrl: answer.pdfUrl });

    // Asking compiles nothing: edited LaTeX has no finished compile, and asking again starts none.
    const edited = `${gen.latex}% edited\n`;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/documents/${gen.documentId}`, payload: { latexContent: edited }, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const count = calls();
    for (let i = 0; i < 3; i++) expect((await get(aheadUrl, user.cookie)).json()).toEqual({ ready: false });
    expect(calls()).toBe(count);

    // Another person's document is not found; without a session, 401; a bad id, 400.
    expect((await get(aheadUrl, other.cookie)).statusCode).toBe(404);
    expect((await get(aheadUrl)).statusCode).toBe(401);
    expect((await get('/api/latex/compiled-ahead/abc', user.cookie)).statusCode).toBe(400);
  });

  it("never lets one user's kept auxiliary files reach another user's compile", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const report = `\\documentclass{report}\n\\begin{document}\n\\tableofcontents\n\\chapter{${SECRET}}\nPrivate.\n\\end{document}\n`;
    const before = recorded.background.length;
    const aliceDoc = (await post('/api/latex/generate', alice.cookie, { content: 'Alice notes', documentType: 'report' })).json().documentId;
    // The generated report's own compile, started ahead, is done before Alice compiles other LaTeX
    // in the same document: the control below reads the files of her compile, not of that one.
    await Promise.all(recorded.background.slice(before).map((b) => b.done));
    expect((await post('/api/latex/compile', alice.cookie, { latex: report, documentId: aliceDoc })).json().compilationResult.success).toBe(true);
    expect((await post('/api/latex/compile', alice.cookie, { latex: report })).json().compilationResult.success).toBe(true);

    // Control: in Alice's own document the reader finds her table of contents.
    const control = (await post('/api/latex/compile', alice.cookie, { latex: READER, documentId: aliceDoc })).json().compilationResult;
    expect(await pdfText(Buffer.from(control.pdf, 'base64'))).toContain(SECRET);

    const bobDoc = (await post('/api/latex/generate', bob.cookie, { content: 'Bob notes', documentType: 'report' })).json().documentId;
    for (const payload of [{ latex: READER }, { latex: READER, documentId: bobDoc }]) {
      const result = (await post('/api/latex/compile', bob.cookie, payload)).json().compilationResult;
      expect(result.success).toBe(true);
      const text = (await pdfText(Buffer.from(result.pdf, 'base64'))).replace(/\s+/g, ' ');
      expect(text).toContain('aux absent');
      expect(text).toContain('toc absent');
      expect(text).not.toContain(SECRET);
    }
    // Bob cannot name Alice's document to borrow its workspace.
    expect((await post('/api/latex/compile', bob.cookie, { latex: READER, documentId: aliceDoc })).statusCode).toBe(404);
  });
});
