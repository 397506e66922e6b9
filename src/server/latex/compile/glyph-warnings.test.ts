// Warnings about characters the fonts could not draw, read from TeX's "Missing character" lines.
import { describe, expect, it } from 'vitest';
import { glyphWarnings, MAX_GLYPH_WARNINGS } from './glyph-warnings.js';

const xetexLine = (ch: string) =>
  `Missing character: There is no ${ch} (U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) in font [cmunrm.ttf]/OT:script=latn;language=dflt;!`;

describe('glyphWarnings', () => {
  it('turns XeTeX lines into one sentence per character, deduplicated', () => {
    const log = ['(./main.tex', xetexLine('ก'), xetexLine('ก'), xetexLine('😀'), 'Overfull \\hbox (1pt too wide)'].join('\n');
    expect(glyphWarnings(log)).toEqual([
      'The font has no glyph for ‘ก’ (U+0E01): it shows as a blank.',
      'The font has no glyph for ‘😀’ (U+1F600): it shows as a blank.',
    ]);
  });

  it('reads pdfTeX lines, whose characters have no code point', () => {
    expect(glyphWarnings('Missing character: There is no ^^ff in font cmr10!')).toEqual([
      'The font has no glyph for ‘^^ff’: it shows as a blank.',
    ]);
    expect(glyphWarnings('Missing character: There is no \uFFFD in font cmr10!')).toEqual([
      'The font has no glyph for a character of the text: it shows as a blank.',
    ]);
    expect(glyphWarnings('Missing character: There is no Q in font cmr10!')).toEqual(['The font has no glyph for ‘Q’ (U+0051): it shows as a blank.']);
  });

  it('caps the list and counts the rest', () => {
    const chars = [...'กขคฆงจฉชซฌญฎ'];
    const warnings = glyphWarnings(chars.map(xetexLine).join('\n'));
    expect(warnings).toHaveLength(MAX_GLYPH_WARNINGS + 1);
    expect(warnings.at(-1)).toBe(`${chars.length - MAX_GLYPH_WARNINGS} more characters have no glyph in the fonts and show as blanks.`);
  });

  it('shows a lone combining mark on a dotted circle', () => {
    expect(glyphWarnings(xetexLine('\u0e31'))).toEqual(['The font has no glyph for ‘\u25cc\u0e31’ (U+0E31): it shows as a blank.']);
  });

  it('finds nothing in a clean log, and stays linear on a huge one', () => {
    expect(glyphWarnings('This is XeTeX\nOutput written on main.pdf (1 page).')).toEqual([]);
    const big = 'Missing character: There is no '.repeat(50_000);
    expect(glyphWarnings(big)).toEqual([]);
  });
});
