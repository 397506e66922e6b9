import { describe, expect, it } from 'vitest';
import { escapeText, escapeUrl, needsXelatex } from './escape.js';

describe('escapeText', () => {
  it('escapes every TeX special character', () => {
    expect(escapeText('# $ % & ~ _ ^ \\ { }', 'pdflatex')).toBe(
      '\\# \\$ \\% \\& \\textasciitilde{} \\_ \\textasciicircum{} \\textbackslash{} \\{ \\}',
    );
    expect(escapeText('<a> | "q" `t`', 'pdflatex')).toBe('\\textless{}a\\textgreater{} \\textbar{} \\textquotedbl{}q\\textquotedbl{} \\textasciigrave{}t\\textasciigrave{}');
  });

  it('braces square brackets so they never become optional arguments', () => {
    expect(escapeText('[1]', 'pdflatex')).toBe('{[}1{]}');
  });

  it('keeps Latin letters and maps typographic symbols', () => {
    expect(escapeText('Grüße, ça, niño', 'pdflatex')).toBe('Grüße, ça, niño');
    expect(escapeText('a – b — c “q” €5 …', 'pdflatex')).toBe("a -- b --- c ``q'' \\texteuro{}5 \\ldots{}");
    expect(escapeText('ﬁne', 'pdflatex')).toBe('fine');
  });

  it('sets math symbols and Greek letters in text with \\ensuremath under pdflatex', () => {
    expect(escapeText('a ≤ b → c', 'pdflatex')).toBe('a \\ensuremath{\\leq} b \\ensuremath{\\rightarrow} c');
    expect(escapeText('α', 'pdflatex')).toBe('\\ensuremath{\\alpha}');
    expect(escapeText('x² H₂O', 'pdflatex')).toBe('x\\textsuperscript{2} H\\textsubscript{2}O');
  });

  it('writes other accented letters as accent commands', () => {
    expect(escapeText('ạ', 'pdflatex')).toBe('\\d{a}');
    expect(escapeText('ǐ', 'pdflatex')).toBe('\\v{\\i{}}');
  });

  it('passes scripts through under XeLaTeX but still escapes specials', () => {
    expect(escapeText('Привет 中文 $', 'xelatex')).toBe('Привет 中文 \\$');
  });

  it('drops invisible characters, names emoji (never drops them) and unknown symbols', () => {
    expect(escapeText('a\u200bb\ufeff😀', 'pdflatex')).toBe('ab{[grinning face]}');
    expect(escapeText('ok 👍', 'xelatex')).toBe('ok \\lgemoji{👍}{thumbs up}');
    expect(escapeText('⍟', 'pdflatex')).toBe('{\\small[U+235F]}');
  });
});

describe('escapeUrl', () => {
  it('escapes what hyperref needs and percent-encodes the rest', () => {
    expect(escapeUrl('http://a.b/c_d?x=1&y=%20#top')).toBe('http://a.b/c\\_d?x=1\\&y=\\%20\\#top');
    expect(escapeUrl('http://a.b/{x}~ü')).toBe('http://a.b/\\%7Bx\\%7D~\\%C3\\%BC');
  });
});

describe('needsXelatex', () => {
  it('is false for Latin text, symbols and isolated Greek letters', () => {
    expect(needsXelatex('Größe ≤ 5 € — α and β')).toBe(false);
  });

  it('is true for Cyrillic, CJK and Greek words', () => {
    expect(needsXelatex('Привет')).toBe(true);
    expect(needsXelatex('线性代数')).toBe(true);
    expect(needsXelatex('ひらがな')).toBe(true);
    expect(needsXelatex('λόγος')).toBe(true);
  });
});
