// User math, inline and displayed: sanitized and checked (math/math.ts); math that cannot be
// made safe is shown as its source text.
import { cutDefinitions } from '../math/definitions.js';
import { sanitizeMath } from '../math/math.js';
import { escapeText } from '../text/escape.js';
import { codeLines } from './code.js';
import { labelFor } from './citation.js';
import type { BlockHandler, RenderContext } from './context.js';

/** Math that only defines macros: they took effect for the whole document, nothing is printed. */
function onlyDefinitions(tex: string): boolean {
  return tex.includes('\\') && cutDefinitions(tex).trim() === '';
}

export function inlineMath(tex: string, ctx: RenderContext): string {
  if (onlyDefinitions(tex)) return '';
  const s = sanitizeMath(tex, false, ctx.program, ctx.macros);
  if (s.ok) return mathSpan(s.tex, ctx);
  return `\\texttt{${escapeText(`$${tex}$`, ctx.program)}}`;
}

/** Safe math in running text: $…$; one \ce{…} alone on a slide is set in text mode, in the slide's sans-serif letters (math mode's upright letters are serif). */
export function mathSpan(tex: string, ctx: RenderContext): string {
  return ctx.beamer && /^\\ce\{[^{}$\\]*\}$/.test(tex) ? tex : `$${tex}$`;
}

/** Display environments and the inner form each takes inside a numbered equation. */
const INNER: Record<string, string> = { align: 'aligned', flalign: 'aligned', gather: 'gathered', multline: 'gathered', equation: '' };

/** A labelled display: one numbered equation (a whole environment becomes its inner form in it). */
function numbered(tex: string, env: boolean, label: string): string {
  if (!env) return `\\begin{equation}\n${tex}\n\\label{${label}}\n\\end{equation}`;
  const close = tex.indexOf('}');
  const name = tex.slice('\\begin{'.length, close);
  const inner = INNER[name.replace(/\*$/, '')];
  const body = tex.slice(close + 1, tex.length - `\\end{${name}}`.length).trim();
  if (inner === undefined) {
    // Another environment (alignat …) keeps its form, numbered: the label goes on its last line.
    const plain = name.replace(/\*$/, '');
    return `\\begin{${plain}}${tex.slice(close + 1, tex.length - `\\end{${name}}`.length)}\\label{${label}}\n\\end{${plain}}`;
  }
  return inner === '' ? numbered(body, false, label) : `\\begin{equation}\n\\begin{${inner}}\n${body}\n\\end{${inner}}\n\\label{${label}}\n\\end{equation}`;
}

export const mathBlock: BlockHandler<'math'> = (node, ctx) => {
  if (onlyDefinitions(node.tex)) return '';
  // A formula read from the note's words, in a document asked to keep the note's words.
  if (node.source !== undefined && !ctx.useMath) return escapeText(node.source, ctx.program);
  const s = sanitizeMath(node.tex, true, ctx.program, ctx.macros);
  // A formula read from words that cannot be set stays the words typed, not generated markup.
  // (A line of its own, as the display was: never run into the paragraph after it.)
  if (!s.ok) return node.source !== undefined ? `\\par\n${escapeText(node.source, ctx.program)}\\par` : codeLines(node.tex.trim(), ctx);
  if (node.label && labelFor(node.label, 'eq', ctx)) return numbered(s.tex, s.env, node.label);
  if (s.env) return s.tex;
  return `\\[\n${s.tex}\n\\]`;
};
