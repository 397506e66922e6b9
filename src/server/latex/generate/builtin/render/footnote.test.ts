import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { text } from '../tree.js';
import { blocksAsInlines } from './footnote.js';

describe('footnotes where only inline material may stand', () => {
  it('flatten lists, paragraphs and code to inline text in order', () => {
    const inlines = blocksAsInlines([
      { kind: 'paragraph', inlines: [text('first')] },
      { kind: 'list', ordered: false, start: 1, items: [{ checked: null, blocks: [{ kind: 'paragraph', inlines: [text('a')] }] }, { checked: null, blocks: [{ kind: 'paragraph', inlines: [text('b')] }] }] },
      { kind: 'code', lang: '', text: 'x  =\n 1' },
    ]);
    expect(inlines).toEqual([text('first'), text('; '), text('a'), text('; '), text('b'), text('; '), { kind: 'code', value: 'x = 1' }]);
  });

  it('a footnote holding a list inside a table cell stays inline (a list there stops the compile)', () => {
    const note = '# Results\n\n| a | b |\n|---|---|\n| cell[^n] | x |\n\n[^n]: * one item\n    * two items';
    for (const documentType of ['article', 'book', 'letter', 'presentation'] as const) {
      const { latex } = generate({ content: note, documentType, options: { splitTables: true, useMath: true } });
      expect(latex).toContain('cell (one item; two items)');
      expect(latex).not.toContain('\\begin{itemize}');
    }
  });
});
