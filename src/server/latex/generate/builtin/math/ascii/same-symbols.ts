// A symbol the formulas of a text use, standing alone elsewhere in the same text, is set as the
// formulas set it ("minimize L(θ) over parameters theta": the lone theta is θ too).
import { GREEK, indexedQuantity } from './lexicon.js';

export type TextOrMath = { kind: 'text'; value: string } | { kind: 'math'; tex: string; source: string };

/** Letters never made math alone: articles and words ("a", "I"), e.g., plural s. */
const LONE_TEXT = new Set(['a', 'A', 'I', 'e', 's', 'x', 'o', 'O']);

/**
 * A symbol the formulas of a text use, standing alone elsewhere in it ("minimize L(θ) over
 * parameters theta", "g and g^2"), is the same symbol: set as math too.
 */
export function sameSymbols(parts: TextOrMath[]): TextOrMath[] {
  // Each symbol with the TeX its formulas gave it ("delta U" was ΔU: a lone "delta" is Δ too).
  // (The C of °C is a unit: "6.3 °C" names no C.)
  const texOf = new Map<string, string>();
  for (const p of parts) {
    if (p.kind !== 'math') continue;
    for (const m of p.source.matchAll(/\p{L}+/gu)) {
      const w = m[0];
      const around = (at: number) => p.source.charAt(at);
      if (GREEK.has(w)) {
        const tex = p.tex.includes(`\\${w}`) ? `\\${w}` : w === 'delta' && p.tex.includes('\\Delta') ? '\\Delta' : null;
        if (tex && !texOf.has(w)) texOf.set(w, tex);
      } else if (w.length === 1 && !LONE_TEXT.has(w) && !/\p{L}/u.test(around((m.index ?? 0) - 1) + around((m.index ?? 0) + 1)) && !/°\s?$/u.test(p.source.slice(Math.max(0, (m.index ?? 0) - 2), m.index ?? 0))) texOf.set(w, w);
      // Cp, Cv: a quantity and its index, as its formula set it.
      else if (indexedQuantity(w) && p.tex.includes(`${w[0]}_{${w[1]}}`)) texOf.set(w, `${w[0]}_{${w[1]}}`);
    }
  }
  const names = new Set(texOf.keys());
  if (names.size === 0 || names.size > 20) return parts;
  // (Never one side of a fraction typed as text: "1/n" stays whole.)
  // (Nor a unit after its figure: "approx. 1.5 m" beside the mass m is metres.)
  const lone = new RegExp(`(?<![\\p{L}\\p{N}_^\\\\'’/°-]|\\d[ \\u00a0]|° )(${[...names].join('|')})(?![\\p{L}\\p{N}_^('’/-])`, 'gu');
  return parts.flatMap((p): TextOrMath[] => {
    if (p.kind !== 'text') return [p];
    const out: TextOrMath[] = [];
    let last = 0;
    for (const m of p.value.matchAll(lone)) {
      const at = m.index ?? 0;
      if (at > last) out.push({ kind: 'text', value: p.value.slice(last, at) });
      out.push({ kind: 'math', tex: texOf.get(m[0]) ?? m[0], source: m[0] });
      last = at + m[0].length;
    }
    if (last === 0) return [p];
    if (last < p.value.length) out.push({ kind: 'text', value: p.value.slice(last) });
    return out;
  });
}
