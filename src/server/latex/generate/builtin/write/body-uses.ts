// What a document's body uses, read from its LaTeX: the commands and environments it names, whether
// it has math, how deep its lists nest and how wide its matrices are. The lean preamble
// (lean-preamble.ts) loads a package or defines a helper only for what this finds. One linear
// pass; the text of code (lstlisting, verbatim, \lstinline, \verb) and comments names nothing.

export interface BodyUses {
  /** Control words used (without the backslash). */
  commands: Set<string>;
  /** Environments begun. */
  environments: Set<string>;
  math: boolean;
  /** Deepest nesting of itemize, enumerate and description. */
  listDepth: number;
  /** Most columns in one row of a matrix environment. */
  matrixColumns: number;
}

const VERBATIM_ENVIRONMENTS = new Set(['lstlisting', 'verbatim', 'Verbatim']);
const LISTS = new Set(['itemize', 'enumerate', 'description']);
const MATRICES = new Set(['matrix', 'pmatrix', 'bmatrix', 'Bmatrix', 'vmatrix', 'Vmatrix', 'smallmatrix']);
const MATH_ENVIRONMENTS = new Set([
  'equation', 'equation*', 'align', 'align*', 'gather', 'gather*', 'multline', 'multline*', 'flalign', 'flalign*', 'alignat', 'alignat*',
  'displaymath', 'math', 'eqnarray', 'eqnarray*',
]);

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The name in braces at `at` (`{name}`), or null. */
function bracedName(text: string, at: number): string | null {
  if (text[at] !== '{') return null;
  const end = text.indexOf('}', at + 1);
  if (end < 0 || end - at > 40) return null;
  return text.slice(at + 1, end);
}

export function bodyUses(text: string): BodyUses {
  const uses: BodyUses = { commands: new Set(), environments: new Set(), math: false, listDepth: 0, matrixColumns: 0 };
  let lists = 0;
  // Cells of the current matrix row, per open matrix (innermost last).
  const matrices: number[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 37 /* % */) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === 36 /* $ */) {
      uses.math = true;
      i++;
      continue;
    }
    if (c === 38 /* & */ && matrices.length) {
      matrices[matrices.length - 1] = (matrices[matrices.length - 1] ?? 1) + 1;
      uses.matrixColumns = Math.max(uses.matrixColumns, matrices[matrices.length - 1] ?? 0);
      i++;
      continue;
    }
    if (c !== 92 /* \ */) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isLetter(text.charCodeAt(j))) j++;
    if (j === i + 1) {
      // A control symbol: \( and \[ open math; \\ ends a matrix row; \$ \% \& are characters.
      const s = text[j];
      if (s === '(' || s === '[') uses.math = true;
      if (s === '\\' && matrices.length) matrices[matrices.length - 1] = 1;
      i = j + 1;
      continue;
    }
    const name = text.slice(i + 1, j);
    if (name === 'begin' || name === 'end') {
      const env = bracedName(text, j);
      if (env === null) {
        i = j;
        continue;
      }
      const after = j + env.length + 2;
      if (name === 'begin') {
        uses.environments.add(env);
        if (MATH_ENVIRONMENTS.has(env)) uses.math = true;
        if (LISTS.has(env)) uses.listDepth = Math.max(uses.listDepth, ++lists);
        if (MATRICES.has(env)) {
          matrices.push(1);
          uses.matrixColumns = Math.max(uses.matrixColumns, 1);
        }
        if (VERBATIM_ENVIRONMENTS.has(env)) {
          const close = text.indexOf(`\\end{${env}}`, after);
          const end = close < 0 ? n : close;
          // listings' escape character: what stands between two of them is LaTeX (render/code.ts).
          const option = env === 'lstlisting' ? /^\[escapechar=([^\]\s])\]/.exec(text.slice(after, after + 16)) : null;
          if (option?.[1]) mergeUses(uses, bodyUses(escapedParts(text.slice(after + option[0].length, end), option[1])));
          i = close < 0 ? n : close + env.length + 6;
          continue;
        }
      } else {
        if (LISTS.has(env)) lists = Math.max(0, lists - 1);
        if (MATRICES.has(env)) matrices.pop();
      }
      i = after;
      continue;
    }
    uses.commands.add(name);
    if (name === 'lstinline' || name === 'verb') {
      // \lstinline[opts]{code}, \lstinline|code|, \verb|code|: the code names nothing.
      let k = j;
      if (text[k] === '*') k++;
      if (text[k] === '[') {
        const close = text.indexOf(']', k);
        k = close < 0 ? n : close + 1;
      }
      const open = text[k];
      const closer = open === '{' ? '}' : open;
      const close = open === undefined || closer === undefined ? -1 : text.indexOf(closer, k + 1);
      i = close < 0 ? n : close + 1;
      continue;
    }
    i = j;
  }
  return uses;
}

/** The text between pairs of `esc` in a listing, joined by newlines (the LaTeX of its escapes). */
function escapedParts(listing: string, esc: string): string {
  // Odd pieces are inside escapes.
  return listing.split(esc).filter((_, k) => k % 2 === 1).join('\n');
}

function mergeUses(into: BodyUses, from: BodyUses): void {
  for (const c of from.commands) into.commands.add(c);
  for (const e of from.environments) into.environments.add(e);
  into.math ||= from.math;
  into.listDepth = Math.max(into.listDepth, from.listDepth);
  into.matrixColumns = Math.max(into.matrixColumns, from.matrixColumns);
}

/** Whether any of these commands is used. */
export function usesAny(uses: BodyUses, names: readonly string[]): boolean {
  return names.some((name) => uses.commands.has(name));
}
