import { describe, expect, it } from 'vitest';
import { codeRanges } from './code-ranges.js';
import { generate } from '../index.js';

const codeIn = (src: string): string[] => codeRanges(src).map(([s, e]) => src.slice(s, e));

describe('codeRanges', () => {
  it('finds fenced blocks and inline spans', () => {
    expect(codeIn('a `x $y$` b\n\n```\n\\(z\\)\n```\n')).toEqual(['`x $y$`', '```\n\\(z\\)\n```']);
  });

  it('finds indented code after top-level text, across blank lines inside it', () => {
    expect(codeIn('Text\n\n    $$x$$ code\n\n    more\n\nafter')).toEqual(['    $$x$$ code\n\n    more']);
  });

  it('leaves list continuations and lazy paragraph lines alone', () => {
    expect(codeIn('- item\n\n    continued \\(x\\)\n')).toEqual([]);
    expect(codeIn('1. step\n   text\n\n    nested para\n')).toEqual([]);
    expect(codeIn('para\n    lazy continuation')).toEqual([]);
    expect(codeIn('- item\n\nback at the margin\n\n    code')).toEqual(['    code']);
  });

  it('keeps math delimiters in indented code as written', () => {
    const content = ['# Shell notes', '', 'The **home** directory.', '', 'Run this:', '', '    echo \\(x\\) $$HOME$$', '', 'Done.', '', 'More text.', '', 'The end.'].join('\n');
    const { latex } = generate({ content, documentType: 'article' });
    expect(latex).toContain('echo \\(x\\) $$HOME$$');
  });
});

describe('the pre-pass outside code', () => {
  it('makes a dash that opens a line a bullet, never one after a code span mid-line', async () => {
    const { normalizeMathDelimiters } = await import('./markdown/pre-pass.js');
    expect(normalizeMathDelimiters('- `Dispatchers.Main` – UI thread\n– second item')).toBe('- `Dispatchers.Main` – UI thread\n- second item');
  });
});
