// User math, inline and displayed: sanitized and checked (math/math.ts); math that cannot be
// made safe is shown as its source text.
import { sanitizeMath } from '../math/math.js';
import { escapeText } from '../text/escape.js';
import { codeLines } from './code.js';
import type { BlockHandler, RenderContext } from './context.js';

export function inlineMath(tex: string, ctx: RenderContext): string {
  const s = sanitizeMath(tex, false, ctx.program, ctx.macros);
  if (s.ok) return `$${s.tex}$`;
  return `\\texttt{${escapeText(`$${tex}$`, ctx.program)}}`;
}

export const mathBlock: BlockHandler<'math'> = (node, ctx) => {
  const s = sanitizeMath(node.tex, true, ctx.program, ctx.macros);
  if (!s.ok) return codeLines(node.tex.trim(), ctx);
  if (s.env) return s.tex;
  return `\\[\n${s.tex}\n\\]`;
};
