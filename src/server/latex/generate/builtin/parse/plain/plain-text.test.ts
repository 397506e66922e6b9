import { describe, expect, it } from 'vitest';
import type { Block } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { parsePlainInline } from './inline.js';
import { looksLikeMarkdown } from '../markdown/detect.js';
import { parsePlainText } from './index.js';

const parse = (src: string): Block[] => parsePlainText(src, parsePlainInline, () => []);
const shape = (blocks: Block[]): string[] =>
  blocks.map((b) => {
    if (b.kind === 'heading') return `h${b.depth}:${inlineText(b.inlines)}`;
    if (b.kind === 'paragraph') return `p:${inlineText(b.inlines).replace(/\n/g, '/')}`;
    if (b.kind === 'list') return `${b.ordered ? 'ol' : 'ul'}:${b.items.map((i) => shape(i.blocks).join('+')).join('|')}`;
    return b.kind;
  });

describe('plain-text heuristics', () => {
  it('a LaTeX display environment on lines of its own is math, not text and bullets', () => {
    const blocks = parse('Energy notes\n\n\\begin{align}\n  E &= mc^2 \\\\\n  p &= mv\n\\end{align}\n\nThat is all.');
    expect(blocks.map((b) => b.kind)).toContain('math');
    expect(blocks.find((b) => b.kind === 'math')).toEqual({ kind: 'math', tex: '\\begin{align}\n  E &= mc^2 \\\\\n  p &= mv\n\\end{align}' });
    expect(blocks.some((b) => b.kind === 'list')).toBe(false);
  });

  it('tells markdown from plain notes', () => {
    expect(looksLikeMarkdown('# Title\ntext')).toBe(true);
    expect(looksLikeMarkdown('Some **bold** words')).toBe(true);
    // An underline typed to its line's length is a plain note's heading too (the notes layer reads it): alone it makes no Markdown.
    expect(looksLikeMarkdown('Title\n=====\n')).toBe(false);
    expect(looksLikeMarkdown('Title\n=====\n\nSome *emphasis* here.')).toBe(true);
    expect(looksLikeMarkdown('Meeting notes\n\n• first point\n• second point')).toBe(false);
    // A --- line under the last of several lines separates slides; under one line it underlines a heading.
    expect(looksLikeMarkdown('Talk\n\nWhy solar\nIt is cheap now.\n---\nCosts\nPanels cost 3000 EUR.\n---\nThanks')).toBe(false);
    expect(looksLikeMarkdown('A longer title line\n---\n\nSome text.')).toBe(true);
  });

  it('takes ALL-CAPS lines as top headings', () => {
    expect(shape(parse('INTRODUCTION\nThe study begins here.'))).toEqual(['h1:INTRODUCTION', 'p:The study begins here.']);
  });

  it('takes 1. / 1.1 numbered lines as headings of their depth', () => {
    expect(shape(parse('1. Scope\nThis part covers it.\n\n1.1 Details\nMore text here.'))).toEqual([
      'h1:1. Scope',
      'p:This part covers it.',
      'h2:1.1 Details',
      'p:More text here.',
    ]);
  });

  it('takes a short unpunctuated line before a paragraph as a heading', () => {
    expect(shape(parse('Background\n\nDistributed systems are hard to build.'))).toEqual(['h1:Background', 'p:Distributed systems are hard to build.']);
    expect(shape(parse('This ends with a period.\n\nNext.'))).toEqual(['p:This ends with a period.', 'p:Next.']);
  });

  it('understands bullets • – - * o and nesting by indentation', () => {
    expect(shape(parse('Fruit:\n• apple\n  – green\n• pear'))).toEqual(['p:Fruit:', 'ul:p:apple+ul:p:green|p:pear']);
    expect(shape(parse('o one\no two'))).toEqual(['ul:p:one|p:two']);
  });

  it('understands numbered steps', () => {
    expect(shape(parse('Method:\n1. Mix flour\n2. Add water\nStep 3: Bake'))).toEqual(['p:Method:', 'ol:p:Mix flour|p:Add water|p:Bake']);
  });

  it('makes indented lines under a lead-in line its points (outline notes)', () => {
    expect(shape(parse('Some points follow here:\n  first point\n  second point'))).toEqual(['p:Some points follow here:', 'ul:p:first point|p:second point']);
  });

  it('keeps short lines as lines and joins wrapped prose', () => {
    expect(shape(parse('Jane Doe\n1 Main Street\nSpringfield'))).toEqual(['p:Jane Doe/1 Main Street/Springfield']);
  });
});

describe('plain inline text', () => {
  it('finds $math$ but leaves money amounts as text', () => {
    expect(parsePlainInline('costs $5 and $10 today')).toEqual([{ kind: 'text', value: 'costs $5 and $10 today' }]);
    expect(parsePlainInline('area $x^2$ here')).toEqual([
      { kind: 'text', value: 'area ' },
      { kind: 'math', tex: 'x^2' },
      { kind: 'text', value: ' here' },
    ]);
  });

  it('links bare URLs without trailing punctuation', () => {
    expect(parsePlainInline('see https://example.com/a.')).toEqual([
      { kind: 'text', value: 'see ' },
      { kind: 'link', url: 'https://example.com/a', children: [{ kind: 'text', value: 'https://example.com/a' }] },
      { kind: 'text', value: '.' },
    ]);
  });
});
