// GET /api/documents/{id}/export (docs/product.md, Exports), through inject() on PGlite: the .tex is
// the stored LaTeX; the .zip unpacks into a project that plain pdflatex compiles outside our
// sandbox (the round trip), its image included; the .docx has Word headings, lists, a table, the
// image and formulas as Word equations (OMML). Owner only, signed in, rate-limited, in OpenAPI.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits.js';
import { solidPng } from '../../../tests/support/images.js';
import { createTestApp, politely, signUp, type TestApp } from '../../../tests/support/test-app.js';

const run = promisify(execFile);

const NOTE = [
  '# Field Report',
  '',
  '## Method',
  '',
  'We measured the decay $N(t) = N_0 e^{-\\lambda t}$ twice.',
  '',
  '- first sample',
  '- second sample',
  '',
  '| Sample | Count |',
  '|---|---|',
  '| A | 12 |',
  '| B | 15 |',
  '',
  '![The set-up](setup.png)',
  '',
  '$$\\int_0^1 x^2\\,dx = \\frac13$$',
].join('\n');

describe('document exports', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let id: number;
  let latex: string;
  let root: string;

  const call = (options: InjectOptions) => politely(() => t.app.inject(options));
  const exportOf = (format: string, cookie = owner.cookie, docId = id) => call({ method: 'GET', url: `/api/documents/${docId}/export?format=${format}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp('pglite', { rateLimits: { ...DEFAULT_RATE_LIMITS, register: { max: 10_000, timeWindow: 60_000 }, documentExports: { max: 8, timeWindow: 60_000 } } });
    owner = await signUp(t);
    stranger = await signUp(t);
    root = await mkdtemp(join(tmpdir(), 'lg-export-test-'));
    const created = await call({ method: 'POST', url: '/api/documents', payload: { inputContent: NOTE }, headers: { cookie: owner.cookie } });
    id = created.json().id as number;
    const uploaded = await call({
      method: 'POST',
      url: `/api/documents/${id}/images?name=setup.png`,
      payload: solidPng(),
      headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const generated = await call({ method: 'POST', url: '/api/latex/generate', payload: { content: NOTE, documentType: 'article', imagesFrom: id }, headers: { cookie: owner.cookie } });
    expect(generated.statusCode, generated.body).toBe(200);
    latex = generated.json().latex as string;
    expect(latex).toContain('\\includegraphics');
    const saved = await call({ method: 'PATCH', url: `/api/documents/${id}`, payload: { latexContent: latex, title: 'Field Report' }, headers: { cookie: owner.cookie } });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('.tex: the stored LaTeX as a download named from the title', async () => {
    const res = await exportOf('tex');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-tex/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="FieldReport.tex"');
    expect(res.body).toBe(latex);
  });

  it('.zip: main.tex, the image and a README naming the engine; it compiles after unpacking', async () => {
    const res = await exportOf('zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['README.md', 'main.tex', 'setup.png']);
    expect(strFromU8(files['main.tex']!)).toBe(latex);
    expect(Buffer.from(files['setup.png']!).equals(solidPng())).toBe(true);
    expect(strFromU8(files['README.md']!)).toMatch(/pdflatex main\.tex/);
    // Unpacked and compiled by plain pdflatex, as on another machine.
    const dir = await mkdtemp(join(root, 'zip-'));
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
    const out = await run('/usr/bin/pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'main.tex'], { cwd: dir, env: { PATH: '/usr/bin:/bin', HOME: dir } }).catch((err: { stdout?: string }) => ({ stdout: `FAILED ${err.stdout ?? ''}` }));
    expect(out.stdout, out.stdout.slice(-1200)).not.toMatch(/^FAILED/);
    expect(out.stdout).toMatch(/Output written on main\.pdf/);
    expect(out.stdout).not.toMatch(/File `setup\.png' not found/);
  }, 60_000);

  it('.docx: Word headings, a list, a table, the image and editable equations', async () => {
    const res = await exportOf('docx');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="FieldReport.docx"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1" ?\/>/);
    expect(xml).toMatch(/<w:numPr>/);
    expect(xml).toMatch(/<w:tbl>/);
    expect((xml.match(/<m:oMath>/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(xml).toContain('first sample');
    expect(Object.keys(files).some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);
  }, 60_000);

  it('owner only, signed in, known formats only', async () => {
    expect((await exportOf('tex', stranger.cookie)).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/documents/${id}/export?format=tex` })).statusCode).toBe(401);
    expect((await exportOf('pdfx')).statusCode).toBe(400);
  });

  it('is rate-limited per user', async () => {
    const other = await signUp(t);
    const doc = await call({ method: 'POST', url: '/api/documents', payload: { inputContent: 'x', latexContent: '\\documentclass{article}\\begin{document}x\\end{document}' }, headers: { cookie: other.cookie } });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await exportOf('tex', other.cookie, doc.json().id as number)).statusCode);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(codes.slice(8)).toEqual([429, 429]);
  });

  it('is in the OpenAPI document', async () => {
    const spec = (await call({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.paths['/api/documents/{id}/export']?.get).toBeDefined();
  });
});
