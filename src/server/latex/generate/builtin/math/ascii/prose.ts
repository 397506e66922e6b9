// What looks like ASCII math in running text but is something else (TeX commands that are not
// math, HTML tags, identifiers, file names, isotopes, URL escapes), and TeX math commands
// written in text without dollars (\\alpha, \\frac{a}{b}), which join a formula as they are.
import { SAFE_MATH_COMMANDS } from '../math-commands.js';
import type { Token } from './tokens.js';

/** Math commands that are not also text commands: written in running text they mean math. */
const TEXT_COMMANDS = new Set(['emph', 'mbox', 'hspace', 'space', 'quad', 'qquad', 'S', 'P', 'dag', 'ddag', 'ldots', 'dots', 'colon', 'tag', 'notag', 'nonumber', 'enspace', 'thinspace', 'phantom', 'hphantom', 'vphantom', 'smash', 'operatorname']);

export function isMathCommand(name: string): boolean {
  return SAFE_MATH_COMMANDS.has(name) && !TEXT_COMMANDS.has(name) && !name.startsWith('text');
}

/** Longest run of brace groups taken with a TeX command written in text. */
const MAX_TEX_CHARS = 200;

/**
 * `\\name` followed by its glued brace groups becomes one `tex` token when `name` is a math
 * command; other commands are left to markProse.
 */
export function mergeTexCommands(toks: Token[], source: string): Token[] {
  if (!source.includes('\\')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k] as Token;
    const name = toks[k + 1];
    if (tok.text !== '\\' || !name || name.kind !== 'word' || name.space || !isMathCommand(name.text)) {
      out.push(tok);
      continue;
    }
    let j = k + 2;
    while (toks[j]?.text === '{' && !(toks[j] as Token).space) {
      let depth = 0;
      let m = j;
      // Bounded: an unclosed brace costs at most MAX_TEX_CHARS of looking, not the rest of the text.
      for (; m < toks.length && (toks[m] as Token).end - tok.start <= MAX_TEX_CHARS; m++) {
        const t = toks[m] as Token;
        if (t.text === '{') depth++;
        else if (t.text === '}' && --depth === 0) break;
      }
      if (m >= toks.length || (toks[m] as Token).end - tok.start > MAX_TEX_CHARS) break;
      j = m + 1;
    }
    const last = toks[j - 1] as Token;
    out.push({ kind: 'tex', text: source.slice(tok.start, last.end), start: tok.start, end: last.end, space: tok.space, line: tok.line });
    k = j - 1;
  }
  return out;
}

/**
 * Tokens that look like math but are something else, marked in one pass: TeX commands and
 * their brace groups written outside math (\\mathbf{v}), HTML tags (<b>, </a>), identifiers
 * with two or more underscores (D_w_charges, __init__), dotted names (file.png, e.g.), words
 * joined to numbers by a hyphen (U-238, COVID-19, carbon-14) and URL escapes (%2F).
 */
export function markProse(toks: Token[]): Uint8Array {
  const mark = new Uint8Array(toks.length);
  const gluedAt = (k: number): boolean => toks[k] !== undefined && !(toks[k] as Token).space;
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k] as Token;
    const next = toks[k + 1];
    if (tok.text === '\\' && next?.kind === 'word' && gluedAt(k + 1)) {
      mark[k] = mark[k + 1] = 1;
      // The command's brace groups: {…}{…} right after it.
      let j = k + 2;
      while (toks[j]?.text === '{' && gluedAt(j)) {
        let depth = 0;
        for (; j < toks.length && j < k + 200; j++) {
          const t = toks[j] as Token;
          mark[j] = 1;
          if (t.text === '{') depth++;
          else if (t.text === '}' && --depth === 0) break;
        }
        j++;
      }
      k = j - 1;
      continue;
    }
    if ((tok.text === '#' || tok.text === '$') && next?.kind === 'num' && gluedAt(k + 1)) {
      // #1, $5: a rank or a price.
      mark[k] = mark[k + 1] = 1;
      k++;
      continue;
    }
    const url = tok.kind === 'word' && ((next?.text === ':' && gluedAt(k + 1) && toks[k + 2]?.text === '//' && gluedAt(k + 2)) || (tok.text === 'www' && next?.text === '.' && gluedAt(k + 1)));
    if (url) {
      // https://…, www.…: up to the next white space.
      let j = k;
      do mark[j++] = 1;
      while (j < toks.length && gluedAt(j));
      k = j - 1;
      continue;
    }
    if (tok.text === '<' && next?.kind === 'word' && gluedAt(k + 1) && (tok.space || toks[k - 1]?.text === '>')) {
      // <b>, <a href=…>: up to the closing > on the line.
      for (let j = k; j < toks.length && j < k + 40 && !(j > k && (toks[j] as Token).line); j++) {
        mark[j] = 1;
        if ((toks[j] as Token).text === '>') break;
      }
      continue;
    }
    if (tok.text === '<' && next?.text === '/' && gluedAt(k + 1) && toks[k + 2]?.kind === 'word' && gluedAt(k + 2)) {
      mark[k] = mark[k + 1] = mark[k + 2] = 1;
      if (toks[k + 3]?.text === '>') mark[k + 3] = 1;
      continue;
    }
    if ((tok.kind === 'word' || tok.kind === 'num') && next && gluedAt(k + 1)) {
      // A glued chain of names and numbers joined by _ . - %: mark it when it is an identifier.
      let j = k;
      let underscores = 0;
      let dotted = false;
      let hyphenNumber = false;
      let percent = false;
      while (toks[j + 1] !== undefined && gluedAt(j + 1) && ['_', '.', '-', '%'].includes((toks[j + 1] as Token).text) && gluedAt(j + 2) && (toks[j + 2]?.kind === 'word' || toks[j + 2]?.kind === 'num')) {
        const sep = (toks[j + 1] as Token).text;
        const left = toks[j] as Token;
        const right = toks[j + 2] as Token;
        if (sep === '_') underscores++;
        if (sep === '.' && left.kind === 'word' && right.kind === 'word') dotted = true;
        // U-238, COVID-19, carbon-14 — but n-1 and x-2 are math.
        if (sep === '-' && left.kind === 'word' && right.kind === 'num' && (left.text.length > 1 || (/[A-Z]/.test(left.text) && right.text.length > 1))) hyphenNumber = true;
        if (sep === '%') percent = true;
        j += 2;
      }
      if (underscores >= 2 || dotted || hyphenNumber || percent) {
        for (let m = k; m <= j; m++) mark[m] = 1;
        k = j;
      }
    }
  }
  return mark;
}

