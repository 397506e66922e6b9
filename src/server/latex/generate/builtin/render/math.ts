// User math, inline and displayed: sanitized and checked (math/math.ts); math that cannot be
// made safe is shown as its source text.
import { cutDefinitions } from '../math/definitions.js';
import { sanitizeMath } from '../math/math.js';
import { escapeText } from '../text/escape.js';
import { codeLines } from './code.js';
import type { BlockHandler, RenderContext } from './context.js';

/** Math that only defines macros: they took effect for the whole document, nothing is printed. */
function onlyDefinitions(tex: string): boolean {
  return tex.includes('\\') && cutDefinitions(tex).trim() === '';
}

export function inlineMath(tex: string, ctx: RenderContext): string {
  if (onlyDefinitions(tex)) return '';
  const s = sanitizeMath(tex, false, ctx.program, ctx.macros);
  if (s.ok) return `$${s.tex}$`;
  return `\\texttt{${escapeText(`$${tex}$`, ctx.program)}}`;
}

export const mathBlock: BlockHandler<'math'> = (node, ctx) => {
  if (onlyDefinitions(node.tex)) return '';
  const s = sanitizeMath(node.tex, true, ctx.program, ctx.macros);
  if (!s.ok) return codeLines(node.tex.trim(), ctx);
  if (s.env) return s.tex;
  return `\\[\n${s.tex}\n\\]`;
};
