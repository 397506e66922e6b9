import { describe, expect, it } from 'vitest';
import { extractTags, interpretTag } from './snippet-tags.js';

describe('snippet tags', () => {
  it('reads <MATHEQ> bodies', () => {
    expect(interpretTag('MATHEQ', '\nE = mc^2\n')).toEqual({ tag: 'MATHEQ', body: 'E = mc^2' });
    expect(interpretTag('MATHEQ', '  ')).toBeNull();
  });

  it('reads <TABLE> headers: and row: lines', () => {
    expect(interpretTag('TABLE', '\nheaders: Name, Age\nrow: Ada, 36\nrow: Alan, 41\n')).toEqual({
      tag: 'TABLE',
      headers: ['Name', 'Age'],
      rows: [['Ada', '36'], ['Alan', '41']],
    });
    expect(interpretTag('TABLE', 'headers: a | b\nrow: 1 | 2')).toMatchObject({ headers: ['a', 'b'], rows: [['1', '2']] });
    // Rows typed as they are: the first is the header, as in a table typed outside a tag.
    expect(interpretTag('TABLE', 'week | kWh\n1 | 820\n2 | 805')).toMatchObject({ headers: ['week', 'kWh'], rows: [['1', '820'], ['2', '805']] });
    expect(interpretTag('TABLE', '| a | b |\n|---|---|\n| 1 | 2 |')).toMatchObject({ headers: ['a', 'b'], rows: [['1', '2']] });
  });

  it('reads <FIGURE> description: and caption: lines', () => {
    expect(interpretTag('FIGURE', 'description: A cat on a mat\ncaption: Figure one')).toEqual({ tag: 'FIGURE', description: 'A cat on a mat', caption: 'Figure one' });
  });

  it('reads <SECTION> and <SLIDE> title: and multi-line content:', () => {
    expect(interpretTag('SECTION', 'title: Intro\ncontent: First line\nsecond line')).toEqual({ tag: 'SECTION', title: 'Intro', content: 'First line\nsecond line' });
    expect(interpretTag('SLIDE', 'title: Results\ncontent: - a\n- b')).toEqual({ tag: 'SLIDE', title: 'Results', content: '- a\n- b' });
  });

  it('splits <LIST> items at semicolons', () => {
    expect(interpretTag('LIST', 'apples; pears ;; plums')).toEqual({ tag: 'LIST', items: ['apples', 'pears', 'plums'] });
  });

  it('replaces well-formed tags by placeholders, nested ones included', () => {
    const { text, tags } = extractTags('Before\n<SECTION>\ntitle: A\ncontent: <LIST>x; y</LIST>\n</SECTION>\nAfter');
    expect(text).toBe('Before\nLGTAG0QX\n\n\nAfter');
    expect(tags).toEqual([{ tag: 'SECTION', title: 'A', content: '<LIST>x; y</LIST>' }]);
  });

  it('leaves unclosed, stray and empty tags as literal text', () => {
    expect(extractTags('<TABLE>\nheaders: a').text).toBe('&lt;TABLE&gt;\nheaders: a');
    expect(extractTags('text </SECTION>').text).toBe('text &lt;/SECTION&gt;');
    expect(extractTags('<MATHEQ></MATHEQ>').tags).toEqual([]);
  });

  it('ignores tags inside code', () => {
    const { text, tags } = extractTags('```\n<MATHEQ>x</MATHEQ>\n```\n`<LIST>a</LIST>`');
    expect(tags).toEqual([]);
    expect(text).toContain('<MATHEQ>x</MATHEQ>');
  });

  it('keeps the indentation of a tag inside a list item', () => {
    expect(extractTags('- item\n  <MATHEQ>x</MATHEQ>').text).toBe('- item\n  LGTAG0QX\n\n  ');
  });
});
