import { describe, expect, it } from 'vitest';
import type { Block, Inline } from '../tree.js';
import { testRenderContext } from '../test-support/render-context.js';
import { renderBlocks, renderInlines } from './index.js';

const ctx = testRenderContext;
const cite = (over: Partial<Extract<Inline, { kind: 'cite' }>> = {}): Inline => ({
  kind: 'cite',
  items: [{ key: 'a', number: 1, locator: 'p. 3' }, { key: 'b', number: 2, prefix: 'also' }],
  source: '[@a, p. 3; also @b]',
  ...over,
});

describe('citation handler', () => {
  it('numbers in brackets, each linked to its entry; notes separated by semicolons', () => {
    expect(renderInlines([cite()], ctx())).toBe('{[}\\hyperlink{lgcite1}{1}, p. 3; also \\hyperlink{lgcite2}{2}{]}');
  });

  it('in a heading, caption or cell the numbers without links; in running text the authors first', () => {
    expect(renderInlines([cite()], ctx({ restricted: true }))).toBe('{[}1, p. 3; also 2{]}');
    expect(renderInlines([cite({ items: [{ key: 'a', number: 4, authors: 'Doe & Roe' }], textual: true })], ctx())).toBe('Doe \\& Roe~{[}\\hyperlink{lgcite4}{4}{]}');
  });

  it('a citation that was never numbered shows what the note wrote', () => {
    expect(renderInlines([cite({ items: [{ key: 'a' }], source: '[@a_b]' })], ctx())).toBe('{[}@a\\_b{]}');
  });
});

describe('cross-reference handler', () => {
  const ref = (target: 'fig' | 'tbl' | 'sec' | 'eq', title?: string): Inline => ({ kind: 'ref', target, label: `${target}:x`, ...(title ? { title } : {}), source: `@${target}:x` });

  it('the kind\'s word and \\ref where the class numbers it', () => {
    expect(renderInlines([ref('fig'), ref('tbl'), ref('sec'), ref('eq')].flatMap((r) => [r, { kind: 'text', value: ' ' }]), ctx())).toBe(
      '\\figurename~\\ref{fig:x} \\tablename~\\ref{tbl:x} Section~\\ref{sec:x} Equation~(\\ref{eq:x})',
    );
    expect(renderInlines([ref('sec')], ctx({ language: 'fr' }))).toBe('Section~\\ref{sec:x}');
    expect(renderInlines([ref('eq')], ctx({ language: 'de' }))).toBe('Gleichung~(\\ref{eq:x})');
  });

  it('the word and the title where it does not (slides, letters, sections of basic documents)', () => {
    expect(renderInlines([ref('fig', 'A ramp')], ctx({ beamer: true }))).toBe("\\figurename~``A ramp''");
    expect(renderInlines([ref('sec', 'Intro')], ctx({ type: 'basic' }))).toBe("Section~``Intro''");
    expect(renderInlines([ref('tbl'), { kind: 'text', value: ' below' }], ctx({ type: 'letter' }))).toBe('\\tablename{} below');
  });
});

describe('bibliography handler', () => {
  const bib: Block = { kind: 'bibliography', entries: [{ number: 1, key: 'a', inlines: [{ kind: 'text', value: 'Doe, J. (2020). A & B.' }] }, { number: 2, key: 'b', inlines: [] }] };

  it('an itemized list labelled [n], each label the target of its citations', () => {
    expect(renderBlocks([bib], ctx())).toBe(
      '\\begin{itemize}[labelwidth=2.2em,leftmargin=2.8em,labelsep=0.6em]\n\\item[\\hypertarget{lgcite1}{\\lbrack1\\rbrack}] Doe, J. (2020). A \\& B.\n\\item[\\hypertarget{lgcite2}{\\lbrack2\\rbrack}] \\mbox{}\n\\end{itemize}',
    );
  });

  it('in slides a plain itemize (no enumitem); empty, nothing', () => {
    expect(renderBlocks([bib], ctx({ beamer: true }))).toMatch(/^\\begin\{itemize\}\n\\item\[/);
    expect(renderBlocks([{ kind: 'bibliography', entries: [] }], ctx())).toBe('');
  });
});
