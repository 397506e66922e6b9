// A chapter the note numbered itself is numbered once: LaTeX's counter takes the note's number
// and the heading keeps only its words (numbering.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../../eval/compile-corpus.js';
import { headingNumber } from './numbering.js';

const chapters = (latex: string) => [...latex.matchAll(/(?:\\setcounter\{(?:chapter|section)\}\{\d+\})?\\(?:chapter|section)\*?\{[^}]*\}/g)].map((m) => m[0]);

describe('chapters the note numbered', () => {
  const headings: Array<[string, string]> = [
    ['Chapter 3: Results', 'Results'],
    ['Chapter 3 - Results', 'Results'],
    ['3. Results', 'Results'],
    ['Kapitel 3: Ergebnisse', 'Ergebnisse'],
    ['Chapitre 3 : Résultats', 'Résultats'],
    ['第3章 结果', '结果'],
    ['第三章 结果', '结果'],
    ['제3장 결과', '결과'],
  ];
  for (const [heading, words] of headings) {
    it(`"${heading}" → \\chapter{${words}}, number 3 once`, () => {
      for (const documentType of ['book', 'report'] as const) {
        const first = heading.replace('3', '1').replace('三', '一');
        const second = heading.replace('3', '2').replace('三', '二');
        const note = `# Field Study\n\n## ${first}\n\nA.\n\n## ${second}\n\nB.\n\n## ${heading}\n\nC.`;
        const { latex } = generate({ content: note, documentType });
        // The third is the next number anyway: no counter is set. (A report of three short parts
        // the note does not call chapters has numbered sections rather than a chapter on each page.)
        const section = documentType === 'report' && /^\d/.test(heading);
        expect(chapters(latex).at(-1)).toBe(section ? `\\section{${words}}` : `\\chapter{${words}}`);
        expect(latex).not.toMatch(/\\(?:chapter|section)\{(Chapter|Kapitel|Chapitre|第|제|\d)/);
        // A number the counter would not give is set: chapters 1 and 3 of a note.
        const gap = generate({ content: `# Field Study\n\n## ${first}\n\nA.\n\n## ${heading}\n\nC.`, documentType }).latex;
        expect(chapters(gap).at(-1)).toBe(`\\setcounter{chapter}{2}\\chapter{${words}}`);
      }
    });
  }

  it('siblings the note lettered beside siblings it did not are all unnumbered, and so is what lies under them', () => {
    const { latex } = generate({ content: '# Minutes\n\n## A. Agenda\n\nText.\n\n## B. Discussion\n\n### Contributing file\n\nText.\n\n## Follow up actions\n\nText.\n', documentType: 'article' });
    expect(latex).toContain('\\section*{A. Agenda}');
    expect(latex).toContain('\\subsection*{Contributing file}');
    expect(latex).toContain('\\section*{Follow up actions}');
    expect(latex).not.toMatch(/\\(?:sub)?section\{/);
  });

  it('a report of short parts has numbered sections after its title page; unnumbered siblings of numbered ones keep their words alone', () => {
    const minutes = 'minutes - garden committee\ndate: tues 5 march\n\n1. minutes of last meeting\napproved, no changes\n\n2. treasurer\'s report\nbalance £1,482.60\nincome since feb: £360\n\n3. water supply\ntap leaking again\n';
    const latex = generate({ content: minutes, documentType: 'report' }).latex;
    expect(latex).toContain('\\renewcommand{\\thesection}{\\arabic{section}}');
    expect(latex).toContain('\\section{minutes of last meeting}');
    expect(latex).toContain('\\section{treasurer');
    expect(latex).not.toContain('\\chapter');
    // An amount is no heading.
    expect(latex).not.toMatch(/section\*?\{balance/);
    const line = 'Практика проходила в отделе разработки, где я выполнял задания руководителя.';
    const thesis = generate({ content: `Отчёт\n\nВведение\n${line}\n\n1. Предприятие\n${line}\n\n2. Задание\n${line}\n\nЗаключение\n${line}\n`, documentType: 'report' }).latex;
    expect(thesis).toContain('\\section*{Введение}');
    expect(thesis).toContain('\\section{Предприятие}');
    expect(thesis).toContain('\\section*{Заключение}');
  });

  it('a first heading with sections of its own before its next sibling is a part of the note, not its title', () => {
    const { latex } = generate({ content: '# Energy\n\nText.\n\n## Cells\n\nText.\n\n# Enzymes\n\nText.\n', documentType: 'article' });
    expect(latex).toContain('\\section{Energy}');
    expect(latex).toContain('\\subsection{Cells}');
    expect(latex).toContain('\\section{Enzymes}');
  });

  it('a number that does not fit the chapter count, or a level word of another level, keeps its words unnumbered', () => {
    expect(headingNumber('第2节 方法', 'chapter')).toBe('own');
    expect(headingNumber('第2节 方法', 'section')).toEqual({ parts: [2], prefix: 4 });
    expect(headingNumber('第十二章 总结', 'chapter')).toEqual({ parts: [12], prefix: 5 });
    expect(headingNumber('第二十三章 附录', 'chapter')).toEqual({ parts: [23], prefix: 6 });
    expect(headingNumber('第3章', 'chapter')).toBe('own');
    expect(headingNumber('第一次世界大战', 'chapter')).toBeNull();
    // Minutes go through the agenda "Ad 1", "Ad 2": the items' numbers, the note's own.
    expect(headingNumber('Ad 1', 'section')).toBe('own');
    const { latex } = generate({ content: '# Notes\n\n## Chapter 7: Late\n\nA.\n\n## Method\n\nB.', documentType: 'report' });
    expect(latex).toContain('\\setcounter{chapter}{6}\\chapter{Late}');
  });
});

describe('a Chinese book compiles with its chapters numbered once and its preface named', () => {
  let pool: CompilePool;

  beforeAll(async () => {
    pool = await startCompilePool();
  });

  afterAll(async () => {
    await pool?.close();
  });

  it('第1章 引言 is chapter 1 of the PDF, the text before it its opening page under no invented heading', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const { latex, texProgram } = generate({ content: '# 线性代数笔记\n\n这本笔记整理了线性代数课程的主要内容，包括向量、矩阵、线性方程组、行列式、特征值与特征向量，以及它们在数据分析和工程计算中的应用，供复习时使用。\n\n## 第1章 引言\n\n这是第一章。\n\n## 第2章 结果\n\n这是第二章。\n', documentType: 'book' });
    expect(latex).not.toContain('\\prefacename');
    expect(latex).toContain('\\mainmatter\n\n\\chapter{引言}');
    const result = await pool.service.compile({ latex, program: texProgram });
    expect(result.errors).toEqual([]);
    const text = (await pdfToText(result.pdf as Buffer)).replace(/\s+/g, '');
    expect(text).toContain('这本笔记整理了线性代数课程');
    expect(text).not.toMatch(/前言|preface/i);
    // The chapter heading reads 第1章 (babel's Chinese chapter name) once, then its words.
    expect(text).toContain('第1章引言');
    expect(text).not.toContain('第1章第1章');
  }, 120_000);
});
