import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';

describe('a basic document', () => {
  it('shows the subtitle on its own line under the title, with no colon added between them', () => {
    const latex = generate({ content: 'Aisha Rahman\ndata analyst\n\nprofile\nthree years of turning messy data into dashboards people use.\n', documentType: 'basic' }).latex;
    expect(latex).toContain('{\\noindent\\LARGE\\bfseries Aisha Rahman\\par}\n{\\noindent\\large data analyst\\par}');
    expect(latex).not.toContain('Aisha Rahman:');
  });
});
