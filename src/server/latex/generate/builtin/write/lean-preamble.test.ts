// The preamble holds what the document uses and nothing else (docs/product.md, The LaTeX).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { bodyUses } from './body-uses.js';
import { recognisePreamble } from './lean-preamble.js';

const preambleOf = (content: string, documentType: Parameters<typeof generate>[0]['documentType'] = 'article') => {
  const { latex } = generate({ content, documentType });
  return latex.slice(0, latex.indexOf('\\begin{document}'));
};

const FRENCH =
  '# Histoire de la Révolution\n\nLa Révolution française commence en 1789. Les états généraux se réunissent à Versailles et le tiers état se proclame assemblée nationale.\n\n## Causes\n\n- La crise financière\n- Les idées des Lumières\n';

describe('lean preamble', () => {
  it('a short French history note: babel with French only, no code, chemistry or long tables, no private commands', () => {
    const preamble = preambleOf(FRENCH);
    expect(preamble).toContain('\\usepackage[shorthands=off,french]{babel}\n');
    for (const unused of ['listings', 'mhchem', 'longtable', 'tabularx', 'booktabs', 'graphicx', 'xcolor', 'amsmath', '\\newcommand', '\\DeclareRobustCommand']) {
      expect(preamble, unused).not.toContain(unused);
    }
    // The class line comes first: nothing before it but the engine line of XeLaTeX documents.
    expect(preamble.startsWith('\\documentclass[11pt,a4paper]{article}\n')).toBe(true);
    expect(preamble.split('\n').length).toBeLessThan(20);
  });

  it('loads a package when the body uses it: code, chemistry, tables and math', () => {
    expect(preambleOf('# Code\n\n```python\nprint(1)\n```\n')).toContain('\\usepackage{listings}\n');
    expect(preambleOf('# Chemistry\n\nWater is $\\ce{H2O}$ and burns as $\\ce{2H2 + O2 -> 2H2O}$.')).toContain('\\usepackage[version=4]{mhchem}\n');
    expect(preambleOf('# Table\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')).toMatch(/\\usepackage\{(longtable|tabularx|booktabs)\}/);
    expect(preambleOf('# Math\n\nEuler: $e^{i\\pi} + 1 = 0$.')).toContain('\\usepackage{amsmath}\n');
  });

  it('defines each private command once, under a comment, only where the body calls it', () => {
    const latex = generate({ content: '# Tasks\n\n- [ ] open\n- [x] done\n\n---\n\n~~gone~~ text', documentType: 'article' }).latex;
    const preamble = latex.slice(0, latex.indexOf('\\begin{document}'));
    const body = latex.slice(latex.indexOf('\\begin{document}'));
    const defined = [...preamble.matchAll(/\\(?:newcommand|DeclareRobustCommand)\{\\(lg\w+)\}/g)].map((m) => m[1] ?? '');
    expect(defined.length).toBeGreaterThan(0);
    expect(new Set(defined).size).toBe(defined.length);
    for (const name of defined) {
      expect(body, name).toMatch(new RegExp(`\\\\${name}(?![a-zA-Z])`));
      // The line before a definition's block is a comment saying what it is for.
      const at = preamble.indexOf(`{\\${name}}`);
      expect(preamble.slice(0, at).split('\n').some((line) => line.startsWith('% ')), name).toBe(true);
    }
  });

  it('a Chinese note: xeCJK with TeX Live’s Fandol, fonts by family, no file of this machine, the engine named', () => {
    const preamble = preambleOf('# 中国历史\n\n中国是世界上最古老的文明之一。秦朝于公元前221年统一中国。\n\n## 汉朝\n\n汉朝是中国历史上的黄金时代。\n');
    expect(preamble.startsWith('% !TEX program = xelatex\n')).toBe(true);
    expect(preamble).toContain('\\setCJKmainfont{FandolSong-Regular.otf}');
    expect(preamble).toContain('\\setmainfont{CMU Serif}');
    expect(preamble).not.toMatch(/\.tt[fc]\b|uming|cmunrm/);
    expect(preamble.split('\n').length).toBeLessThan(40);
  });

  it('code blocks whose escapes hold other scripts, emoji or signs get those definitions (property-test counterexample)', () => {
    const latex = generate({ content: '```js\nlet x = "😀 ★ مرحبا";\n```\n', documentType: 'basic' }).latex;
    const body = latex.slice(latex.indexOf('\\begin{document}'));
    for (const name of ['lgemoji', 'lgsym', 'lgArab']) {
      if (body.includes(`\\${name}`)) expect(latex.slice(0, latex.indexOf('\\begin{document}')), name).toContain(`\\DeclareRobustCommand{\\${name}}`);
    }
  });

  it('every preamble it writes is one the compile service can recognise for its format', () => {
    for (const type of ['article', 'basic', 'report', 'book', 'letter', 'presentation'] as const) {
      const recognised = recognisePreamble(preambleOf(FRENCH, type));
      expect(recognised?.type, type).toBe(type);
      expect(recognised?.program, type).toBe('pdflatex');
    }
  });
});

describe('bodyUses', () => {
  it('reads commands and environments, but not from comments, verbatim or listings outside their escapes', () => {
    const uses = bodyUses('% \\ce{H2O}\n\\begin{lstlisting}[escapechar=!]\n\\toprule !\\lgemoji{x}{y}!\n\\end{lstlisting}\n\\verb|\\midrule| \\textbf{x} $a$');
    expect(uses.commands.has('ce')).toBe(false);
    expect(uses.commands.has('toprule')).toBe(false);
    expect(uses.commands.has('midrule')).toBe(false);
    expect(uses.commands.has('lgemoji')).toBe(true);
    expect(uses.commands.has('textbf')).toBe(true);
    expect(uses.environments.has('lstlisting')).toBe(true);
    expect(uses.math).toBe(true);
  });

  it('measures list depth and matrix width', () => {
    const uses = bodyUses('\\begin{itemize}\\item a\\begin{itemize}\\item b\\end{itemize}\\end{itemize}$\\begin{pmatrix}1&2&3\\\\4&5&6\\end{pmatrix}$');
    expect(uses.listDepth).toBe(2);
    expect(uses.matrixColumns).toBe(3);
  });
});

describe('captions babel defines', () => {
  it('an English book names no preface the note did not write, so it needs no babel for \\prefacename', () => {
    // The portable compile found it once: a plain pdflatex run stopped at \prefacename without babel.
    const note = readFileSync('tests/fixtures/notes/quarto-lab-report.qmd', 'utf8');
    const { latex } = generate({ content: note, documentType: 'book' });
    expect(latex).not.toContain('\\prefacename');
    expect(preambleOf('# Notes\n\nSome English text here.', 'article')).not.toContain('babel');
  });
});
