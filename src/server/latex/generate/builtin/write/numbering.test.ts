// A chapter the note numbered itself is numbered once: LaTeX's counter takes the note's number
// and the heading keeps only its words (numbering.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../../eval/compile-corpus.js';
import { headingNumber } from './numbering.js';

const chapters = (latex: string) => [...latex.matchAll(/(?:\\setcounter\{chapter\}\{\d+\})?\\chapter\*?\{[^}]*\}/g)].map((m) => m[0]);

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
        expect(chapters(latex).at(-1)).toBe(`\\setcounter{chapter}{2}\\chapter{${words}}`);
        expect(latex).not.toMatch(/\\chapter\{(Chapter|Kapitel|Chapitre|第|제|\d)/);
      }
    });
  }

  it('a number that does not fit the chapter count, or a level word of another level, keeps its words unnumbered', () => {
    expect(headingNumber('第2节 方法', 'chapter')).toBe('own');
    expect(headingNumber('第2节 方法', 'section')).toEqual({ parts: [2], prefix: 4 });
    expect(headingNumber('第十二章 总结', 'chapter')).toEqual({ parts: [12], prefix: 5 });
    expect(headingNumber('第二十三章 附录', 'chapter')).toEqual({ parts: [23], prefix: 6 });
    expect(headingNumber('第3章', 'chapter')).toBe('own');
    expect(headingNumber('第一次世界大战', 'chapter')).toBeNull();
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

  it('第1章 引言 is chapter 1 of the PDF, the text before it a 前言 (babel has no Chinese word for it)', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const { latex, texProgram } = generate({ content: '# 线性代数笔记\n\n前言内容。\n\n## 第1章 引言\n\n这是第一章。\n\n## 第2章 结果\n\n这是第二章。\n', documentType: 'book' });
    expect(latex).toContain('\\setcounter{chapter}{0}\\chapter{引言}');
    const result = await pool.service.compile({ latex, program: texProgram });
    expect(result.errors).toEqual([]);
    const text = (await pdfToText(result.pdf as Buffer)).replace(/\s+/g, '');
    expect(text).toContain('前言');
    expect(text).not.toContain('?preface?');
    // The chapter heading reads 第1章 (babel's Chinese chapter name) once, then its words.
    expect(text).toContain('第1章引言');
    expect(text).not.toContain('第1章第1章');
  }, 120_000);
});
