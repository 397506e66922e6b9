import { describe, expect, it } from 'vitest';
import { extractTitleFromLatex, titleFromInput } from './title.js';

describe('titleFromInput', () => {
  it('takes a title: line first', () => {
    expect(titleFromInput('# Heading\ntitle: My Notes\nbody')).toBe('My Notes');
    expect(titleFromInput('---\ntitle: "Front matter"\n---\n# Other')).toBe('Front matter');
  });

  it('ignores title: lines of <SECTION> and <SLIDE> tags', () => {
    expect(titleFromInput('<SECTION>\ntitle: Intro\ncontent: x\n</SECTION>\n\nFirst line')).toBe('Intro');
    expect(titleFromInput('Lecture notes\n<SLIDE>\ntitle: One\n</SLIDE>')).toBe('Lecture notes');
  });

  it('uses the highest markdown heading, ATX or setext', () => {
    expect(titleFromInput('intro text\n\n## Second level\n\n# **Top** level #\n')).toBe('Top level');
    expect(titleFromInput('Linear algebra\n==============\n\ntext')).toBe('Linear algebra');
    expect(titleFromInput('Part\n----\n\ntext')).toBe('Part');
  });

  it('does not take headings inside code fences', () => {
    expect(titleFromInput('Shell notes\n```\n# comment\n```')).toBe('Shell notes');
  });

  it('uses keyword lines such as Subject:', () => {
    expect(titleFromInput('Hello all,\nSubject: Quarterly review\nmore')).toBe('Quarterly review');
    expect(titleFromInput('Betreff: Kündigung\nText')).toBe('Kündigung');
  });

  it('falls back to the first meaningful line, cleaned of markup', () => {
    expect(titleFromInput('\n\n  - **Shopping** list  \nmilk')).toBe('Shopping list');
    expect(titleFromInput('1. Preheat the oven')).toBe('Preheat the oven');
    expect(titleFromInput('<MATHEQ>\nx^2\n</MATHEQ>')).toBe('x^2');
  });

  it('never takes a table row for the title', () => {
    expect(titleFromInput('| Planet | Moons |\n|---|---|\n| Mars | 2 |\n\nMoons of the inner planets')).toBe('Moons of the inner planets');
    expect(titleFromInput('| a | b |\n|---|---|\n| c | d |')).toBe('Untitled Document');
  });

  it('shortens very long first lines at a word boundary', () => {
    const title = titleFromInput(`${'word '.repeat(60)}end`);
    expect(title.length).toBeLessThanOrEqual(101);
    expect(title.endsWith('…')).toBe(true);
  });

  it('gives Untitled Document for empty or symbol-only input', () => {
    expect(titleFromInput('')).toBe('Untitled Document');
    expect(titleFromInput('   \n\n---\n')).toBe('Untitled Document');
  });
});

describe('extractTitleFromLatex', () => {
  it('reads \\title with nested braces and strips commands', () => {
    expect(extractTitleFromLatex('\\title{The \\textbf{Big} {Idea}}\\begin{document}')).toBe('The Big Idea');
    expect(extractTitleFromLatex('\\title{Costs: 50\\% \\& more}')).toBe('Costs: 50% & more');
  });

  it('falls back to the first chapter or section', () => {
    expect(extractTitleFromLatex('\\begin{document}\\section*{Results}\\chapter{Later}')).toBe('Results');
    expect(extractTitleFromLatex('\\chapter[short]{Long \\emph{chapter} name}')).toBe('Long chapter name');
  });

  it('ignores commented-out titles', () => {
    expect(extractTitleFromLatex('% \\title{Old}\n\\section{New}')).toBe('New');
  });

  it('gives Generated Document when nothing names the document', () => {
    expect(extractTitleFromLatex('\\begin{document}Hello\\end{document}')).toBe('Generated Document');
    expect(extractTitleFromLatex('\\title{}')).toBe('Generated Document');
  });
});
