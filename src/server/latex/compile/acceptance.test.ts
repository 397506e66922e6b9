// Acceptance tests with real TeX Live under bubblewrap: broken documents fail with the right
// lines and hints, a slow one times out, the cache answers repeats, every document type compiles,
// and the precompiled-format path gives the same PDF text as a plain run.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../shared/document-types.js';
import { generate, listPreambles } from '../generate/builtin/index.js';
import { documentScripts } from '../generate/builtin/write/document-scripts.js';
import { leanPreamble } from '../generate/builtin/write/lean-preamble.js';
import type { DocumentType } from '../../../shared/document-types.js';
import { generatorPreambleReader } from '../generator-formats.js';
import { CompileBusyError, createCompileService, toCompilationResult, type CompileServiceInternals } from './index.js';
import { removeOrphanedWorkDirs } from './service.js';
import { pdfText } from '../../../../tests/support/pdf.js';

const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');

/** A document whose body starts on line 4 and continues with `body` on line 5. */
const doc = (preamble: string, body: string) => `\\documentclass{article}\n${preamble}\n\\begin{document}\nHello.\n${body}\n\\end{document}\n`;

const BROKEN: Array<{ name: string; latex: string; line: number | null; message: RegExp; hint: RegExp }> = [
  { name: 'missing $', latex: doc('', 'The area is x^2 here.'), line: 5, message: /Missing \$ inserted/, hint: /math mode/ },
  { name: 'undefined control sequence', latex: doc('', 'Text \\foo{} more.'), line: 5, message: /Undefined control sequence: \\foo/, hint: /\\foo is not defined/ },
  { name: 'missing }', latex: doc('', 'This is \\textbf{bold text.\n\nMore text.'), line: 5, message: /File ended while scanning use of \\textbf/, hint: /never closed/ },
  { name: 'extra }', latex: doc('', 'This is {bold} text}.'), line: 5, message: /Too many \}'s/, hint: /braces/ },
  { name: 'misplaced &', latex: doc('', 'Tom & Jerry'), line: 5, message: /Misplaced alignment tab/, hint: /\\&/ },
  { name: 'unknown package', latex: doc('\\usepackage{doesnotexist}', 'x'), line: 2, message: /doesnotexist\.sty' not found/, hint: /not installed/ },
  { name: 'Unicode character not set up', latex: doc('', 'Snowman ☃ here'), line: 5, message: /Unicode character ☃ \(U\+2603\)/, hint: /XeLaTeX/ },
  { name: 'runaway argument', latex: doc('', '\\section{Intro\n\nText'), line: 5, message: /File ended while scanning/, hint: /never closed/ },
  { name: 'mismatched environment', latex: doc('', '\\begin{itemize}\n\\item a\n\\end{enumerate}'), line: 7, message: /\\begin\{itemize\} on input line 5 ended by \\end\{enumerate\}/, hint: /matching \\end/ },
  { name: 'missing image', latex: doc('\\usepackage{graphicx}', '\\includegraphics{photo.png}'), line: 5, message: /photo\.png' not found/, hint: /not available/ },
];

const BODIES: Record<string, string> = {
  article: '\\section{Introduction}\nEuler: $e^{i\\pi}+1=0$.\n\\begin{itemize}\\item One\\item Two\\end{itemize}\n',
  basic: 'A plain note with a formula $a^2+b^2=c^2$.\n',
  report: '\\chapter{Findings}\n\\section{Numbers}\n\\begin{tabular}{ll}\\toprule A & B\\\\\\midrule 1 & 2\\\\\\bottomrule\\end{tabular}\n',
  book: '\\chapter{Beginning}\n\\section{First}\nOnce upon a time.\n',
  letter: '\\begin{letter}{Jane Doe\\\\1 Main Street}\n\\opening{Dear Jane,}\nThank you for your letter.\n\\closing{Kind regards,}\n\\end{letter}\n',
  presentation: '\\begin{frame}{Results}\n\\begin{itemize}\\item Fast\\item Safe\\end{itemize}\n\\end{frame}\n',
};

// No silent skips: without the tools the suite fails, saying what is missing (npm test installs them).
it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('compile service with real TeX Live', () => {
  let root: string;
  let service: CompileServiceInternals;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-accept-'));
    service = createCompileService({ timeoutMs: 15_000, concurrency: 2, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [] });
  });

  afterAll(async () => {
    await service?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('reports TeX Live and the sandbox as working', async () => {
    expect(await service.health()).toEqual({ texlive: true, sandbox: true, programs: ['pdflatex', 'xelatex'] });
  });

  it('compiles a document to a PDF', async () => {
    const result = await service.compile({ latex: doc('', 'World $x^2$.') });
    expect(result.status).toBe('success');
    expect(result.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(result.pdf ?? Buffer.alloc(0))).toMatch(/Hello\.\s+World/);
    expect(toCompilationResult(result)).toEqual({ success: true, pdf: result.pdf?.toString('base64'), passes: 1, log: result.log });
    expect(result.log).toContain('Output written on');
  });

  it('reruns when the log asks for it (table of contents)', async () => {
    const result = await service.compile({ latex: doc('', '\\tableofcontents\n\\section{Alpha}\n\\section{Beta}') });
    expect(result.status).toBe('success');
    // The contents list only has entries after a second pass.
    expect(await pdfText(result.pdf ?? Buffer.alloc(0))).toMatch(/1\s+Alpha\s+1[\s\S]*2\s+Beta/);
  });

  for (const broken of BROKEN) {
    it(`fails with a line and a hint: ${broken.name}`, async () => {
      const result = await service.compile({ latex: broken.latex });
      expect(result.status).toBe('failure');
      const first = result.errors[0];
      expect(first?.line).toBe(broken.line);
      expect(first?.message).toMatch(broken.message);
      expect(first?.hint ?? '').toMatch(broken.hint);
      const api = toCompilationResult(result);
      expect(api.success).toBe(false);
      expect(api.error).toContain(`Line ${broken.line}:`);
      expect(api.errorDetails?.[0]).toEqual(first);
    });
  }

  it('compiles XeLaTeX when the first line asks for it', async () => {
    const result = await service.compile({ latex: `% !TEX program = xelatex\n${doc('\\usepackage{fontspec}', 'Ünïcödé — ok')}` });
    expect(result.status).toBe('success');
    expect(result.log).toMatch(/XeTeX/);
    expect(await pdfText(result.pdf ?? Buffer.alloc(0))).toContain('Ünïcödé — ok');
  });

  it('stops a slow document with status timedout', async () => {
    const quick = createCompileService({ timeoutMs: 1500, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [] });
    try {
      const result = await quick.compile({ latex: doc('', '\\def\\x{\\x}\\x') });
      // The loop never ends on its own: a result at all, marked timedout, is the service stopping it (no time asserted).
      expect(result.status).toBe('timedout');
      expect(result.errors[0]?.hint).toMatch(/loop/);
      expect(toCompilationResult(result)).toMatchObject({ success: false, error: expect.stringMatching(/longer than 1\.5 s/) });
    } finally {
      await quick.close();
    }
  });

  it('refuses work beyond the queue with CompileBusyError (503 + Retry-After)', async () => {
    const small = createCompileService({ timeoutMs: 1500, concurrency: 1, queueSize: 1, dataDir: join(root, 'data'), warmFormats: false, preambles: async () => [] });
    try {
      await small.ready();
      const loops = [1, 2, 3].map((i) => small.compile({ latex: doc('', `\\def\\x{\\x}\\x % ${i}`) }).catch((err: unknown) => err));
      const [a, b, c] = await Promise.all(loops);
      expect(a).toMatchObject({ status: 'timedout' });
      expect(b).toMatchObject({ status: 'timedout' });
      expect(c).toBeInstanceOf(CompileBusyError);
      expect((c as CompileBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    } finally {
      await small.close();
    }
  });

  it('answers a repeated document from the cache without running TeX', async () => {
    const latex = doc('', 'Cache me.');
    const first = await service.compile({ latex });
    const second = await service.compile({ latex });
    expect(first.cached).toBeUndefined();
    expect(second.cached).toBe(true);
    expect(second.pdf?.equals(first.pdf ?? Buffer.alloc(0))).toBe(true);
    // The program is part of the key.
    const xe = await service.compile({ latex, program: 'xelatex' });
    expect(xe.cached).toBeUndefined();
    expect(xe.log).toMatch(/XeTeX/);
  });

  it('gives an HTML preview with status unavailable when TeX Live is absent', async () => {
    const absent = createCompileService({ texBinDir: '/nonexistent', dataDir: join(root, 'data'), preambles: async () => [] });
    try {
      const result = await absent.compile({ latex: doc('', 'Area $x^2$ <script>alert(1)</script>') });
      expect(result.status).toBe('unavailable');
      expect(result.html).toContain('<math');
      expect(result.html).not.toContain('<script>');
      expect(toCompilationResult(result)).toMatchObject({ isHtml: true, html: result.html });
      expect(await absent.health()).toMatchObject({ texlive: false, programs: [] });
    } finally {
      await absent.close();
    }
  });

  describe('the generator preambles', () => {
    let fast: CompileServiceInternals;
    const preambles = listPreambles().filter((p) => p.program === 'pdflatex');

    beforeAll(async () => {
      fast = createCompileService({
        timeoutMs: 20_000,
        concurrency: 2,
        dataDir: join(root, 'formats-data'),
        preambles: async () => preambles,
        preambleReader: generatorPreambleReader,
        cacheBytes: 0,
      });
      await fast.warmFormats();
    }, 120_000);

    afterAll(async () => {
      await fast?.close();
    });

    it('builds a precompiled format for each pdfLaTeX preamble', () => {
      expect(fast.formatStatus()).toEqual(preambles.map((p) => ({ id: p.id, program: 'pdflatex', state: 'ready' })));
    });

    /** `body` as a document after the lean preamble the generator writes for it (`note` sets the language). */
    const lean = (type: DocumentType, body: string, note = '', inlineTitle = false) => {
      const rest = `\\begin{document}\n${body}\\end{document}\n`;
      return leanPreamble(type, documentScripts(note, type, false), rest, inlineTitle ? { inlineTitle } : {}) + rest;
    };
    const FRENCH = 'La Révolution française commence en 1789 et les états généraux se réunissent à Versailles pour la première fois.';
    const cases: Array<[string, DocumentType, string, string]> = [
      ...(Object.entries(BODIES) as Array<[DocumentType, string]>).map(([type, body]): [string, DocumentType, string, string] => [type, type, body, '']),
      // babel's main language differs from the format's (English): the stand-in switches it, layout included.
      // A caption only babel defines: the lean preamble loads babel for it, as the format has it.
      ['report with a preface', 'report', '\\chapter*{\\prefacename}\nBefore.\n\\chapter{One}\nText.\n', ''],
      ['French article', 'article', `\\section{Introduction}\n${FRENCH}\n\\begin{itemize}\\item Un\\item Deux\\end{itemize}\n\\today\n`, FRENCH],
    ];
    // A short report's title above its text (notitlepage): its own format, as the class chooses its \maketitle as it loads.
    const inline = '\\title{Minutes}\\author{Ana}\\date{2 May 2025}\n\\maketitle\n\\chapter*{Apologies}\nNone.\n';
    for (const [name, type, body, note, inlineTitle] of [...cases.map((c): [...typeof c, boolean] => [...c, false]), ['short report', 'report', inline, '', true] as [string, DocumentType, string, string, boolean]]) {
      it(`compiles a ${name} document, with the format giving the same text as a plain run`, async () => {
        const latex = lean(type, body, note, inlineTitle);
        expect(generatorPreambleReader(latex.slice(0, latex.indexOf('\\begin{document}')))).not.toBeNull();
        const [withFormat, plain] = await Promise.all([fast.compile({ latex }), service.compile({ latex })]);
        expect(plain.status).toBe('success');
        expect(withFormat.status).toBe('success');
        expect(withFormat.log.split('\n', 1)[0]).toMatch(/preloaded format=lg-/);
        expect(plain.log.split('\n', 1)[0]).not.toMatch(/preloaded format=lg-/);
        const [a, b] = await Promise.all([pdfText(withFormat.pdf ?? Buffer.alloc(0)), pdfText(plain.pdf ?? Buffer.alloc(0))]);
        expect(a.trim().length).toBeGreaterThan(0);
        expect(a).toBe(b);
      });
    }

    const NOTE = [
      '# Quarterly Report',
      '',
      '## Summary',
      'Revenue grew by 12% & costs fell. The growth rate is $r = \\frac{\\Delta R}{R}$.',
      '',
      '- First point',
      '- Second point',
      '',
      '| Item | Value |',
      '|---|---|',
      '| A | 1 |',
      '',
      '<MATHEQ>E = mc^2</MATHEQ>',
      '',
      '## Outlook',
      'More text with a URL https://example.com/a_b?c=d#e.',
    ].join('\n');

    for (const type of DOCUMENT_TYPES) {
      it(`compiles the generator's ${type} output through its format`, async () => {
        const { latex, texProgram } = generate({ content: NOTE, documentType: type });
        expect(texProgram).toBe('pdflatex');
        const result = await fast.compile({ latex });
        expect(result.errors).toEqual([]);
        expect(result.status).toBe('success');
        expect(result.log.split('\n', 1)[0]).toMatch(/preloaded format=lg-/);
        expect(await pdfText(result.pdf ?? Buffer.alloc(0))).toMatch(/First point[\s\S]*Outlook/);
      });
    }

    it('keeps line numbers right on the format path', async () => {
      const latex = lean('article', 'Fine.\n\\undefinedthing\n');
      const result = await fast.compile({ latex });
      expect(result.log.split('\n', 1)[0]).toMatch(/preloaded format=lg-/);
      expect(result.errors[0]?.line).toBe(latex.split('\n').indexOf('\\undefinedthing') + 1);
    });
  });
});

describe('work directories', () => {
  it('removes those of servers that are gone, and keeps those of live ones', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'lg-orphans-'));
    try {
      const { spawnSync } = await import('node:child_process');
      const gone = spawnSync('/bin/true').pid;
      await mkdir(join(parent, `latexgen-compile-${gone}-abc`, 'job-1'), { recursive: true });
      await mkdir(join(parent, `latexgen-compile-${process.pid}-def`));
      await mkdir(join(parent, 'unrelated'));
      expect(await removeOrphanedWorkDirs(parent)).toEqual([`latexgen-compile-${gone}-abc`]);
      expect((await readdir(parent)).sort()).toEqual([`latexgen-compile-${process.pid}-def`, 'unrelated']);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
