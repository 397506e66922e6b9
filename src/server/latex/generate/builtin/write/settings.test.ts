// The editor's document settings: each one changes exactly what it names, absent settings change
// nothing, and every combination still compiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { DocumentSettings } from '../../../../../shared/generate-options.js';
import { generate } from '../index.js';
import { hasTex, startCompilePool, type CompilePool } from '../../../../../eval/compile-corpus.js';

const NOTE = '# Field Notes\n\nAuthor: nobody\n\nIntro text.\n\n## Method\n\nWe measured.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Results\n\nIt worked.';
const gen = (documentType: DocumentType, settings?: DocumentSettings, content = NOTE) =>
  generate({ content, documentType, options: { splitTables: false, useMath: true, ...(settings ? { settings } : {}) } });
const body = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));

describe('document settings', () => {
  it('absent or empty settings give exactly the document without them', () => {
    for (const type of ['article', 'basic', 'presentation', 'report', 'letter', 'book'] as const) {
      const plain = generate({ content: NOTE, documentType: type }).latex;
      expect(gen(type, {}).latex).toBe(plain);
      // A book has its contents by default: "off" is a setting there.
      expect(gen(type, { title: '  ', ...(type === 'book' ? {} : { toc: false }), columns: 1, fontSize: 11, paper: 'a4' }).latex).toBe(plain);
    }
  });

  it('contents off leaves them out of a book too', () => {
    expect(generate({ content: NOTE, documentType: 'book' }).latex).toContain('\\tableofcontents');
    expect(gen('book', { toc: false }).latex).not.toContain('\\tableofcontents');
  });

  it('title, author and date replace the note’s own', () => {
    const r = gen('article', { title: 'Set Title', author: 'Ada Lovelace', date: '1 May 2025' });
    expect(r.title).toBe('Set Title');
    expect(body(r.latex)).toContain('\\title{Set Title}\n\\author{Ada Lovelace}\n\\date{1 May 2025}');
    // The note's heading is no longer the title, so it stays in the text.
    expect(body(r.latex)).toContain('\\section{Field Notes}');
    const fm = gen('report', { author: 'B. Writer' }, '---\ntitle: T\nauthor: A. Note\ndate: 2020\n---\n\nText.');
    expect(body(fm.latex)).toContain('\\author{B. Writer}');
    expect(body(fm.latex)).toContain('\\date{2020}');
  });

  it('a letter is signed and dated as set', () => {
    const b = body(gen('letter', { author: 'Jane Roe', date: '2 June 2025' }, 'Dear Sam,\n\nThanks.\n\nBest regards,\nJ.').latex);
    expect(b).toContain('\\signature{Jane Roe}');
    expect(b).toContain('\\date{2 June 2025}');
  });

  it('font size and paper change the class line of a variant preamble', () => {
    const r = gen('article', { fontSize: 12, paper: 'letter' });
    expect(r.latex).toContain('\\documentclass[12pt,letterpaper]{article}');
    expect(r.latex.startsWith('\\documentclass[12pt,letterpaper]{article}\n')).toBe(true);
    expect(gen('book', { fontSize: 10 }).latex).toContain('\\documentclass[10pt,a4paper,oneside]{book}');
    // Beamer has no paper size.
    expect(gen('presentation', { fontSize: 12, paper: 'letter' }).latex).toContain('\\documentclass[12pt,aspectratio=169]{beamer}');
  });

  it('two columns: the title spans both, tables are not longtables', () => {
    const b = body(gen('article', { columns: 2 }).latex);
    expect(b.indexOf('\\twocolumn')).toBeLessThan(b.indexOf('\\maketitle'));
    expect(b).not.toContain('longtable');
    expect(b).toContain('\\begin{tabular}');
    expect(body(gen('basic', { columns: 2 }).latex)).toMatch(/^\\begin\{document\}\n\n\\twocolumn\n/);
    expect(body(gen('report', { columns: 2 }).latex)).toMatch(/\\maketitle\n\n\\twocolumn/);
  });

  it('a table of contents after the title', () => {
    expect(body(gen('article', { toc: true }).latex)).toMatch(/\\maketitle\n\n\\tableofcontents/);
    expect(body(gen('report', { toc: true }).latex)).toMatch(/\\maketitle\n\n\\tableofcontents/);
    expect(body(gen('presentation', { toc: true }).latex)).toContain('\\begin{frame}{\\contentsname}\n\\tableofcontents\n\\end{frame}');
    // A book always has one, once.
    expect(body(gen('book', { toc: true }).latex).match(/\\tableofcontents/g)).toHaveLength(1);
  });

  it('language: hyphenation, captions and letter phrases of the chosen language', () => {
    const de = gen('letter', { language: 'de-AT' }, 'The invoice is wrong, please send a new one.');
    expect(de.latex).toContain('\\usepackage[shorthands=off,ngerman]{babel}\n');
    expect(body(de.latex)).toContain('\\opening{Sehr geehrte Damen und Herren,}');
    // An unknown code keeps the detected language.
    expect(gen('article', { language: 'xx' }).latex).toBe(gen('article').latex);
  });
});

describe('document settings compile', () => {
  let pool: CompilePool;
  beforeAll(async () => {
    pool = await startCompilePool();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('every setting, on every type it applies to, compiles', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const all: DocumentSettings = { title: 'T', author: 'A', date: 'D', fontSize: 12, paper: 'letter', columns: 2, toc: true, language: 'fr' };
    const failures: string[] = [];
    for (const type of ['article', 'basic', 'presentation', 'report', 'letter', 'book'] as const) {
      const { latex } = gen(type, all);
      const r = await pool.service.compile({ latex });
      if (r.status !== 'success') failures.push(`${type}: ${r.errors[0]?.message ?? r.status}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
