// Asking the AI model for a change ("make the title bigger") through POST /api/latex/generate with
// `change`: the real `openai` SDK against a loopback fake, real TeX Live in the sandbox, a real
// database. A change keeps the document's own head, goes through the same compile-checked repair
// loop, is charged once as a generation with its history entry, and when the model cannot make it
// the person keeps their LaTeX and is not charged.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { documents, users } from '../../../db/schema.js';
import { pdfText } from '../../../../../tests/support/pdf.js';
import { createTestApp, signUp, type TestApp } from '../../../../../tests/support/test-app.js';
import { startFakeOpenAi, type FakeLlmServer } from '../../../../../tests/support/fake-openai.js';
import { DB_KINDS } from '../../../../../tests/support/test-db.js';

// A document as the person has it: their own preamble (two columns, a package of their choice).
const HEAD = '\\documentclass[twocolumn]{article}\n\\usepackage{amsmath}\n\\begin{document}\n';
const BODY = '\\title{Heat notes}\n\\author{Ada}\n\\date{}\n\\maketitle\n\\section{Setup}\nThe rate is fixed.';
const LATEX = `${HEAD}${BODY}\n\\end{document}\n`;
const CHANGED = BODY.replace('\\title{Heat notes}', '\\title{\\Huge Heat notes}');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(DB_KINDS)('changes written by an AI model on %s', (kind) => {
  let fake: FakeLlmServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(kind, {
      env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model-a', LLM_TIMEOUT_MS: '2500', LLM_CONNECT_TIMEOUT_MS: '700' },
      llm: { backoffMs: 5, maxBackoffMs: 50 },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  const generate = (cookie: string, payload: Json) => t.app.inject({ method: 'POST', url: '/api/latex/generate', payload, headers: { cookie } });
  const charged = async (userId: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const [docs] = await t.database.db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
    return { usage: row!.monthlyUsage, documents: docs!.n };
  };

  it('keeps the head, sends the body fenced with the instruction, compiles, saves and charges once', async () => {
    // Every call gets the changed body (a compile check that fails for want of time asks again).
    fake.setDefault({ text: CHANGED });
    const user = await signUp(t);
    const res = await generate(user.cookie, {
      content: 'Heat notes',
      documentType: 'article',
      compile: true,
      change: { latex: LATEX, instruction: '  make the title bigger ' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.engine).toBe('fake-model-a');
    expect(body.latex).toBe(`${HEAD}${CHANGED}\n\n\\end{document}\n`);
    expect(body.title).toBe('Heat notes');
    expect(body.compilationResult.success).toBe(true);
    expect(await pdfText(Buffer.from(body.compilationResult.pdf, 'base64'))).toContain('Heat notes');
    expect(await charged(user.userId)).toEqual({ usage: 1, documents: 1 });

    const [system, message] = fake.requests[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(system!.content).toMatch(/change an existing body/);
    const fence = /BEGIN BODY ([0-9a-f]{16})/.exec(message!.content)![1]!;
    expect(message!.content).toBe(`The author of this article asks: make the title bigger\nBEGIN BODY ${fence}\n${BODY}\nEND BODY ${fence}`);

    const doc = (await t.app.inject({ method: 'GET', url: `/api/documents/${body.documentId}`, headers: { cookie: user.cookie } })).json();
    expect(doc.latexContent).toBe(body.latex);
  });

  it('repairs a changed body that does not compile, with the line in the body', async () => {
    fake.script({ text: `${BODY}\n\\undefinedcommand{x}` }, { text: CHANGED });
    const user = await signUp(t);
    const res = await generate(user.cookie, { documentType: 'article', change: { latex: LATEX, instruction: 'bigger title' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().latex).toContain('\\Huge Heat notes');
    const repair = (fake.requests[1]!.body.messages as Array<{ content: string }>).at(-1)!.content;
    expect(repair).toContain(`line ${BODY.split('\n').length + 1}`);
    expect(await charged(user.userId)).toEqual({ usage: 1, documents: 1 });
  });

  it('leaves the LaTeX and the allowance alone when the model cannot make the change', async () => {
    fake.setDefault({ status: 500, message: 'overloaded' });
    const user = await signUp(t);
    const res = await generate(user.cookie, { content: 'notes', documentType: 'article', change: { latex: LATEX, instruction: 'bigger title' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^The model could not make this change \(.+\)\. Your LaTeX is unchanged and you were not charged\.$/);
    expect(await charged(user.userId)).toEqual({ usage: 0, documents: 0 });
  });

  it('asks for an AI model, a body and an instruction', async () => {
    const user = await signUp(t);
    const builtin = await generate(user.cookie, { model: 'builtin', change: { latex: LATEX, instruction: 'bigger title' } });
    expect(builtin.statusCode).toBe(400);
    expect(builtin.json().message).toBe('Changes are written by an AI model. Choose one of: fake-model-a.');
    const noBody = await generate(user.cookie, { change: { latex: '\\section{x}', instruction: 'bigger title' } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('The LaTeX has no \\begin{document} … \\end{document} to change.');
    const noInstruction = await generate(user.cookie, { change: { latex: LATEX, instruction: '   ' } });
    expect(noInstruction.statusCode).toBe(400);
    expect(noInstruction.json().message).toBe('Say what to change');
    // Without a change the notes are still required.
    const noNotes = await generate(user.cookie, { content: '  ' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().message).toBe('Content is required');
    expect(fake.requests).toHaveLength(0);
    expect(await charged(user.userId)).toEqual({ usage: 0, documents: 0 });
  });
});

describe('changes on a server without AI models', () => {
  it('says that changes need an AI model', async () => {
    const t = await createTestApp('pglite');
    try {
      const user = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/latex/generate',
        payload: { change: { latex: LATEX, instruction: 'bigger title' } },
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Changes are written by an AI model, and none is available on your plan.');
    } finally {
      await t.close();
    }
  });
});
