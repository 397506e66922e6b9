import { describe, expect, it } from 'vitest';
import { missingGlyphs, overfullBoxes, pageCount } from './tex-log.js';

const LOG = String.raw`(./main.tex
LaTeX Font Info:    Trying to load font information for TU+lmr on input line 5.
Missing character: There is no 한 (U+D55C) in font [lmroman10-regular]:mapping=tex-text;!
Missing character: There is no 글 (U+AE00) in font [lmroman10-regular]:mapping=tex-text;!
Missing character: There is no 한 (U+D55C) in font [lmroman10-regular]:mapping=tex-text;!
Missing character: There is no ^^e2 in font cmr10!
Overfull \hbox (620.54pt too wide) in paragraph at lines 40--52
[]\TU/lmr/m/n/10 ...
Overfull \hbox (3.1pt too wide) in paragraph at lines 60--60
Overfull \vbox (12.0pt too high) has occurred while \output is active
Underfull \hbox (badness 10000) in paragraph at lines 70--71
[1] [2] [3] )
Output written on main.pdf (3 pages, 45678 bytes).
Transcript written on main.log.
`;

describe('missingGlyphs', () => {
  it('counts every "Missing character" message and names the characters and fonts (XeTeX and pdfTeX forms)', () => {
    const m = missingGlyphs(LOG);
    expect(m.count).toBe(4);
    expect(Object.fromEntries(m.chars)).toEqual({ 한: 2, 글: 1, '^^e2': 1 });
    expect([...m.fonts]).toEqual(['[lmroman10-regular]:mapping=tex-text;', 'cmr10']);
  });

  it('finds nothing in a clean log', () => {
    expect(missingGlyphs('Output written on main.pdf (1 page, 10 bytes).').count).toBe(0);
  });
});

describe('overfullBoxes', () => {
  it('counts boxes over the limit (hbox and vbox) and keeps the largest excess', () => {
    expect(overfullBoxes(LOG, 10)).toEqual({ count: 2, maxPt: 620.54 });
    expect(overfullBoxes(LOG, 1000)).toEqual({ count: 0, maxPt: 620.54 });
  });

  it('ignores a malformed message', () => {
    expect(overfullBoxes('Overfull \\hbox in a sentence that never says how much')).toEqual({ count: 0, maxPt: 0 });
  });
});

describe('pageCount', () => {
  it('reads the page count, singular or plural', () => {
    expect(pageCount(LOG)).toBe(3);
    expect(pageCount('Output written on main.pdf (1 page, 999 bytes).')).toBe(1);
  });

  it('is null when TeX wrote no PDF', () => {
    expect(pageCount('! Emergency stop.\nNo pages of output.')).toBeNull();
  });
});
