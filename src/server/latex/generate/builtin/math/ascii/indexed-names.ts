// A quantity with an index that the note's formula lines use ("VFT_it", "t_śr", "n_H2O") is the same
// symbol where its sentences and table cells name it ("donde VFT_it = viviendas turísticas …",
// "t_śr [s]"): set as the formulas set it, never with the underscore printed.
import { emit } from './emit.js';
import { splitAsciiMath } from './find.js';
import { formulaLineTex } from './formula-line.js';
import { parseFormula } from './parse.js';
import type { TextOrMath } from './same-symbols.js';
import { tokenize } from './tokens.js';

/** A symbol and its index: one letter, capitals or a capitalised word, then a short index ("VFT_it", "t_śr", "Treat_r"). A lowercase word's is a program's name ("user_id"). */
const INDEXED = /(?<![\p{L}\p{N}_\\])((?:\p{L}|\p{Lu}{2,4}|\p{Lu}\p{Ll}{1,7})_[\p{L}\p{N}]{1,4})(?![\p{L}\p{N}_])/gu;
/** Lines and names a note's scan stops at: the work stays small whatever the note holds. */
const MAX_LINES = 2000;
const MAX_NAMES = 20;
const MAX_LINE = 300;

/** The indexed symbols the note's formula lines use, each with its TeX. */
export function indexedNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  let seen = 0;
  for (const typed of source.split('\n')) {
    if (!typed.includes('_') || !typed.includes('=') || typed.length > MAX_LINE) continue;
    if (++seen > MAX_LINES || names.size >= MAX_NAMES) break;
    // A formula in a <MATHEQ> tag is one by the writer's word, in TeX: its "E_{irt}" is the text's "E_irt", set the same.
    const tagged = /^\s*<MATHEQ>(.*)<\/MATHEQ>\s*$/u.exec(typed);
    const line = (tagged?.[1] ?? typed).replace(/_\{([\p{L}\p{N}]{1,4})\}/gu, '_$1');
    if (![...line.matchAll(INDEXED)].some((m) => !names.has(m[1] ?? ''))) continue;
    // (Those its formulas hold, not its words': "use my_file" names no symbol.)
    const whole = tagged !== null || formulaLineTex(line.trim()) !== null;
    for (const part of whole ? [{ kind: 'math' as const, source: line }] : splitAsciiMath(line.trim())) {
      if (part.kind !== 'math') continue;
      for (const m of part.source.matchAll(INDEXED)) if (!names.has(m[1] ?? '')) names.set(m[1] ?? '', tagged ? (m[1] ?? '').replace(/_(.+)$/u, '_{$1}') : texOf(m[1] ?? ''));
    }
  }
  return names;
}

/** The TeX of an indexed symbol: as the formulas set it; a capitalised word's letters as one name ("Treat_r": Treat, not T·r·e·a·t). */
function texOf(name: string): string {
  const word = /^(\p{Lu}\p{Ll}+)_([\p{L}\p{N}]+)$/u.exec(name);
  return word ? `\\mathit{${word[1]}}_{${word[2]}}` : emit(parseFormula(tokenize(name), { inline: true }));
}

/** Text parts with the note's indexed symbols in them set as math. */
export function namedSymbols(parts: TextOrMath[], names: ReadonlyMap<string, string> | undefined): TextOrMath[] {
  if (!names || names.size === 0) return parts;
  return parts.flatMap((p): TextOrMath[] => {
    // (One the text's own formulas found, "E_irt" alone, is set as the note's formulas set it.)
    if (p.kind === 'math') return [names.has(p.source.trim()) ? { ...p, tex: names.get(p.source.trim()) ?? p.tex } : p];
    if (!p.value.includes('_')) return [p];
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
