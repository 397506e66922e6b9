// Formula lines: a line that is a formula and nothing else ("x = x0 + v0 t + 1/2 a t^2",
// "integral from 0 to pi of sin x dx = 2", "CH4 + 2O2 -> CO2 + 2H2O", "$N(t) = N_0 e^{-t/T}$")
// is a displayed formula; the math/ascii folder reads it. A labelled line ("product rule: …",
// "Kreis: A = pi mal r Quadrat") and a sentence keep their formulas inline.
import { formulaLineTex } from '../../math/ascii/formula-line.js';
import type { Block } from '../../tree.js';

/** "Label: …" with a label of words: a remark or a list entry, not a displayed formula. */
const LABEL = /^[\p{L}][\p{L}\p{N} '’.-]{0,40}[:：]\s/u;
/** One $…$ or \(…\) formula and nothing else on the line. */
const LONE_MATH = /^(?:\$([^$]+)\$|\\\((.+)\\\))$/;

/**
 * The displayed formula a line is, or null. `labelled`: a line among displayed formulas, "MRU : x(t)
 * = v0·t + x0" under "v = dx/dt", is displayed too, its label in words before it.
 */
export function formulaLine(text: string, labelled = false): Extract<Block, { kind: 'math' }> | null {
  const t = text.trim();
  const label = labelled ? LABEL.exec(t) : null;
  // (Its value a formula of its own: "threshold for alert: < 30%" states a bound in words.)
  if (label && label[0].length < t.length && !/^[=<>≤≥≈≠~]/u.test(t.slice(label[0].length))) {
    const rest = formulaLine(t.slice(label[0].length));
    return rest?.source !== undefined ? { kind: 'math', tex: `\\text{${label[0].trim().replace(/\s*([:：])$/u, '$1').replace(/[{}\\]/g, '')} } ${rest.tex}`, source: t } : null;
  }
  const lone = LONE_MATH.exec(t);
  if (lone) {
    const tex = (lone[1] ?? lone[2] ?? '').trim();
    return tex === '' || /^\d[\d.,]*$/.test(tex) ? null : { kind: 'math', tex };
  }
  // "6.3 % difference = …": a numbered line of a report, its number no part of the formula.
  if (/^\d{1,2}\.\d{1,2}\.?\s+\D/.test(t)) return null;
  if (LABEL.test(t) || !/[=<>≤≥≈≠→⇌∼]|\s~\s|->|\b(?:integral|limit|lim|sum|int)\b|предел|сумма|gleich|igual|égal|uguale/iu.test(t)) return null;
  const tex = formulaLineTex(t);
  return tex === null ? null : { kind: 'math', tex, source: t };
}

/** Formula lines set in one display at most: a display does not break across pages. */
const GATHERED = 8;

/** Formula lines one under another: one display of them, gathered (a few at a time), each formula on its line. */
export function formulaDisplays(texts: string[]): Block[] {
  const out: Block[] = [];
  for (let k = 0; k < texts.length; k += GATHERED) {
    const run = texts.slice(k, k + GATHERED).flatMap((t) => formulaLine(t, true) ?? []);
    if (run.length === 1 || run.some((m) => m.source === undefined)) out.push(...run);
    else if (run.length > 1) out.push({ kind: 'math', tex: `\\begin{gather*}\n${run.map((m) => m.tex).join(' \\\\\n')}\n\\end{gather*}`, source: run.map((m) => m.source).join('\n') });
  }
  return out;
}

/** Whether a line is a displayed formula where it stands: one alone, or a labelled one beside one (`before`: the line above is). */
export function formulaAmong(text: string, before: boolean, next: string | undefined): boolean {
  return formulaLine(text) !== null || ((before || (next !== undefined && formulaLine(next) !== null)) && formulaLine(text, true) !== null);
}
