import { describe, expect, it } from 'vitest';
import { widenArrays } from './arrays.js';
import { MacroRegistry, sanitizeMath } from './math.js';

describe('widenArrays', () => {
  it('adds a centred column for each cell a row has beyond the specification', () => {
    expect(widenArrays('\\begin{array}{|c|c|} p & q & r \\\\ \\hline a & b & c & d \\end{array}')).toBe(
      '\\begin{array}{|c|c|cc} p & q & r \\\\ \\hline a & b & c & d \\end{array}',
    );
    expect(widenArrays('\\begin{array}[t]{l} a & b \\end{array}')).toBe('\\begin{array}[t]{lc} a & b \\end{array}');
  });

  it('counts only the cells of its own rows: not escaped &, braces or inner arrays', () => {
    const inner = '\\begin{array}{cc} a & b & c \\end{array}';
    expect(widenArrays(`\\begin{array}{c} {x & y} \\& ${inner} \\end{array}`)).toBe(
      `\\begin{array}{c} {x & y} \\& \\begin{array}{ccc} a & b & c \\end{array} \\end{array}`,
    );
  });

  it('leaves specifications that name enough columns, or that it cannot count, as they are', () => {
    for (const tex of ['\\begin{array}{p{2cm}|r} a & b \\end{array}', '\\begin{array}{*{3}{c}} a & b & c & d \\end{array}', '\\begin{array}{c} a & b', 'x + y']) {
      expect(widenArrays(tex)).toBe(tex);
    }
  });
});

describe('colours and rules in math', () => {
  const sanitize = (tex: string, display = true) => sanitizeMath(tex, display, 'pdflatex', new MacroRegistry());

  it('drops colour names with their commands (\\color{Red} T printed RedT) and keeps what \\textcolor colours', () => {
    expect(sanitize('\\color{Red} T + \\textcolor{blue}{y} + \\colorbox[rgb]{1,0,0}{z} + \\color r s', false)).toMatchObject({ ok: true });
    expect(sanitize('\\color{Red} T + \\textcolor{blue}{y} + \\colorbox[rgb]{1,0,0}{z} + \\color r s', false).tex.replace(/\s+/g, '')).toBe('T+{y}+{z}+s');
  });

  it('keeps \\hline in arrays, drops \\cline (KaTeX has none) and widens a row-heavy array, so the document compiles', () => {
    const r = sanitize('\\begin{array}{|c|c|} \\hline p & q & p\\land q \\\\ \\cline{1-2} \\end{array}');
    expect(r.ok).toBe(true);
    expect(r.tex.replace(/\s+/g, ' ')).toBe('\\begin{array}{|c|c|c} \\hline p & q & p\\land q \\\\ \\end{array}');
    // Outside an array KaTeX refuses \hline, and the formula is shown as the note wrote it.
    expect(sanitize('x \\hline y', false).ok).toBe(false);
  });
});

describe('comments in math', () => {
  it('drops lines that start with % (comments between rows); a % inside a line is a percent sign', () => {
    const r = sanitizeMath('a &= b \\\\\n  %% old: a = c\n  c &= d', true, 'pdflatex', new MacroRegistry());
    expect(r.ok).toBe(true);
    expect(r.tex).not.toContain('old');
    expect(r.tex).toContain('c &= d');
    expect(sanitizeMath('50% + x', false, 'pdflatex', new MacroRegistry()).tex).toBe('50{\\%} + x');
  });
});
