// What remark may parse: hostile constructs past the guard's limits never reach it, a large
// note is read in pieces, and a piece neither parser can take is read as plain text.
import { describe, expect, it } from 'vitest';
import { generatorCounts } from '../../counters.js';
import { inlineText, type Block } from '../../tree.js';
import { chunks, newRemarkBudget, remarkMay, remarkWork } from './guard.js';
import { parseMarkdown } from './index.js';

const kinds = (blocks: Block[]) => blocks.map((b) => b.kind);

describe('remark guard', () => {
  it('estimates ordinary notes as small work', () => {
    expect(remarkWork('# Title\n\nSome *words* and a [link](x).\n\n> a quote\n\n- a\n- b')).toBeLessThan(100);
  });

  it('refuses deep nesting, setext floods, wide rows and long delimiter runs', () => {
    expect(remarkWork('> '.repeat(40) + 'x')).toBeNull();
    expect(remarkWork('a\n=\n'.repeat(70))).toBeNull();
    expect(remarkWork(`| ${'x | '.repeat(300)}`)).toBeNull();
    expect(remarkWork('*a'.repeat(500))).toBeNull();
    // The same delimiters spread over paragraphs are fine.
    expect(remarkWork('*a* b\n\n'.repeat(300))).not.toBeNull();
  });

  it('charges a budget per note', () => {
    const budget = newRemarkBudget();
    expect(remarkMay('x'.repeat(30_000), budget)).toBe(true);
    expect(remarkMay('x'.repeat(30_000), budget)).toBe(false);
  });

  it('cuts at blank lines outside fenced code, into pieces of a minimum size', () => {
    expect(chunks('a\n\nb\n\nc', 1)).toEqual(['a\n', 'b\n', 'c']);
    expect(chunks('```\na\n\nb\n```\n\nc', 1)).toEqual(['```\na\n\nb\n```\n', 'c']);
    expect(chunks('a\n\nb\n\nc', 100)).toEqual(['a\n\nb\n\nc']);
  });

  it('reads a hostile piece as plain text and the rest as markdown', () => {
    const before = generatorCounts().markdownReadAsPlain;
    const note = `# Heading\n\nSome *emphasis* here.\n\n${'~*a'.repeat(2_000)}\n\n${'x '.repeat(1_500)}\n\n- item one\n- item two\n`;
    const blocks = parseMarkdown(note, { expandPlaceholder: () => [] });
    expect(generatorCounts().markdownReadAsPlain).toBe(before + 1);
    expect(kinds(blocks)).toContain('heading');
    expect(kinds(blocks)).toContain('list');
    // The hostile run is kept, as text.
    expect(blocks.some((b) => b.kind === 'paragraph' && inlineText(b.inlines).startsWith('~*a~*a'))).toBe(true);
  });
});
