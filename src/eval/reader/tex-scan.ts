// Reading the generated LaTeX as far as the reader checks need: a command's braced arguments, the
// body after \begin{document}, environments, and TeX source turned into the text it prints. Every
// scan is a forward walk with brace counting: linear in the source.
import { braceGroup } from '../../shared/latex-braces.js';

/** The index just past the group that opens at `open` (a `{`), or -1 when it never closes. */
export function groupEnd(tex: string, open: number): number {
  return braceGroup(tex, open)?.end ?? -1;
}

function skipSpaces(tex: string, i: number): number {
  while (tex[i] === ' ' || tex[i] === '\n' || tex[i] === '\t') i++;
  return i;
}

/** After a command name at `i`: optional `*`, optional `[..]` groups; returns where the braces start. */
function skipStarAndOptions(tex: string, i: number): number {
  return skipOptions(tex, tex[i] === '*' ? i + 1 : i);
}

function skipOptions(tex: string, i: number): number {
  for (;;) {
    const j = skipSpaces(tex, i);
    if (tex[j] !== '[') return i;
    const close = tex.indexOf(']', j);
    if (close === -1) return i;
    i = close + 1;
  }
}

export interface CommandUse {
  /** Where `\name` starts. */
  at: number;
  /** Just past the last argument read. */
  end: number;
  starred: boolean;
  /** The braced arguments, without their braces. */
  args: string[];
}

/** Every `\name` (not `\namexyz`) with up to `argCount` braced arguments after it. */
export function commandUses(tex: string, name: string, argCount = 1): CommandUse[] {
  const out: CommandUse[] = [];
  const needle = `\\${name}`;
  for (let at = tex.indexOf(needle); at !== -1; at = tex.indexOf(needle, at + needle.length)) {
    const after = tex[at + needle.length] ?? '';
    if (/[A-Za-z@]/.test(after)) continue;
    // `\\section` is a line break followed by letters, not the command.
    if (at > 0 && tex[at - 1] === '\\' && !(at > 1 && tex[at - 2] === '\\')) continue;
    let i = skipStarAndOptions(tex, at + needle.length);
    const starred = tex[at + needle.length] === '*';
    const args: string[] = [];
    while (args.length < argCount) {
      // Optional arguments may sit between the braced ones (\newcommand{\x}[1]{…}).
      const j = skipSpaces(tex, args.length > 0 ? skipOptions(tex, i) : i);
      if (tex[j] !== '{') break;
      const end = groupEnd(tex, j);
      if (end === -1) break;
      args.push(tex.slice(j + 1, end - 1));
      i = end;
    }
    out.push({ at, end: i, starred, args });
  }
  return out;
}

/** The first argument of the first `\name{…}`, or undefined. */
export function firstArg(tex: string, name: string): string | undefined {
  return commandUses(tex, name)[0]?.args[0];
}

/** The document body (between \begin{document} and \end{document}). */
export function documentBody(tex: string): string {
  const begin = tex.indexOf('\\begin{document}');
  const end = tex.lastIndexOf('\\end{document}');
  return tex.slice(begin === -1 ? 0 : begin + '\\begin{document}'.length, end === -1 ? undefined : end);
}

/** The preamble (before \begin{document}). */
export function preamble(tex: string): string {
  const begin = tex.indexOf('\\begin{document}');
  return begin === -1 ? '' : tex.slice(0, begin);
}

export interface Environment {
  name: string;
  /** Where `\begin{name}` starts, where its content starts, and just past `\end{name}`. */
  at: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

/** Every `\begin{name}` … `\end{name}` of the names given, nesting of the same name respected. */
export function environments(tex: string, names: readonly string[]): Environment[] {
  const out: Environment[] = [];
  for (const name of names) {
    const open = `\\begin{${name}}`;
    const close = `\\end{${name}}`;
    const stack: number[] = [];
    let i = 0;
    for (;;) {
      const o = tex.indexOf(open, i);
      const c = tex.indexOf(close, i);
      if (c === -1) break;
      if (o !== -1 && o < c) {
        stack.push(o);
        i = o + open.length;
        continue;
      }
      const at = stack.pop();
      if (at !== undefined) out.push({ name, at, contentStart: at + open.length, contentEnd: c, end: c + close.length });
      i = c + close.length;
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Text-mode escapes and the generator's text commands → the characters they print. */
const SYMBOLS: Record<string, string> = {
  textquotedbl: '"', textbackslash: '\\', textasciitilde: '~', textasciicircum: '^', textbar: '|', textless: '<',
  textgreater: '>', textunderscore: '_', textbraceleft: '{', textbraceright: '}', textdollar: '$', textendash: '–',
  textemdash: '—', ldots: '…', dots: '…', textellipsis: '…', slash: '/', allowbreak: '', par: '\n', newline: '\n',
  linebreak: '\n', today: '\\today', textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“', textquotedblright: '”',
  guillemotleft: '«', guillemotright: '»', S: '§', P: '¶', copyright: '©', textregistered: '®', texttrademark: '™',
  textdegree: '°', textbullet: '•', quad: ' ', qquad: ' ', hfill: ' ', nobreakspace: ' ', textvisiblespace: '␣',
};

/** Commands with arguments that print nothing (keys, sizes, colours, paths): how many braced arguments they take, and which are silent. */
const ARGUMENTS: Record<string, { count: number; silent: number[] }> = {
  label: { count: 1, silent: [0] }, ref: { count: 1, silent: [0] }, url: { count: 1, silent: [0] }, includegraphics: { count: 1, silent: [0] },
  color: { count: 1, silent: [0] }, hypersetup: { count: 1, silent: [0] }, vspace: { count: 1, silent: [0] }, hspace: { count: 1, silent: [0] },
  setlength: { count: 2, silent: [0, 1] }, begin: { count: 1, silent: [0] }, end: { count: 1, silent: [0] }, lstset: { count: 1, silent: [0] },
  selectlanguage: { count: 1, silent: [0] }, fontsize: { count: 2, silent: [0, 1] }, hypertarget: { count: 2, silent: [0] },
  hyperlink: { count: 2, silent: [0] }, pdfbookmark: { count: 2, silent: [0, 1] }, rule: { count: 2, silent: [0, 1] },
  addcontentsline: { count: 3, silent: [0, 1, 2] }, setcounter: { count: 2, silent: [0, 1] }, addtocounter: { count: 2, silent: [0, 1] },
  cline: { count: 1, silent: [0] }, multicolumn: { count: 3, silent: [0, 1] }, multirow: { count: 3, silent: [0, 1] },
  textcolor: { count: 2, silent: [0] }, colorbox: { count: 2, silent: [0] }, href: { count: 2, silent: [0] },
  foreignlanguage: { count: 2, silent: [0] }, lgemoji: { count: 2, silent: [1] }, lgrunfont: { count: 2, silent: [0] },
};

/**
 * Roughly the text TeX prints for a piece of source: escapes decoded, command names dropped,
 * their text arguments kept, key arguments dropped, `~` a space, `--` a dash. Enough to compare a
 * title, a heading or a paragraph with the note's words.
 */
export function detex(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '%') {
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? src.length : nl + 1;
      continue;
    }
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      if (!/[A-Za-z@]/.test(next)) {
        // Control symbols: \& \% \$ \# \_ \{ \} print the character; \\ and \, are spacing.
        out += '&%$#_{}'.includes(next) ? next : next === '\\' ? '\n' : ' ';
        i += 2;
        continue;
      }
      let j = i + 1;
      while (j < src.length && /[A-Za-z@]/.test(src[j] ?? '')) j++;
      const name = src.slice(i + 1, j);
      if (src[j] === '*') j++;
      i = j;
      if (name in SYMBOLS) {
        out += SYMBOLS[name];
        if (src[i] === '{' && src[i + 1] === '}') i += 2;
        continue;
      }
      const args = ARGUMENTS[name];
      if (args) {
        for (let k = 0; k < args.count; k++) {
          while (src[i] === '[') {
            const close = src.indexOf(']', i);
            if (close === -1) break;
            i = close + 1;
          }
          if (src[i] !== '{') break;
          const end = groupEnd(src, i);
          if (end === -1) break;
          if (!args.silent.includes(k)) out += ` ${detex(src.slice(i + 1, end - 1))} `;
          i = end;
        }
        // \url{x} prints x.
        if (name === 'url') out += ' ';
        continue;
      }
      out += name === 'item' ? '\n' : ' ';
      continue;
    }
    if (c === '{' || c === '}') {
      i++;
      continue;
    }
    if (c === '~') {
      out += ' ';
      i++;
      continue;
    }
    if (c === '-' && src[i + 1] === '-') {
      out += src[i + 2] === '-' ? '—' : '–';
      i += src[i + 2] === '-' ? 3 : 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/**
 * The form text is compared in: NFKD without combining marks, lower case, letters and digits
 * only, one space between words. "1.2 Méthode:" and "methode" compare as "1 2 methode" and
 * "methode" (see `withoutNumbering`).
 */
export function normalize(s: string): string {
  let out = '';
  let space = false;
  for (const ch of s.normalize('NFKD').toLowerCase()) {
    if (/\p{M}/u.test(ch)) continue;
    if (/[\p{L}\p{N}]/u.test(ch)) {
      if (space && out) out += ' ';
      out += ch;
      space = false;
    } else space = true;
  }
  return out;
}

/** A normalized heading without its leading numbering ("1 2 method" → "method", "chapter 3 x" stays). */
export function withoutNumbering(normalized: string): string {
  let s = normalized;
  for (;;) {
    const m = /^(?:\d+|[ivxlc]+|[a-z]|[一二三四五六七八九十]+)(?= )/u.exec(s);
    if (!m || (m[0].length === 1 && /[a-z]/.test(m[0]) && !/^[a-z] \d/.test(s) && !/^[a-z] [a-z]/.test(s))) break;
    // Only strip a letter or a Roman numeral when what follows is more text, and never the last word.
    if (s.length === m[0].length) break;
    if (/^[a-z]+$/.test(m[0]) && !/^(?:[ivxlc]+)$/.test(m[0])) break;
    s = s.slice(m[0].length + 1);
  }
  return s;
}
