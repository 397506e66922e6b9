import { describe, expect, it } from 'vitest';
import { readNote } from '../index.js';
import { inlineText } from '../../tree.js';
import { isAllCaps, isShortHeading, numberedDepth } from './headings.js';

const headings = (note: string): string[] =>
  readNote(note).body.flatMap((b) => (b.kind === 'heading' ? [`${b.depth}${b.unnumbered ? '*' : ''}:${inlineText(b.inlines)}`] : []));

describe('headings a person typed without markup', () => {
  it('ALL-CAPS lines, but not a reaction or a line mostly in a script without capitals', () => {
    expect(isAllCaps('ENERGY BALANCE')).toBe(true);
    expect(isAllCaps('CH4 + 2O2 -> CO2')).toBe(false);
    expect(isAllCaps('导出 PDF 时请检查文件里的所有图表和公式编号')).toBe(false);
  });

  it('numbered headings and their depth; a line ending in Arabic punctuation is a sentence, an Arabic question heads as an English one', () => {
    expect(numberedDepth('1.2 Method')).toBe(2);
    expect(numberedDepth('I. Les causes')).toBe(1);
    expect(numberedDepth('一、实验目的')).toBe(1);
    expect(isShortHeading('البلاستيدات في الخلية،')).toBe(false);
    expect(isShortHeading('البلاستيدات في الخلية؛')).toBe(false);
    expect(isShortHeading('ما هي البلاستيدات؟')).toBe(isShortHeading('What are plastids?'));
    expect(isShortHeading('ما هي البلاستيدات؟')).toBe(true);
  });

  it('"I. Les causes" keeps the note\'s own number and is unnumbered in LaTeX; "1.1" numbers are LaTeX\'s', () => {
    expect(headings('Cours\n\nI. Les causes\nLa crise financière du royaume.\n\nII. Les étapes\nLa prise de la Bastille.\n')).toEqual(['1*:I. Les causes', '1*:II. Les étapes']);
  });

  it('a short line opening with punctuation is no heading ("-- note", "... and then")', () => {
    expect(headings('Plan\n\n-- Why solar\nThe first column says more than its label does.\n')).toEqual([]);
    expect(headings('Plan\n\n... and then\nThe first column says more than its label does.\n')).toEqual([]);
    expect(headings('Plan\n\nWhy solar\nThe first column says more than its label does.\n')).toEqual(['1:Why solar']);
  });
});

describe('numbered parts of chapters and appendices', () => {
  it('"2.2 …" after the heading "2.1 …" heads its part wherever it stands, in lower case too; an appendix is a part of its own', async () => {
    const { formatOutline, treeOutline } = await import('../../../../../../eval/outline/index.js');
    const note = 'Handbook\n\nChapter 2 - Comparing two groups\n2.1 the t test\nuse the Welch version by default, it is safer.\n2.2 technical vs biological replicates\nthree wells from one culture are not n = 3.\n\nChapter 3 - More groups\nuse ANOVA for three groups or more.\n\nAppendix - which test do I use\nWelch for two groups.\n';
    const headings = formatOutline(treeOutline(note, 'book')).split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual(['# Comparing two groups', '## 2.1 the t test', '## 2.2 technical vs biological replicates', '# More groups', '# Appendix - which test do I use']);
  });
});
