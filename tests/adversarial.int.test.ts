// Pathological text against every text-processing entry point, through the HTTP API, on PGlite and
// PostgreSQL: generation (each document type), title extraction, the HTML preview (TeX Live
// absent) and compile-log parsing (TeX Live present). fast-check builds the inputs: long runs of
// one character, alternations, nested brackets, `\title[` repeated, up to 200,000 characters.
// While each request runs, /healthz is asked every few milliseconds and an event-loop-delay
// histogram watches the server's loop (it is this process's loop: the app runs in-process). Each
// request must end with its normal answer or the worker limit's 422 — never hold the loop.
import { EXTRACT_TITLE_MAX_CHARS } from '../src/shared/api/latex.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../src/shared/document-types.js';
import { MAX_NOTE_CHARS } from '../src/shared/api/latex.js';
import { users } from '../src/server/db/schema.js';
import { createCompileService, type CompileService } from '../src/server/latex/compile/index.js';
import { TOO_COMPLEX_MESSAGE } from '../src/server/latex/worker-pool/errors.js';
import { compileTextWork, createTextPool, type TextPool } from '../src/server/latex/worker-pool/pool.js';
import { createTestApp, signUp, type TestApp } from './support/test-app.js';
import { DB_KINDS } from './support/test-db.js';

/** The worker limit in these tests: short, so a slow input ends quickly with 422. */
const TASK_LIMIT_MS = 2000;
/** The most the server's event loop may be held: /healthz must answer within this throughout. */
const MAX_LOOP_DELAY_MS = 1000;

const UNITS = ['\t', ' ', '#', '|', '[', '{', '\\', '$', '*', '_', '>', '-', '`', '\n', '\\title[', '[[]', '$$', '\\[', '\\item[', '\\begin{tabular}', '# ', '| a ', '[a](', '\\textbf{', '\\\\[', '%'];

/** Up to `max` characters of trouble: one unit repeated, two or three alternating, or nested brackets. */
const pathological = (max: number) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...UNITS), fc.integer({ min: max / 4, max })).map(([u, n]) => u.repeat(Math.ceil(n / u.length)).slice(0, max)),
    fc.tuple(fc.array(fc.constantFrom(...UNITS), { minLength: 2, maxLength: 3 }), fc.integer({ min: max / 4, max })).map(([us, n]) => {
      const unit = us.join('');
      return unit.repeat(Math.ceil(n / unit.length)).slice(0, max);
    }),
    fc.integer({ min: 1000, max: max / 2 }).map((n) => `${'['.repeat(n)}x${']'.repeat(n)}`),
    fc.constantFrom('\\title['.repeat(Math.floor(max / 7)), '\t'.repeat(max), '#'.repeat(max), '|'.repeat(max)),
  );

/** fast-check's report without the 200,000-character counterexample. */
function briefly<T>() {
  return {
    reporter(details: fc.RunDetails<T>) {
      if (!details.failed) return;
      const example = JSON.stringify(details.counterexample ?? []);
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`failed after ${details.numRuns} runs (seed ${details.seed}): ${error}\ninput: ${example.slice(0, 300)}… (${example.length} characters)`);
    },
  };
}

interface Watched {
  statusCode: number;
  body: string;
  healthz: number[];
  maxLoopDelayMs: number;
}

describe.each(DB_KINDS)('pathological text on %s', (kind) => {
  let t: TestApp;
  let preview: TestApp;
  let pool: TextPool;
  let noTex: CompileService;
  let dataDir: string;
  let cookie: string;
  let previewCookie: string;

  beforeAll(async () => {
    pool = createTextPool({ taskTimeoutMs: TASK_LIMIT_MS, queueWaitMs: 30_000 });
    dataDir = mkdtempSync(join(tmpdir(), 'latexgen-adversarial-'));
    noTex = createCompileService({ dataDir, texBinDir: join(dataDir, 'no-tex-here'), warmFormats: false, textWork: compileTextWork(pool) });
    t = await createTestApp(kind, { textPool: pool });
    preview = await createTestApp(kind, { textPool: pool, compiler: noTex });
    for (const [app, set] of [[t, (c: string) => (cookie = c)], [preview, (c: string) => (previewCookie = c)]] as const) {
      const user = await signUp(app);
      await app.database.db.update(users).set({ subscriptionTier: 'tier5' }).where(eq(users.id, user.userId));
      set(user.cookie);
    }
  });
  afterAll(async () => {
    await t?.close();
    await preview?.close();
    await noTex?.close();
    await pool?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends one request while /healthz is asked back to back and the loop's delay is recorded. */
  async function watched(app: TestApp, url: string, payload: object, cookieHeader: string): Promise<Watched> {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    let done = false;
    const healthz: number[] = [];
    const pinger = (async () => {
      while (!done) {
        healthz.push((await app.app.inject({ url: '/healthz' })).statusCode);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      const res = await app.app.inject({ method: 'POST', url, payload, headers: { cookie: cookieHeader } });
      return { statusCode: res.statusCode, body: res.body, healthz, maxLoopDelayMs: histogram.max / 1e6 };
    } finally {
      done = true;
      await pinger;
      histogram.disable();
    }
  }

  function expectServerKeptAnswering(w: Watched) {
    expect(w.healthz.length).toBeGreaterThan(0);
    expect(w.healthz.every((s) => s === 200)).toBe(true);
    expect(w.maxLoopDelayMs).toBeLessThan(MAX_LOOP_DELAY_MS);
  }

  it('generation ends with a document or "too complex", and the server keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(pathological(MAX_NOTE_CHARS), fc.constantFrom(...DOCUMENT_TYPES), async (content, documentType) => {
        fc.pre(content.trim().length > 0);
        const w = await watched(t, '/api/latex/generate', { content, documentType }, cookie);
        expect([200, 422]).toContain(w.statusCode);
        if (w.statusCode === 422) expect(JSON.parse(w.body).message).toBe(TOO_COMPLEX_MESSAGE);
        else expect(JSON.parse(w.body).latex).toContain('\\begin{document}');
        expectServerKeptAnswering(w);
      }),
      { numRuns: 14, seed: 2026, ...briefly() },
    );
  });

  it('title extraction answers, and the server keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(pathological(MAX_NOTE_CHARS), async (latex) => {
        // As the editor sends it: the document's head (the route refuses more, with a 400 that says so).
        const w = await watched(t, '/api/latex/extract-title', { latex: latex.slice(0, EXTRACT_TITLE_MAX_CHARS) }, cookie);
        expect(w.statusCode).toBe(200);
        expect(typeof JSON.parse(w.body).title).toBe('string');
        expectServerKeptAnswering(w);
      }),
      { numRuns: 14, seed: 2027, ...briefly() },
    );
  });

  it('the HTML preview (TeX Live absent) answers, and the server keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(pathological(MAX_NOTE_CHARS), async (body) => {
        const latex = `\\documentclass{article}\\begin{document}${body}\\end{document}`;
        const w = await watched(preview, '/api/latex/compile', { latex }, previewCookie);
        expect(w.statusCode).toBe(200);
        // The preview, or (when even the preview ran past its limit) the plain "unavailable" answer.
        const result = JSON.parse(w.body).compilationResult;
        expect(result.isHtml === true || typeof result.error === 'string').toBe(true);
        expectServerKeptAnswering(w);
      }),
      { numRuns: 8, seed: 2028, ...briefly() },
    );
  });

  it('a failed compile of pathological LaTeX (log parsing) answers, and the server keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(pathological(20_000), async (body) => {
        const latex = `\\documentclass{article}\\begin{document}${body}\\undefinedcommand\\end{document}`;
        const w = await watched(t, '/api/latex/compile', { latex }, cookie);
        expect(w.statusCode).toBe(200);
        expect(JSON.parse(w.body).compilationResult).toHaveProperty('success');
        expectServerKeptAnswering(w);
      }),
      { numRuns: 3, seed: 2029, ...briefly() },
    );
  });
});
