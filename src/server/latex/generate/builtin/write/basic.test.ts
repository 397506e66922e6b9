import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

describe('a basic document', () => {
  it('shows the subtitle on its own line under the title, with no colon added between them', () => {
    const latex = generate({ content: 'Aisha Rahman\ndata analyst\n\nprofile\nthree years of turning messy data into dashboards people use.\n', documentType: 'basic' }).latex;
    expect(latex).toContain('{\\noindent\\LARGE\\bfseries Aisha Rahman\\par}\n{\\noindent\\large data analyst\\par}');
    expect(latex).not.toContain('Aisha Rahman:');
  });

  it("heads a Markdown note with its '#' title as the title line, its '##' headings as the sections under it", () => {
    const latex = generate({ content: "# Mum's Banana Bread\n\nMakes 1 loaf.\n\n## Ingredients\n\n- 3 bananas\n\n## Method\n\n1. Mash.\n", documentType: 'basic' }).latex;
    expect(latex).toContain("{\\noindent\\LARGE\\bfseries Mum's Banana Bread\\par}");
    expect(latex).not.toContain("\\section*{Mum's Banana Bread}");
    expect(latex).toContain('\\section*{Ingredients}');
    expect(latex.match(/Banana Bread/g)).toHaveLength(1);
  });
});
