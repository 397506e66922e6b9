// Math as it stands in a note's structure: display math keeps its place in lists and paragraphs.
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

const body = (content: string): string => {
  const latex = generate({ content, documentType: 'article' }).latex;
  return latex.slice(latex.indexOf('\\maketitle'));
};

describe('display math in a note', () => {
  it('a \\[ … \\] display inside a list item stays in the item, and the list goes on after it', () => {
    const b = body('# Notes\n\n## S\n\n+ Linear\n  + defined by $A$\n\n    \\[ A v = w \\tag{1}\\]\n\n    + each row: $w_i = 1$\n\n  + next\n');
    expect(b).toContain('\\item defined by $A$\n\n\\[\nA v = w \\tag{1}\n\\]\n\n\\begin{itemize}\n\\item each row: $w_i = 1$\n\\end{itemize}\n\\item next');
    // Nothing of the list became code.
    expect(b).not.toContain('lstlisting');
    expect((b.match(/\\begin\{itemize\}/g) ?? []).length).toBe(3);
  });

  it('a \\[ … \\] display inside a paragraph splits it, and blank lines in the display are dropped', () => {
    const b = body('# Notes\n\nText \\[ x^2 \\] after.\n\n\\[\na\n\n= b\n\\]\n');
    // The text after a display goes on its paragraph: not indented as a new one.
    expect(b).toContain('Text\n\n\\[\nx^2\n\\]\nafter.');
    expect(b).toContain('\\[\na\n= b\n\\]');
  });

  it('$$x$$ inside a sentence is inline math (kramdown writes it so); on its own line, or lines, a display each', () => {
    const b = body('# Notes\n\nThe amount of $$i$$s, and $$x_i$$ will denote an input.\n\n- $$y_i$$ will denote an output\n\nWe get $$a+b$$.\n$$F = ma$$\n$$E = mc^2$$\n');
    expect(b).toContain('The amount of $i$s, and $x_i$ will denote an input.');
    expect(b).toContain('\\item $y_i$ will denote an output');
    expect(b).toContain('We get $a+b$.');
    // Formulas on consecutive lines of their own stay separate displays.
    expect(b).toContain('\\[\nF = ma\n\\]\n\n\\[\nE = mc^2\n\\]');
    expect(b).not.toContain('\\section');
    // Two formulas alone on one line are two displays.
    expect(body('# Notes\n\n$$a=b$$ $$c=d$$\n')).toContain('\\[\na=b\n\\]\n\n\\[\nc=d\n\\]');
  });

  it('a bare environment inside a $$ block is math once, not wrapped again (then shown as text)', () => {
    const b = body('# Notes\n\nThe loss:\n\n$$\n\\begin{align}\nL_0 = & \\max(0, w_1^Tx_0) \\\\\nL = & L_0/3\n\\end{align}\n$$\n\nAfter.\n');
    expect(b).toContain('\\begin{align}\nL_0 = & \\max(0, w_1^Tx_0) \\\\\nL = & L_0/3\n\\end{align}');
    expect(b).not.toContain('textbackslash');
    expect(b).not.toContain('ttfamily');
  });

  it('reads \\\\( … \\\\) (Markdown written for MathJax) as inline math', () => {
    const b = body('# Notes\n\nA random \\\\(W_1\\\\) and the loss \\\\( L(W + a W_1) \\\\) here.\n');
    expect(b).toContain('A random $W_1$ and the loss $L(W + a W_1)$ here.');
  });

  it('a $$ inside an HTML comment pairs with nothing: the formulas after it keep their own', () => {
    const b = body('# Notes\n\n<!-- draft: | $$ | -->\n\n$$ a^2+b^2=c^2 $$\n$$ e^{i\\pi}=-1 $$\n\nend\n');
    expect(b).toContain('\\[\na^2+b^2=c^2\n\\]');
    expect(b).toContain('\\[\ne^{i\\pi}=-1\n\\]\nend');
  });

  it('display math in a block quote, on lines of its own or not, holds no > marks', () => {
    expect(body('# Notes\n\n> Quote:\n>\n> $$\n> x^2 = 4\n> $$\n')).toContain('\\begin{quote}\nQuote:\n\n\\[\nx^2 = 4\n\\]\n\\end{quote}');
    expect(body('# Notes\n\n> > Deeper $$a\n> > = b$$ then\n')).not.toMatch(/>/);
  });
});

