import { describe, expect, it } from 'vitest';
import { detectProgram } from './program.js';

describe('detectProgram', () => {
  it('uses XeLaTeX only when the first line asks for it', () => {
    expect(detectProgram('% !TEX program = xelatex\n\\documentclass{article}')).toBe('xelatex');
    expect(detectProgram('%!TEX TS-program = XeLaTeX\n')).toBe('xelatex');
    expect(detectProgram('\\documentclass{article}\n% !TEX program = xelatex')).toBe('pdflatex');
    expect(detectProgram('\\documentclass{article}')).toBe('pdflatex');
  });

  it('never picks LuaLaTeX', () => {
    expect(detectProgram('% !TEX program = lualatex\n')).toBe('pdflatex');
  });
});
