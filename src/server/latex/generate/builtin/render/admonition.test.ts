import { describe, expect, it } from 'vitest';
import type { Block } from '../tree.js';
import { testRenderContext } from '../test-support/render-context.js';
import { renderBlocks } from './index.js';

const ctx = testRenderContext;
const text = (value: string) => ({ kind: 'text' as const, value });
const para = (value: string): Block => ({ kind: 'paragraph', inlines: [text(value)] });

describe('admonition handler', () => {
  it('a quote headed by the bold label and title, the body below', () => {
    const node: Block = { kind: 'admonition', label: 'Warning', title: [text('Hot & sharp')], blocks: [para('Use gloves.')] };
    expect(renderBlocks([node], ctx())).toBe('\\begin{quote}\n\\noindent\\textbf{Warning: Hot \\& sharp}\\par\nUse gloves.\n\\end{quote}');
  });

  it('without a label (Notion boxes) only the title heads it; an empty box disappears', () => {
    expect(renderBlocks([{ kind: 'admonition', label: '', title: [], blocks: [para('Just text.')] }], ctx())).toBe('\\begin{quote}\nJust text.\n\\end{quote}');
    expect(renderBlocks([{ kind: 'admonition', label: '', title: [], blocks: [] }], ctx())).toBe('');
  });
});

describe('definitions handler', () => {
  const node: Block = { kind: 'definitions', items: [{ term: [text('Mass [kg]')], blocks: [para('50 g')] }, { term: [text('Empty')], blocks: [] }] };

  it('a description list; a ] in a term is braced, an empty description keeps the item', () => {
    expect(renderBlocks([node], ctx())).toBe('\\begin{description}\n\\item[{Mass {[}kg{]}}] 50 g\n\\item[{Empty}] \\mbox{}\n\\end{description}');
  });

  it('deeper than the class allows, terms continue as bold paragraphs', () => {
    expect(renderBlocks([node], ctx({ beamer: true, inList: 3 }))).toBe('\\textbf{Mass {[}kg{]}} 50 g\\par\n\\textbf{Empty} ');
  });
});

describe('admonitions in slides', () => {
  it('beamer blocks: warnings in alert blocks, tips in example blocks, others in plain blocks', () => {
    const box = (label: string): Block => ({ kind: 'admonition', label, title: [], blocks: [para('x')] });
    expect(renderBlocks([box('Warning'), box('Tip'), box('Note')], ctx({ beamer: true }))).toBe(
      '\\begin{alertblock}{Warning}\nx\n\\end{alertblock}\n\n\\begin{exampleblock}{Tip}\nx\n\\end{exampleblock}\n\n\\begin{block}{Note}\nx\n\\end{block}',
    );
  });
});
