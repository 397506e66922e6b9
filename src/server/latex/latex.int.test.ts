// Generate, compile and documents through the HTTP API with real TeX Live, on PGlite and PostgreSQL:
// the quota (exactly k of many concurrent charges, one generation in flight per user, refill after
// allowance, monthly reset), the idempotency key, never charging a failure, and documents private
// to their owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { documents, users } from '../db/schema.js';
import { createUsageRepository } from '../usage/repository.js';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { TOO_COMPLEX_MESSAGE } from './worker-pool/errors.js';
import { createTextPool } from './worker-pool/pool.js';

const NOTE = 'title: Heat equation notes\n\n# Setup\n\nThe rate is du/dt = k * d2u/dx2 and costs 5% & more.\n\n- first point\n- second point';

describe.each(DB_KINDS)('LaTeX API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const setCounters = (userId: number, values: Partial<typeof users.$inferInsert>) =>
    t.database.db.update(users).set(values).where(eq(users.id, userId));
  const countDocs = async (userId: number) =>
    (await t.database.db.select({ n: count() }).from(documents).where(eq(documents.userId, userId)))[0]!.n;

  it('requires a session and valid input', async () => {
    expect((await post('/api/latex/generate', undefined, { content: 'x' })).statusCode).toBe(401);
    const { cookie } = await signUp(t);
    const blank = await post('/api/latex/generate', cookie, { content: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Content is required');
    const badType = await post('/api/latex/generate', cookie, { content: 'x', documentType: 'novel' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toEqual(expect.any(String));
    expect((await post('/api/latex/compile', cookie, { latex: ' ' })).json().message).toBe('No LaTeX content');
    expect((await post('/api/latex/compile', undefined, { latex: 'x' })).statusCode).toBe(401);
  });

  it('generates an article, saves it, charges one, and compiles it to a PDF without charging', async () => {
    const user = await signUp(t);
    const res = await post('/api/latex/generate', user.cookie, { content: NOTE, documentType: 'article', compile: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.latex).toContain('\\documentclass');
    expect(body.title).toBe('Heat equation notes');
    expect(body.engine).toBe('builtin');
    expect(body.usage).toMatchObject({ current: 1, limit: 3, refillCredits: 0 });
    expect(body.compilationResult.success).toBe(true);
    expect(Buffer.from(body.compilationResult.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const doc = (await get(`/api/documents/${body.documentId}`, user.cookie)).json();
    expect(doc).toMatchObject({ title: 'Heat equation notes', documentType: 'article', inputContent: NOTE, compilationSuccessful: true, hasPdf: true });
    expect(doc.metadata.engine).toBe('builtin');

    const compiled = await post('/api/latex/compile', user.cookie, { latex: body.latex });
    expect(compiled.json().compilationResult.success).toBe(true);
    const me = (await get('/api/auth/me', user.cookie)).json();
    expect(me.user.monthlyUsage).toBe(1);

    const pdf = await get(`/api/documents/${body.documentId}/pdf`, user.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(Buffer.from(pdf.json().pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reports compile errors with line numbers and saves the outcome to the document', async () => {
    const user = await signUp(t);
    const gen = (await post('/api/latex/generate', user.cookie, { content: 'Short note', documentType: 'basic' })).json();
    const broken = '\\documentclass{article}\n\\begin{document}\nHello\n\\undefinedmacro\n\\end{document}\n';
    const res = await post('/api/latex/compile', user.cookie, { latex: broken, documentId: gen.documentId });
    const result = res.json().compilationResult;
    expect(result.success).toBe(false);
    expect(result.errorDetails[0]).toMatchObject({ line: 4 });
    expect(result.errorDetails[0].hint).toEqual(expect.any(String));
    const doc = (await get(`/api/documents/${gen.documentId}`, user.cookie)).json();
    // (The PDF of the generated LaTeX, saved ahead, may stay beside it: it is not this LaTeX's.)
    expect(doc).toMatchObject({ latexContent: broken, compilationSuccessful: false });
    const pdf = await get(`/api/documents/${gen.documentId}/pdf`, user.cookie);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toBe('No PDF available');
  });

  it('refuses LaTeX over 1 MB with 413', async () => {
    const user = await signUp(t);
    const res = await post('/api/latex/compile', user.cookie, { latex: `\\documentclass{article}\\begin{document}${'a'.repeat(1024 * 1024 + 10)}\\end{document}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than/);
  });

  it('runs one generation per user at a time: concurrent ones get 409, and never more than k are charged', async () => {
    const user = await signUp(t);
    await setCounters(user.userId, { monthlyUsage: 1 }); // k = 2 left of 3
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/latex/generate', user.cookie, { content: `note ${Math.random()}`, documentType: 'basic' })),
    );
    const codes = results.map((r) => r.statusCode);
    const ok = codes.filter((c) => c === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(2);
    expect(codes.every((c) => c === 200 || c === 402 || c === 409)).toBe(true);
    const busy = results.find((r) => r.statusCode === 409);
    expect(busy?.json().message).toBe('A generation is already running');
    const limited = results.find((r) => r.statusCode === 402);
    if (limited) expect(limited.json().message).toBe("You've reached your monthly limit of 3 generations. Upgrade your plan to get more.");
    expect(await countDocs(user.userId)).toBe(ok);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.monthlyUsage).toBe(1 + ok);
    // The slot is given back: the next generation runs (and meets the limit if both were used).
    const next = await post('/api/latex/generate', user.cookie, { content: 'after the rush' });
    expect(next.statusCode).toBe(ok === 2 ? 402 : 200);
  });

  it('lets exactly k of 50 concurrent charges through (the one UPDATE that decides)', async () => {
    const user = await signUp(t);
    await setCounters(user.userId, { monthlyUsage: 1 }); // k = 2 left of 3
    const usage = createUsageRepository();
    const charged = await Promise.all(
      Array.from({ length: 50 }, () => t.database.db.transaction((tx) => usage.charge(tx, user.userId, t.clock.now()))),
    );
    expect(charged.filter((c) => c !== null)).toHaveLength(2);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.monthlyUsage).toBe(3);
  });

  it('spends refill credits only after the allowance, then stops', async () => {
    const user = await signUp(t);
    await setCounters(user.userId, { monthlyUsage: 2, refillPackCredits: 2 });
    const gen = () => post('/api/latex/generate', user.cookie, { content: 'refill note', documentType: 'basic' });
    const first = (await gen()).json();
    expect(first.usage).toMatchObject({ current: 3, refillCredits: 2 });
    const second = (await gen()).json();
    expect(second.usage).toMatchObject({ current: 3, refillCredits: 1 });
    const third = (await gen()).json();
    expect(third.usage).toMatchObject({ current: 3, refillCredits: 0 });
    expect((await gen()).statusCode).toBe(402);
  });

  it('starts a new month at the reset date inside the charge', async () => {
    t.clock.set(new Date('2026-11-30T23:00:00Z'));
    const user = await signUp(t);
    const reset = new Date('2026-12-01T00:00:00Z');
    await setCounters(user.userId, { monthlyUsage: 3, usageResetDate: reset });
    t.clock.set(new Date('2026-11-30T23:59:59Z'));
    expect((await post('/api/latex/generate', user.cookie, { content: 'a' })).statusCode).toBe(402);
    t.clock.set(reset);
    const res = await post('/api/latex/generate', user.cookie, { content: 'a' });
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toMatchObject({ current: 1, resetDate: '2027-01-01T00:00:00.000Z' });
  });

  it('charges a repeated Idempotency-Key once and answers with the same document', async () => {
    const user = await signUp(t);
    const headers = { 'idempotency-key': `key-${Date.now()}-abcdef` };
    const [a, b] = await Promise.all([
      post('/api/latex/generate', user.cookie, { content: 'once only' }, headers),
      post('/api/latex/generate', user.cookie, { content: 'once only' }, headers),
    ]);
    const c = await post('/api/latex/generate', user.cookie, { content: 'once only' }, headers);
    // A copy sent while the first still runs is told so (409); any later one gets the first's answer.
    const answered = [a, b, c].filter((r) => r.statusCode === 200);
    expect([a, b, c].every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(c.statusCode).toBe(200);
    expect(new Set(answered.map((r) => r.json().documentId)).size).toBe(1);
    expect(await countDocs(user.userId)).toBe(1);
    expect((await get('/api/auth/me', user.cookie)).json().user.monthlyUsage).toBe(1);
    const bad = await post('/api/latex/generate', user.cookie, { content: 'x' }, { 'idempotency-key': 'bad key!' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps documents private: another user gets 404 on read, change, delete, pdf and compile', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const id = (await post('/api/latex/generate', owner.cookie, { content: 'private notes' })).json().documentId;
    expect((await get(`/api/documents/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/documents/${id}/pdf`, other.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/documents/${id}`, payload: { title: 'x' }, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await post('/api/latex/compile', other.cookie, { latex: 'x', documentId: id })).statusCode).toBe(404);
    expect((await get('/api/documents', other.cookie)).json()).toEqual([]);
    expect((await get(`/api/documents/${id}`, owner.cookie)).statusCode).toBe(200);
  });

  it('creates, lists with search, renames and deletes documents, with validation messages', async () => {
    const user = await signUp(t);
    const create = (payload: object) => post('/api/documents', user.cookie, payload);
    expect((await create({ title: ' ', inputContent: 'x' })).json().message).toBe('Title is required');
    expect((await create({ title: 'T', inputContent: '' })).json().message).toBe('Input content is required');
    const a = (await create({ title: 'Quantum notes', inputContent: 'spin and 100% of_it', documentType: 'report' })).json();
    await create({ title: 'Groceries', inputContent: 'apples' });
    expect((await get('/api/documents', user.cookie)).json()).toHaveLength(2);
    expect((await get('/api/documents?search=quantum', user.cookie)).json().map((d: { id: number }) => d.id)).toEqual([a.id]);
    expect((await get('/api/documents?search=apples', user.cookie)).json()).toHaveLength(1);
    expect((await get('/api/documents?search=100%25', user.cookie)).json()).toHaveLength(1);
    expect((await get('/api/documents?search=zzz', user.cookie)).json()).toHaveLength(0);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/documents/${a.id}`, payload: { title: 'Spin notes' }, headers: { cookie: user.cookie } });
    expect(renamed.json().title).toBe('Spin notes');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/documents/${a.id}`, payload: {}, headers: { cookie: user.cookie } })).statusCode).toBe(400);
    expect((await get('/api/documents/abc', user.cookie)).statusCode).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/documents/${a.id}`, headers: { cookie: user.cookie } });
    expect(del.json()).toEqual({ success: true });
    expect((await get(`/api/documents/${a.id}`, user.cookie)).statusCode).toBe(404);
  });

  it('extracts a title from LaTeX, for a signed-in user only', async () => {
    const latex = '\\documentclass{article}\\title{My \\textbf{Big} Idea}\\begin{document}\\end{document}';
    expect((await post('/api/latex/extract-title', undefined, { latex })).statusCode).toBe(401);
    const { cookie } = await signUp(t);
    const res = await post('/api/latex/extract-title', cookie, { latex });
    expect(res.json().title).toBe('My Big Idea');
    expect((await post('/api/latex/extract-title', cookie, { latex: 'nothing here' })).json().title).toBe('Generated Document');
  });
});

describe('a generation that fails', () => {
  it('is never charged and leaves no document', async () => {
    const t = await createTestApp('pglite', {
      engine: {
        generate: async () => {
          throw new Error('engine exploded');
        },
      },
    });
    try {
      const user = await signUp(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/latex/generate', payload: { content: 'boom' }, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Generation failed. Please try again; you were not charged.');
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
      expect(row!.monthlyUsage).toBe(0);
      const [docs] = await t.database.db.select({ n: count() }).from(documents);
      expect(docs!.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(DB_KINDS)('a note too complex for the text worker on %s', (kind) => {
  it('gets 422 with the message, is not charged and leaves no document', async () => {
    // A limit no real note can meet: the worker is terminated mid-generation.
    // A long wait for a worker: on a loaded machine the first one starts slowly (that would be a 503).
    const textPool = createTextPool({ taskTimeoutMs: 1, queueWaitMs: 60_000, threads: 1 });
    const t = await createTestApp(kind, { textPool });
    try {
      const user = await signUp(t);
      const content = Array.from({ length: 2000 }, (_, i) => `## Part ${i}\n\nSome *words* with $x^${i}$ and a [link](http://e.com/${i}).`).join('\n\n');
      const res = await t.app.inject({ method: 'POST', url: '/api/latex/generate', payload: { content }, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(TOO_COMPLEX_MESSAGE);
      expect(textPool.terminated).toBeGreaterThanOrEqual(1);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
      expect(row!.monthlyUsage).toBe(0);
      const [docs] = await t.database.db.select({ n: count() }).from(documents).where(eq(documents.userId, user.userId));
      expect(docs!.n).toBe(0);
    } finally {
      await t.close();
      await textPool.close();
    }
  });
});
