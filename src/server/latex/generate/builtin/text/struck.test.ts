import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { struckText } from './struck.js';

const body = (content: string) => {
  const latex = generate({ content, documentType: 'article' }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

describe('struck-out text', () => {
  it('strikes each word and each space between words, never through a no-break space', () => {
    expect(struckText('old  price\nhere', (w) => w)).toBe('\\lgso{old}\\lgsosp{}\\lgso{price}\\lgsosp{}\\lgso{here}');
    expect(struckText('10\u00a0kg', (w) => w)).toBe('\\lgso{10\u00a0kg}');
    expect(struckText(' x ', (w) => w)).toBe('\\lgsosp{}\\lgso{x}\\lgsosp{}');
  });

  it('cuts text of scripts written without spaces at word ends, punctuation kept with the word before it', () => {
    const pieces = struckText('这是删除的文字。', (w) => w).split('\\lgsobr{}');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.replace(/^\\lgso\{|\}$/g, '')).join('')).toBe('这是删除的文字。');
    expect(pieces.at(-1)).toMatch(/。\}$/);
    const thai = struckText('ภาษาไทยง่ายนิดเดียว', (w) => w).split('\\lgsobr{}');
    expect(thai.length).toBeGreaterThan(1);
  });

  it('a note: ~~words~~ struck word by word, formulas and code as one box, a footnote not struck', () => {
    const b = body('# Prices\n\nThe ~~old price of $x^2$ and `code`~~ new price.[^1]\n\n[^1]: A ~~wrong~~ note.');
    expect(b).toContain('The \\lgso{old}\\lgsosp{}\\lgso{price}\\lgsosp{}\\lgso{of}\\lgsosp{}\\lgso{$x^2$}\\lgsosp{}\\lgso{and}\\lgsosp{}\\lgso{\\texttt{code}} new price.');
    expect(b).toContain('\\footnote{A \\lgso{wrong} note.}');
    expect(b).not.toContain('lgstrike');
  });

  it('keeps a right-to-left run in order: its words are struck inside the run', () => {
    const b = body('# Notes\n\nThe ~~English كلمة أخرى~~ end.');
    expect(b).toContain('\\lgso{English}\\lgsosp{}\\lgArab{\\lgso{كلمة}\\lgsosp{}\\lgso{أخرى}}');
  });

  it('strikes emphasis, strong text and links inside struck text word by word', () => {
    const b = body('# Notes\n\n~~an *old* **bold** [link](https://example.com/a)~~');
    expect(b).toContain('\\lgso{an}\\lgsosp{}\\emph{\\lgso{old}}\\lgsosp{}\\textbf{\\lgso{bold}}\\lgsosp{}');
    expect(b).toMatch(/\\href\{https:\/\/example\.com\/a\}\{\\lgso\{link\}\}/);
  });
});
