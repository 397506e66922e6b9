// What reader 64 showed on fresh notes, by class: "x = 0 lub x = 2" set its second x as a times
// sign; a story's single quotes all printed as closing quotes; an environment file's lines
// ("DB_POOL_MAX=5") set as a formula with nested subscripts, its "# file.env" comment a section.
// Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

type DocType = 'article' | 'basic' | 'presentation' | 'book' | 'letter' | 'report';
const body = (content: string, documentType: DocType = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

describe('an x that a relation follows is the unknown, never a times sign', () => {
  it('"x = 0 lub x = 2" keeps both x', () => {
    const tex = body('Zadanie\n\npunkty przecięcia: x^2 = 2x  =>  x(x - 2) = 0  =>  x = 0 lub x = 2\n');
    expect(tex).toContain('x = 0 \\text{ lub } x = 2');
    expect(tex).not.toContain('\\times');
  });

  it('"1/2 x tax x change in quantity" still multiplies', () => {
    expect(body('Welfare\n\nDWL = 1/2 x tax x change in quantity\n')).toContain('\\times');
  });
});

describe("single quotes around speech open and close", () => {
  it("'Well, …,' he said opens with ‘ and closes with ’; a quotation closed on a later line opens before its capital", () => {
    const tex = body("Memoir\n\nMy father said, 'Well, they'll have trains there same as here,' and smiled.\n\n'Such as?'\n\nHe said, 'Not the bit they\nteach you in the book.'\n", 'book');
    expect(tex).toContain("said, `Well, they'll have trains there same as here,' and");
    expect(tex).toContain("`Such as?'");
    expect(tex).toContain('`Not the bit they');
  });

  it("elisions and apostrophes stay: the '90s, get 'em, the students' books, O'Brien", () => {
    const tex = body("Notes\n\nIn the '90s we would get 'em all. The students' books belong to O'Brien.\n");
    expect(tex).not.toContain('`');
  });
});

describe("an environment file's lines are code", () => {
  it('"# k8s/base/payments-gateway.env" over "DB_POOL_MAX=5" lines is one listing with its comment', () => {
    const tex = body('Incident\n\nThe value was set in the shared base file instead of the staging overlay:\n\n# k8s/base/payments-gateway.env\nDB_POOL_MAX=5\nDB_POOL_TIMEOUT_MS=2000\n\nWhy it was not caught: staging runs at two requests a second.\n');
    expect(tex).toMatch(/\\begin\{lstlisting\}[^\n]*\n# k8s\/base\/payments-gateway\.env\nDB_POOL_MAX=5\nDB_POOL_TIMEOUT_MS=2000\n\\end\{lstlisting\}/);
    expect(tex).not.toMatch(/\\section\{k8s|mathrm\{DB\}/);
  });

  it('one formula in capitals with a subscript is still math: V_MAX = 5 V', () => {
    expect(body('Circuit\n\nThe limit is V_MAX = 5 V for this input.\n')).toContain('$');
  });
});
