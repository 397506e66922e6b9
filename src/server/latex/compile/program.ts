// Which TeX program a document asks for. LuaLaTeX is never offered: \directlua is a full Lua
// interpreter with os and io libraries, far too much power for untrusted input.
import type { TexProgram } from './types.js';

const MAGIC = /^%\s*!\s*TEX\s+(?:TS-)?program\s*=\s*(\w+)/i;

export function detectProgram(source: string): TexProgram {
  const firstLine = source.slice(0, 200).split(/\r?\n/, 1)[0] ?? '';
  const match = MAGIC.exec(firstLine.trim());
  return match?.[1]?.toLowerCase() === 'xelatex' ? 'xelatex' : 'pdflatex';
}
