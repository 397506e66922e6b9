// Running text: escaped for TeX, with ASCII formulas (x^2, a >= b, sqrt(2)) set as math when
// the note asks for math.
import { splitAsciiMath } from '../math/ascii/find.js';
import { namedSymbols } from '../math/ascii/indexed-names.js';
import { cutDefinitions } from '../math/definitions.js';
import { sanitizeMath } from '../math/math.js';
import { boxIfStruck } from '../text/struck.js';
import { typography } from '../text/typography.js';
import { breakableText } from './breaks.js';
import { mathSpan } from './math.js';
import type { InlineHandler } from './context.js';

export const text: InlineHandler<'text'> = (node, ctx) => {
  const normalized = collapseLineEnds(node.value);
  if (!ctx.useMath) return breakableText(typography(normalized, ctx.language, false), ctx.program);
  // The note's macro definitions took effect for the whole document: they are not printed.
  const value = normalized.includes('\\') ? cutDefinitions(normalized) : normalized;
  let out = '';
  for (const seg of namedSymbols(splitAsciiMath(value, ctx.chemistry ? { chemistry: true } : {}), ctx.indexedNames)) {
    if (seg.kind === 'text') {
      out += breakableText(typography(seg.value, ctx.language), ctx.program);
      continue;
    }
    const s = sanitizeMath(seg.tex, false, ctx.program, ctx.macros);
    // Math KaTeX rejects is shown as the note wrote it.
    out += s.ok ? boxIfStruck(() => mathSpan(s.tex, ctx)) : breakableText(seg.source, ctx.program);
  }
  return out;
};

/** Spaces before a line end, and all white space after it, go: one line end stays. */
function collapseLineEnds(value: string): string {
  if (!value.includes('\n')) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const nl = value.indexOf('\n', i);
    if (nl < 0) {
      out += value.slice(i);
      break;
    }
    let end = nl;
    while (end > i && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
    out += `${value.slice(i, end)}\n`;
    i = nl + 1;
    while (i < value.length && /\s/.test(value[i] ?? '')) i++;
  }
  return out;
}
