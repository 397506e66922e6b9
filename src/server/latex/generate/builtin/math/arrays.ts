// Arrays whose rows have more cells than their column specification names: KaTeX sets them, LaTeX
// stops at "Extra alignment tab has been changed to \cr" (no PDF at all). Each such array gets
// centred columns for the cells its specification lacks.
import { braceGroup } from './definitions.js';

const BEGIN = '\\begin{array}';

/** Columns a specification names: l c r, and p m b with their width (|, @{…}, !{…}, >{…}, <{…} name none). */
function specColumns(spec: string): number | null {
  let columns = 0;
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c === '*') return null; // *{n}{…}: counted by LaTeX, left alone here
    if (c === '{') {
      const group = braceGroup(spec, i);
      if (!group) return null;
      i = group.end - 1;
    } else if (c === 'l' || c === 'c' || c === 'r' || c === 'p' || c === 'm' || c === 'b' || c === 'X') columns++;
  }
  return columns;
}

/** The most cells in one row of an array body (`&` at its own level: not in braces or inner environments). */
function mostCells(body: string): number {
  let most = 1;
  let cells = 1;
  let braces = 0;
  let envs = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      if (body.startsWith('\\begin{', i)) envs++;
      else if (body.startsWith('\\end{', i)) envs--;
      else if (body[i + 1] === '\\' && braces === 0 && envs === 0) cells = 1;
      i++;
    } else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '&' && braces === 0 && envs === 0) most = Math.max(most, ++cells);
  }
  return most;
}

/** The index of the \end{array} that closes the array whose body starts at `from`, or -1. */
function arrayEnd(tex: string, from: number): number {
  let depth = 0;
  let i = from;
  for (;;) {
    const begin = tex.indexOf(BEGIN, i);
    const end = tex.indexOf('\\end{array}', i);
    if (end < 0) return -1;
    if (begin >= 0 && begin < end) {
      depth++;
      i = begin + BEGIN.length;
    } else if (depth === 0) return end;
    else {
      depth--;
      i = end + 1;
    }
  }
}

/** The math with every array's specification widened to the cells of its widest row. */
export function widenArrays(tex: string): string {
  if (!tex.includes(BEGIN)) return tex;
  let out = '';
  let i = 0;
  for (;;) {
    const at = tex.indexOf(BEGIN, i);
    if (at < 0) return out + tex.slice(i);
    const specAt = at + BEGIN.length;
    // An optional [t]/[b] position before the specification.
    const position = /^\s*(\[[a-z]\])?\s*/.exec(tex.slice(specAt, specAt + 8))?.[0] ?? '';
    const group = braceGroup(tex, specAt + position.length);
    if (!group) {
      out += tex.slice(i, specAt);
      i = specAt;
      continue;
    }
    const end = arrayEnd(tex, group.end);
    const declared = specColumns(group.content);
    const missing = end < 0 || declared === null ? 0 : mostCells(tex.slice(group.end, end)) - declared;
    out += tex.slice(i, specAt) + position + `{${group.content}${'c'.repeat(Math.max(0, missing))}}`;
    i = group.end;
  }
}
