import { describe, expect, it } from 'vitest';
import { insertSnippet, SNIPPETS, snippetsFor } from './snippets';

describe('snippets', () => {
  it('offers New Slide only for presentations', () => {
    expect(snippetsFor('article').map((s) => s.label)).toEqual(['Math', 'Table', 'Figure', 'Section', 'List']);
    expect(snippetsFor('presentation').map((s) => s.label)).toContain('New Slide');
  });

  it('uses the documented tag formats', () => {
    const byKind = Object.fromEntries(SNIPPETS.map((s) => [s.kind, s.text]));
    expect(byKind.math).toBe('<MATHEQ>\nE = mc^2\n</MATHEQ>');
    expect(byKind.table).toBe('<TABLE>\nheaders: Column 1, Column 2, Column 3\nrow: a, b, c\nrow: d, e, f\n</TABLE>');
    expect(byKind.list).toBe('<LIST>\nFirst item; Second item; Third item\n</LIST>');
    expect(byKind.figure).toMatch(/^<FIGURE>\ndescription: .+\ncaption: .+\n<\/FIGURE>$/);
    expect(byKind.section).toMatch(/^<SECTION>\ntitle: .+\ncontent: .+\n<\/SECTION>$/);
    expect(byKind.slide).toMatch(/^<SLIDE>\ntitle: .+\ncontent: .+\n<\/SLIDE>$/);
  });

  it('inserts at the cursor on lines of its own and puts the caret after it', () => {
    expect(insertSnippet('', 0, 0, 'X')).toEqual({ text: 'X', caret: 1 });
    expect(insertSnippet('ab', 1, 1, 'X')).toEqual({ text: 'a\nX\nb', caret: 3 });
    expect(insertSnippet('a\n', 2, 2, 'X')).toEqual({ text: 'a\nX', caret: 3 });
    expect(insertSnippet('hello world', 0, 5, 'X')).toEqual({ text: 'X\n world', caret: 1 });
  });
});
