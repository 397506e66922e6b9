// Matrices typed as nested lists, the way NumPy, Python and most calculators print them:
// "[[2, 1], [1, 2]]" becomes one TeX token, a bmatrix whose cells are read as ASCII formulas.
// Only lists of two rows or more, each with the same number of short cells.
import { emit } from './emit.js';
import { parseFormula } from './parse.js';
import { tokenize, type Token } from './tokens.js';

/** [[…], […], …]: rows without brackets inside, separated by commas (one pass, no backtracking). */
const MATRIX = /\[\s*\[([^[\]\n]{1,120})\](?:\s*[,;]?\s*\[[^[\]\n]{1,120}\]){1,11}\s*\]/g;
/** What a cell may hold: figures, letters, Greek names, signs and brackets. */
const CELL = /^[\w.+\-*/^() ]{1,24}$/;

interface MatrixSpan {
  start: number;
  end: number;
  tex: string;
}

function matrixTex(text: string): string | null {
  const rows = [...text.matchAll(/\[([^[\]]*)\]/g)].map((m) => (m[1] ?? '').split(',').map((c) => c.trim()));
  const width = rows[0]?.length ?? 0;
  if (rows.length < 2 || width < 1 || width > 12 || rows.some((r) => r.length !== width || r.some((c) => !CELL.test(c)))) return null;
  const body = rows.map((r) => r.map((c) => emit(parseFormula(tokenize(c), { inline: true })).trim()).join(' & ')).join(' \\\\ ');
  return `\\begin{bmatrix} ${body} \\end{bmatrix}`;
}

export function matrixSpans(source: string): MatrixSpan[] {
  if (!source.includes('[[') && !/\[\s+\[/.test(source)) return [];
  const out: MatrixSpan[] = [];
  for (const m of source.matchAll(MATRIX)) {
    const tex = matrixTex(m[0]);
    if (tex) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tex });
  }
  return out;
}

/** Tokens with each matrix of the source merged into one TeX token. */
export function mergeMatrices(toks: Token[], source: string): Token[] {
  const spans = matrixSpans(source);
  if (spans.length === 0) return toks;
  const out: Token[] = [];
  for (const tok of toks) {
    const span = spans.find((s) => tok.start >= s.start && tok.start < s.end);
    if (!span) {
      out.push(tok);
      continue;
    }
    const last = out[out.length - 1];
    if (last?.kind === 'tex' && last.start === span.start) continue;
    out.push({ ...tok, kind: 'tex', text: span.tex, start: span.start, end: span.end });
  }
  return out;
}
