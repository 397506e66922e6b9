// A quantity with an index that the note's formula lines use ("VFT_it", "t_śr", "n_H2O") is the same
// symbol where its sentences and table cells name it ("donde VFT_it = viviendas turísticas …",
// "t_śr [s]"): set as the formulas set it, never with the underscore printed.
import { emit } from './emit.js';
import { splitAsciiMath } from './find.js';
import { formulaLineTex } from './formula-line.js';
import { parseFormula } from './parse.js';
import type { TextOrMath } from './same-symbols.js';
import { tokenize } from './tokens.js';

/** A symbol and its index: one letter, or capitals, then a short index ("VFT_it", "t_śr", "x_1"). A lowercase word's is a program's name ("user_id"). */
const INDEXED = /(?<![\p{L}\p{N}_\\])((?:\p{L}|\p{Lu}{2,4})_[\p{L}\p{N}]{1,4})(?![\p{L}\p{N}_])/gu;
/** Lines and names a note's scan stops at: the work stays small whatever the note holds. */
const MAX_LINES = 2000;
const MAX_NAMES = 20;
const MAX_LINE = 300;

/** The indexed symbols the note's formula lines use, each with its TeX. */
export function indexedNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  let seen = 0;
  for (const line of source.split('\n')) {
    if (!line.includes('_') || !line.includes('=') || line.length > MAX_LINE) continue;
    if (++seen > MAX_LINES || names.size >= MAX_NAMES) break;
    if (![...line.matchAll(INDEXED)].some((m) => !names.has(m[1] ?? ''))) continue;
    // (Those its formulas hold, not its words': "use my_file" names no symbol.)
    const whole = formulaLineTex(line.trim()) !== null;
    for (const part of whole ? [{ kind: 'math' as const, source: line }] : splitAsciiMath(line.trim())) {
      if (part.kind !== 'math') continue;
      for (const m of part.source.matchAll(INDEXED)) if (!names.has(m[1] ?? '')) names.set(m[1] ?? '', emit(parseFormula(tokenize(m[1] ?? ''), { inline: true })));
    }
  }
  return names;
}

/** Text parts with the note's indexed symbols in them set as math. */
export function namedSymbols(parts: TextOrMath[], names: ReadonlyMap<string, string> | undefined): TextOrMath[] {
  if (!names || names.size === 0) return parts;
  return parts.flatMap((p): TextOrMath[] => {
    if (p.kind !== 'text' || !p.value.includes('_')) return [p];
    const out: TextOrMath[] = [];
    let last = 0;
    for (const m of p.value.matchAll(INDEXED)) {
      const tex = names.get(m[1] ?? '');
      if (tex === undefined) continue;
      if (m.index > last) out.push({ kind: 'text', value: p.value.slice(last, m.index) });
      out.push({ kind: 'math', tex, source: m[0] });
      last = m.index + m[0].length;
    }
    if (last === 0) return [p];
    if (last < p.value.length) out.push({ kind: 'text', value: p.value.slice(last) });
    return out;
  });
}
