import { describe, expect, it } from 'vitest';
import { hintFor, parseLog, summarizeErrors } from './log-parser.js';

describe('parseLog', () => {
  it('reads file:line:error messages from the main file', () => {
    const log = [
      'This is pdfTeX',
      './main.tex:12: Undefined control sequence.',
      'l.12 Some text \\foo',
      '                     {}',
      './main.tex:12:  ==> Fatal error occurred, no output PDF file produced!',
    ].join('\n');
    expect(parseLog(log)).toEqual([
      {
        line: 12,
        message: 'Undefined control sequence: \\foo',
        hint: expect.stringContaining('\\foo is not defined'),
      },
    ]);
  });

  it('uses the l.N context when there is no file prefix', () => {
    const log = '! Missing $ inserted.\n<inserted text>\n                $\nl.7 x^\n       2\n';
    expect(parseLog(log)).toEqual([{ line: 7, message: 'Missing $ inserted.', hint: expect.stringContaining('math mode') }]);
  });

  it('does not give package-file lines as document lines', () => {
    const log = '/usr/share/texlive/texmf-dist/tex/latex/foo/foo.sty:40: Package foo Error: broken.\n';
    expect(parseLog(log)).toEqual([{ line: null, message: 'Package foo Error: broken. (in foo.sty)', hint: null }]);
  });

  it('finds a missing package in the source when TeX gives no line', () => {
    const log = "! LaTeX Error: File `nosuch.sty' not found.\n\nType X to quit or <RETURN> to proceed,\n! Emergency stop.\n<read *>\n";
    const source = '\\documentclass{article}\n\\usepackage{amsmath}\n\\usepackage{nosuch}\n\\begin{document}\n';
    const [first, ...rest] = parseLog(log, source);
    expect(first).toEqual({ line: 3, message: "LaTeX Error: File `nosuch.sty' not found.", hint: expect.stringContaining('not installed') });
    // The emergency stop only repeats the first error.
    expect(rest).toEqual([]);
  });

  it('joins a LaTeX error that wraps onto the next line', () => {
    const log = './main.tex:5: LaTeX Error: Unicode character ☃ (U+2603)\n               not set up for use with LaTeX.\n\nSee the LaTeX manual';
    const [first] = parseLog(log);
    expect(first?.message).toBe('LaTeX Error: Unicode character ☃ (U+2603) not set up for use with LaTeX.');
    expect(first?.hint).toContain('U+2603');
  });

  it('locates a runaway argument from its text', () => {
    const log = 'Runaway argument?\n{Intro\\par Text\\par \\end {document}\\par \n! File ended while scanning use of \\@xdblarg.\n';
    const source = '\\documentclass{article}\n\\begin{document}\n\\section{Intro\n\nText\n\\end{document}\n';
    expect(parseLog(log, source)).toEqual([{ line: 3, message: 'File ended while scanning use of \\@xdblarg.', hint: expect.stringContaining('never closed') }]);
  });

  it('keeps at most 20 errors and drops duplicates', () => {
    const log = Array.from({ length: 30 }, (_, i) => `./main.tex:${i + 1}: Misplaced alignment tab character &.\n./main.tex:${i + 1}: Misplaced alignment tab character &.`).join('\n');
    const errors = parseLog(log);
    expect(errors).toHaveLength(20);
    expect(errors.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('returns nothing for a clean log', () => {
    expect(parseLog('This is pdfTeX\nOutput written on main.pdf (1 page).\n')).toEqual([]);
  });
});

describe('hints', () => {
  it.each([
    ['Missing } inserted.', /braces/],
    ["Too many }'s.", /braces/],
    ['Misplaced alignment tab character &.', /\\&/],
    ["LaTeX Error: File `x.sty' not found.", /package x\.sty is not installed/],
    ["LaTeX Error: File `pic.png' not found.", /pic\.png is not available/],
    ['Paragraph ended before \\textbf was complete.', /never closed/],
    ['LaTeX Error: Environment foo undefined.', /no environment called foo/],
    ['TeX capacity exceeded, sorry [input stack size=10000].', /calls itself/],
  ])('%s', (message, hint) => {
    expect(hintFor(message)).toMatch(hint);
  });

  it('has none for unknown messages', () => {
    expect(hintFor('Something unusual happened.')).toBeNull();
  });
});

describe('summarizeErrors', () => {
  it('names the first error with its line and counts the rest', () => {
    expect(summarizeErrors([{ line: 4, message: 'Missing $ inserted.', hint: null }, { line: 9, message: 'x', hint: null }])).toBe(
      'Line 4: Missing $ inserted. (and 1 more)',
    );
    expect(summarizeErrors([])).toBe('Compilation failed.');
  });
});
