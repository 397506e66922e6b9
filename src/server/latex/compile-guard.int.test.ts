// One compile per user, refused before anything is read: six simultaneous compiles of one user's
// document with four images reach the compile service once (with the images), and the five others
// are answered 429 without loading the document's images. The compiler is the real one, held at a
// gate so the first compile is still running when the others arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOfSize } from '../../../tests/support/images.js';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { createCompileService, type CompileRequest, type CompileService } from './compile/index.js';

describe.each(DB_KINDS)('one compile at a time per user on %s', (kind) => {
  let t: TestApp;
  let inner: CompileService;
  const seen: CompileRequest[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));

  beforeAll(async () => {
    // The real compiler, made once the app's blob store (where the images are) exists.
    const compiler: CompileService = {
      health: () => inner.health(),
      close: () => inner.close(),
      cached: (request) => inner.cached!(request),
      async compile(request) {
        seen.push(request);
        await gate;
        return inner.compile(request);
      },
    };
    t = await createTestApp(kind, { compiler });
    inner = createCompileService({ warmFormats: false, timeoutMs: 30_000, preambles: async () => [], storedFiles: t.blobs });
  });
  afterAll(async () => {
    open();
    await t?.close();
    await inner?.close();
  });

  it("refuses a user's second compile before its document's images are read", async () => {
    const user = await signUp(t);
    const headers = { cookie: user.cookie, origin: ORIGIN };
    const created = await t.app.inject({ method: 'POST', url: '/api/documents', headers, payload: { inputContent: 'Four figures' } });
    const id = created.json().id as number;
    for (let i = 0; i < 4; i++) {
      const up = await t.app.inject({ method: 'POST', url: `/api/documents/${id}/images?name=figure-${i}.png`, headers: { ...headers, 'content-type': 'application/octet-stream' }, payload: pngOfSize(256 * 1024) });
      expect(up.statusCode).toBe(201);
    }
    const latex = `\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n\\includegraphics[width=2cm]{figure-0.png}\n\\end{document}\n`;
    const compile = () => t.app.inject({ method: 'POST', url: '/api/latex/compile', headers, payload: { latex, documentId: id } });
    const first = compile();
    // The first holds its compile (at the gate); five more arrive meanwhile.
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const others = await Promise.all(Array.from({ length: 5 }, compile));
    expect(others.map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(others[0]!.json().message).toBe('A compilation is already running for you. Please wait for it to finish.');
    // The compile service was asked once, with the images: the five others never loaded them.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.files?.map((f) => f.name).sort()).toEqual(['figure-0.png', 'figure-1.png', 'figure-2.png', 'figure-3.png']);
    open();
    expect((await first).json().compilationResult.success).toBe(true);
  });
});
