// "Time of flight: T = 2 v0 sin theta / g": a line that is a label of words and a formula. The
// formula after the label is read whole, as a formula line is (formula-line.ts), and set inline
// after the label, so that it is never half read by the running-text finder.
import { formulaLineTex } from './formula-line.js';
import type { TextOrMath } from './same-symbols.js';

/** A label of a few words and its colon, then the rest of the line. */
const LABELLED = /^([\p{L}][\p{L}\p{N} '’.-]{0,40}[:：]\s+)(\S.*)$/u;
/** A formula line has a relation (or is a reaction). */
const RELATION = /[=<>≤≥≈≠→⇌]|->/;

/** A line's label and the formula after it, read as a formula line, or null. */
export function labelledFormula(line: string): { label: string; formula: string; tex: string } | null {
  const m = LABELLED.exec(line);
  if (!m || !RELATION.test(m[2] ?? '')) return null;
  const formula = (m[2] as string).replace(/\s+$/, '');
  const tex = formulaLineTex(formula);
  return tex === null ? null : { label: m[1] as string, formula, tex };
}

function labelled(line: string): TextOrMath[] | null {
  const f = labelledFormula(line);
  if (!f) return null;
  const trailing = line.slice(f.label.length + f.formula.length);
  return [{ kind: 'text', value: f.label }, { kind: 'math', tex: f.tex, source: f.formula }, ...(trailing ? [{ kind: 'text' as const, value: trailing }] : [])];
}

/**
 * The lines of a text with their labelled formulas read, the other lines by `rest`; null when no
 * line is a labelled formula.
 */
export function labelledFormulas(value: string, rest: (line: string) => TextOrMath[]): TextOrMath[] | null {
  if (value.length > 4000 || !/[:：]/.test(value)) return null;
  const lines = value.split('\n');
  const read = lines.map((line) => (line.length <= 300 ? labelled(line) : null));
  if (read.every((r) => r === null)) return null;
  return lines.flatMap((line, k) => [...(k > 0 ? [{ kind: 'text' as const, value: '\n' }] : []), ...(read[k] ?? rest(line))]);
}
