import { describe, expect, it } from 'vitest';
import { detectEngine } from './engine.js';

describe('detectEngine', () => {
  it('uses XeLaTeX only when the first line asks for it', () => {
    expect(detectEngine('% !TEX program = xelatex\n\\documentclass{article}')).toBe('xelatex');
    expect(detectEngine('%!TEX TS-program = XeLaTeX\n')).toBe('xelatex');
    expect(detectEngine('\\documentclass{article}\n% !TEX program = xelatex')).toBe('pdflatex');
    expect(detectEngine('\\documentclass{article}')).toBe('pdflatex');
  });

  it('never picks LuaLaTeX', () => {
    expect(detectEngine('% !TEX program = lualatex\n')).toBe('pdflatex');
  });
});
