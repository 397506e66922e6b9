// A `%` in a LaTeX note: a comment where TeX would read one, the writer's percent sign where a
// comment would swallow a group's closing brace or split a number from its word.
import { describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import { stripComments } from './source.js';

describe('percent signs in LaTeX notes', () => {
  it('a % that would comment out its group\'s } or follow a number before a word is a percent sign', () => {
    expect(stripComments('\\title{Growth: 50% of x}\n')).toBe('\\title{Growth: 50\\% of x}\n');
    expect(stripComments('We study 50% of x.\n')).toBe('We study 50\\% of x.\n');
    // Comments stay comments: a whole line, after a word, a number at the line's end.
    expect(stripComments('% setup\nText % note\nand 10%\nmore\n')).toBe('Text and 10more\n');
    expect(stripComments('\\vspace{2mm}% no space\nNext\n')).toBe('\\vspace{2mm}Next\n');
  });

  it('the title keeps its words after the %', () => {
    const latex = generate({ content: '\\documentclass{article}\n\\title{Growth: 50% of x}\n\\begin{document}\n\\maketitle\nText.\n\\end{document}\n', documentType: 'article', options: { useMath: true } }).latex;
    expect(latex).toContain('\\title{Growth: 50\\% of x}');
  });

  it('stays linear on a long line of percent signs inside a group', () => {
    const line = `{${'5% a'.repeat(50_000)}}`;
    expect(stripComments(line).length).toBeGreaterThan(line.length);
  });
});
