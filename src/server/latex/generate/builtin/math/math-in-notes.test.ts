// Math as it stands in a note's structure: display math keeps its place in lists and paragraphs.
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

const body = (content: string): string => {
  const latex = generate({ content, documentType: 'article' }).latex;
  return latex.slice(latex.indexOf('\\maketitle'));
};

describe('display math in a note', () => {
  it('a \\[ … \\] display inside a list item stays in the item, and the list goes on after it', () => {
    const b = body('# T\n\n## S\n\n+ Linear\n  + defined by $A$\n\n    \\[ A v = w \\tag{1}\\]\n\n    + each row: $w_i = 1$\n\n  + next\n');
    expect(b).toContain('\\item defined by $A$\n\n\\[\nA v = w \\tag{1}\n\\]\n\n\\begin{itemize}\n\\item each row: $w_i = 1$\n\\end{itemize}\n\\item next');
    // Nothing of the list became code.
    expect(b).not.toContain('lstlisting');
    expect((b.match(/\\begin\{itemize\}/g) ?? []).length).toBe(3);
  });

  it('a \\[ … \\] display inside a paragraph splits it, and blank lines in the display are dropped', () => {
    const b = body('# T\n\nText \\[ x^2 \\] after.\n\n\\[\na\n\n= b\n\\]\n');
    expect(b).toContain('Text\n\n\\[\nx^2\n\\]\n\nafter.');
    expect(b).toContain('\\[\na\n= b\n\\]');
  });
});
