// A note's own macro definitions (\newcommand, \renewcommand, \providecommand, \def,
// \DeclareMathOperator), written in its text or inside its math: read once from the whole note,
// checked (a name LaTeX needs, a definition that refers to itself, directly or through others,
// or one that expands past a size limit, is dropped), and given to the math sanitizer, which
// cleans their bodies like any math and writes them after \begin{document}. Where a definition
// stands, in text or in math, it is cut out: it takes effect instead of being printed.
import { codeRanges } from '../parse/code-ranges.js';
import { frontMatterMacros } from './front-matter-macros.js';

/** A definition as the note wrote it (body not yet cleaned). */
export interface UserDefinition {
  name: string;
  /** Number of arguments, 0–9. */
  params: number;
  /** Default of the first argument when it is optional (\newcommand{\x}[2][0]{…}). */
  optional?: string;
  body: string;
}

const DEFINERS = /\\(?:newcommand|renewcommand|providecommand|def|DeclareMathOperator)(?![A-Za-z])/g;
/** The same, anchored where a scan stands. */
const DEFINER_AT = new RegExp(DEFINERS.source, 'y');
/** The same, for a quick test. */
const DEFINERS_ANY = new RegExp(DEFINERS.source);
/** Longest definition body read (no macro in a note is longer). */
const MAX_BODY = 2000;
/** Largest size a macro may expand to, counting what the macros it uses expand to. */
const MAX_EXPANSION = 20_000;

/** The balanced {…} group starting at `i` (src[i] === '{'): its content and the index after it. */
export function braceGroup(src: string, i: number): { content: string; end: number } | null {
  if (src[i] !== '{') return null;
  let depth = 0;
  const limit = Math.min(src.length, i + MAX_BODY + 2);
  for (let j = i; j < limit; j++) {
    const c = src[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { content: src.slice(i + 1, j), end: j + 1 };
  }
  return null;
}

export function skipSpaces(src: string, i: number): number {
  let j = i;
  while (j < src.length && (src[j] === ' ' || src[j] === '\t' || src[j] === '\n' || src[j] === '\r')) j++;
  return j;
}

/** `\name` or `{\name}` at `i`. */
function macroName(src: string, i: number): { name: string; end: number } | null {
  const braced = src[i] === '{';
  let j = skipSpaces(src, braced ? i + 1 : i);
  if (src[j] !== '\\') return null;
  const start = j + 1;
  j = start;
  while (j < src.length && /[A-Za-z]/.test(src[j] as string) && j - start < 40) j++;
  if (j === start) return null;
  const name = src.slice(start, j);
  if (braced) {
    j = skipSpaces(src, j);
    if (src[j] !== '}') return null;
    j++;
  }
  return { name, end: j };
}

/** `[…]` at `i` (no nesting), or null. */
export function bracket(src: string, i: number): { content: string; end: number } | null {
  if (src[i] !== '[') return null;
  const close = src.indexOf(']', i);
  if (close < 0 || close - i > 200) return null;
  return { content: src.slice(i + 1, close), end: close + 1 };
}

export interface ScannedDefinition {
  /** Index after the definition (the text from `start` to here is cut out). */
  end: number;
  /** The definition, or null when its form is not one this reader takes (then it is only cut). */
  definition: UserDefinition | null;
}

/** Reads the definition starting at `i` (at its backslash), or returns null when there is none. */
export function scanDefinition(src: string, i: number): ScannedDefinition | null {
  DEFINER_AT.lastIndex = i;
  const m = DEFINER_AT.exec(src);
  if (!m) return null;
  const command = m[0].slice(1);
  let j = i + m[0].length;
  const star = src[j] === '*';
  if (star) j++;
  j = skipSpaces(src, j);
  const named = macroName(src, j);
  if (!named) return null;
  j = named.end;
  if (command === 'DeclareMathOperator') {
    const text = braceGroup(src, skipSpaces(src, j));
    if (!text) return null;
    const op = star ? '\\operatorname*' : '\\operatorname';
    return { end: text.end, definition: { name: named.name, params: 0, body: `${op}{${text.content}}` } };
  }
  let params = 0;
  let optional: string | undefined;
  let simple = true;
  if (command === 'def') {
    // \def\x#1#2{…}: numbered parameters only; delimited ones are not taken.
    while (src[j] === '#' && /[1-9]/.test(src[j + 1] ?? '')) {
      if (Number(src[j + 1]) !== params + 1) simple = false;
      params++;
      j += 2;
    }
    if (src[j] !== '{') {
      const open = src.indexOf('{', j);
      if (open < 0 || open - j > 100) return null;
      simple = false;
      j = open;
    }
  } else {
    j = skipSpaces(src, j);
    const count = bracket(src, j);
    if (count) {
      if (!/^\s*[0-9]\s*$/.test(count.content)) return null;
      params = Number(count.content.trim());
      j = skipSpaces(src, count.end);
      const def = bracket(src, j);
      if (def) {
        optional = def.content;
        j = skipSpaces(src, def.end);
      }
    }
  }
  const body = braceGroup(src, j);
  if (!body) return null;
  if (!simple) return { end: body.end, definition: null };
  return { end: body.end, definition: { name: named.name, params, ...(optional !== undefined ? { optional } : {}), body: body.content } };
}

/** Cuts every definition out of `text` (calling `found` for each one read). */
export function cutDefinitions(text: string, found?: (d: UserDefinition) => void): string {
  if (!text.includes('\\')) return text;
  const re = new RegExp(DEFINERS.source, 'g');
  let out = '';
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const scanned = scanDefinition(text, m.index);
    if (!scanned) continue;
    if (scanned.definition && found) found(scanned.definition);
    out += text.slice(last, m.index);
    last = scanned.end;
    re.lastIndex = scanned.end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * Removes the lines of `text` that hold nothing but definitions (with the line break), so that a
 * note opening with its macros gets its title from its first real line and its paragraphs no
 * empty lines. Definitions that share a line with prose are cut where they stand by the renderer.
 */
function dropLinesOf(text: string, startsLine: boolean): string {
  let out = '';
  let last = 0;
  // A chunk that follows inline code on the same line starts mid-line: its first line stays.
  let lineStart = startsLine ? 0 : text.indexOf('\n') + 1 || text.length;
  while (lineStart < text.length) {
    let j = skipBlanks(text, lineStart);
    // Definitions written as math for MathJax (`$\def\x{…}$`, `$$\newcommand…$$`) are definitions too.
    const dollars = text.startsWith('$$', j) ? 2 : text[j] === '$' ? 1 : 0;
    j += dollars;
    let found = false;
    for (let scanned = scanDefinition(text, j); scanned; scanned = scanDefinition(text, j)) {
      found = true;
      j = skipBlanks(text, scanned.end);
    }
    if (dollars > 0) {
      if (found && text.startsWith('$'.repeat(dollars), j)) j = skipBlanks(text, j + dollars);
      else found = false;
    }
    const newline = text.indexOf('\n', j);
    const lineEnd = newline < 0 ? text.length : newline + 1;
    if (found && (j === text.length || text[j] === '\n')) {
      out += text.slice(last, lineStart);
      last = lineEnd;
    }
    lineStart = lineEnd;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Spaces and tabs (not line breaks) from `i`. */
function skipBlanks(src: string, i: number): number {
  let j = i;
  while (j < src.length && (src[j] === ' ' || src[j] === '\t')) j++;
  return j;
}

/** The note without its definition-only lines, code left exactly as written. */
export function dropDefinitionLines(source: string): string {
  if (!DEFINERS_ANY.test(source)) return source;
  let out = '';
  let from = 0;
  for (const [start, end] of [...codeRanges(source), [source.length, source.length] as const]) {
    if (start > from) out += dropLinesOf(source.slice(from, start), from === 0 || source[from - 1] === '\n');
    out += source.slice(Math.max(from, start), end);
    from = Math.max(from, end);
  }
  return out;
}

/** Every definition in a note: its front matter's macros, then those outside its code (code shows definitions, it does not make them). */
export function collectDefinitions(source: string): UserDefinition[] {
  // Front matter's `macros:` first: a \newcommand in the text is the later word.
  const found: UserDefinition[] = frontMatterMacros(source);
  if (!source.includes('\\')) return found;
  let from = 0;
  for (const [start, end] of [...codeRanges(source), [source.length, source.length] as const]) {
    if (start > from) cutDefinitions(source.slice(from, start), (d) => found.push(d));
    from = Math.max(from, end);
  }
  return found;
}

/** Names of the commands a body uses. */
export function commandsIn(body: string): string[] {
  return body.match(/\\[A-Za-z]+/g)?.map((c) => c.slice(1)) ?? [];
}

/**
 * Keeps the definitions that cannot loop: the last definition of each name wins; a name whose
 * expansion reaches itself, or grows past MAX_EXPANSION, is dropped (its uses then show as an
 * unknown command). Linear in the total size of the bodies.
 */
export function acyclicDefinitions(all: UserDefinition[]): Map<string, UserDefinition> {
  const byName = new Map<string, UserDefinition>();
  for (const d of all) byName.set(d.name, d);
  const state = new Map<string, 'visiting' | number | 'bad'>();
  const size = (name: string): number | 'bad' => {
    const known = state.get(name);
    if (known === 'visiting') return 'bad';
    if (known !== undefined) return known;
    const d = byName.get(name);
    if (!d) return 0;
    state.set(name, 'visiting');
    let total = d.body.length;
    for (const used of commandsIn(d.body)) {
      if (!byName.has(used)) continue;
      const s = size(used);
      if (s === 'bad' || total + s > MAX_EXPANSION) {
        state.set(name, 'bad');
        return 'bad';
      }
      total += s;
    }
    state.set(name, total);
    return total;
  };
  const out = new Map<string, UserDefinition>();
  for (const [name, d] of byName) if (size(name) !== 'bad') out.set(name, d);
  return out;
}
