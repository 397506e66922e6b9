// The token-level clean-up of user math: dangerous commands out, definitions cut (they take
// effect document-wide), the note's own macros under their document names, Unicode mapped to
// commands, and every command no package defines recorded for a definition of its own.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { escapeText } from '../text/escape.js';
import { mathFormOf } from '../text/unicode-map.js';
import { bracket, braceGroup, scanDefinition, skipSpaces } from './definitions.js';
import { katexMeaning, type KatexMeaning } from './katex-meaning.js';
import {
  DANGEROUS_COMMANDS,
  DISPLAY_ENVIRONMENTS,
  FONT_ALIASES,
  INNER_ENVIRONMENTS,
  OLD_FONT_SWITCHES,
  SAFE_MATH_COMMANDS,
} from './math-commands.js';
import { nameUse, writtenName } from './name-use.js';

export const TEXT_GROUP_COMMANDS = new Set(['text', 'textrm', 'textbf', 'textit', 'textsf', 'texttt', 'textup', 'textnormal', 'mbox', 'emph', 'operatorname', 'tag']);
/** Function names that a note may write without the backslash (they become \\sin, \\max, …). */
const BARE_FUNCTIONS: ReadonlySet<string> = new Set(
  'sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan log ln exp det dim ker lim limsup liminf sup max min gcd deg'.split(' '),
);
/** The text forms of the math fonts, for font commands written inside \text{…}. */
const TEXT_FONTS: Readonly<Record<string, string>> = { mathbf: 'textbf', mathit: 'textit', mathrm: 'textrm', mathsf: 'textsf', mathtt: 'texttt', boldsymbol: 'textbf' };
// Text accents and other control symbols that are errors in math mode.
const BAD_CONTROL_SYMBOLS = new Set(["'", '`', '^', '"', '~', '=', '.', '@', '(', ')', '[', ']', '-', '/']);

/** Spacing primitives (removed) and the length after them. */
const KERNS = new Set(['kern', 'mkern', 'mskip', 'hskip']);
const DIMEN_AT = /^\s*=?\s*[-+]?(?:\d{1,8}(?:\.\d{0,8})?|\.\d{1,8})\s*(?:mu|em|ex|pt|pc|in|bp|cm|mm|dd|cc|sp)/;

/**
 * Commands dropped with their first arguments: colours (how many {…} name or define one) and
 * \cline{2-3} (KaTeX has no \cline, and a formula it rejects is shown as source).
 */
const DROPPED_ARGUMENTS: Readonly<Record<string, number>> = { color: 1, textcolor: 1, colorbox: 1, fcolorbox: 2, pagecolor: 1, definecolor: 3, cline: 1 };

/** The index after a dropped command's optional [model] and its `count` arguments (a bare
 * one-letter argument, \color r, counts too). */
function pastDroppedArguments(src: string, i: number, count: number): number {
  let j = skipSpaces(src, i);
  const model = bracket(src, j);
  if (model) j = skipSpaces(src, model.end);
  for (let k = 0; k < count; k++) {
    const group = braceGroup(src, j);
    if (group) j = skipSpaces(src, group.end);
    else if (/[A-Za-z]/.test(src[j] ?? '')) j = skipSpaces(src, j + 1);
    else break;
  }
  return j;
}

/** Whether only spaces stand between the last line break (not the start of the math) and `i`. */
function startsLine(src: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (src[j] === ' ' || src[j] === '\t')) j--;
  return j >= 0 && src[j] === '\n';
}

export interface CleanResult {
  tex: string;
  /** Commands the math uses that only KaTeX defines (each gets a definition with KaTeX's meaning). */
  commands: Set<string>;
}

export interface CleanOptions {
  /** The name a note's own macro is written under in the document, or undefined when it has none. */
  userMacro?: (name: string) => string | undefined;
  /** Inside a macro body: #1 … #params are its arguments. */
  params?: number;
  /** What KaTeX defines (the document's bounded look-up; katexMeaning itself when absent). */
  katex?: (name: string) => KatexMeaning;
}

/** Token-level clean-up: dangerous commands out, Unicode mapped, unknown commands recorded. */
export function clean(src: string, program: TexProgram, inline: boolean, options: CleanOptions = {}): CleanResult {
  const commands = new Set<string>();
  let out = '';
  let i = 0;
  // Depth of braces opened as a \text{…} argument: Unicode there is text, not math.
  let textDepth = 0;
  let depth = 0;
  const textStack: number[] = [];
  let pendingText = false;
  // Old font switches (\bf v) written as the argument form: the brace opened for each, and the
  // group it closes with (a brace group, a \left…\right pair or an environment, as in TeX).
  const switches: Array<{ depth: number; level: number }> = [];
  let level = 0;
  // Environments open (matrix, cases, …): a \\\\ in them is a row break, inline too.
  let envDepth = 0;
  const closeSwitches = (atLevel: number): void => {
    while (switches.length > 0 && (switches[switches.length - 1]?.level ?? -1) >= atLevel && (switches[switches.length - 1]?.depth ?? -1) >= depth) {
      switches.pop();
      out += '}';
    }
  };
  while (i < src.length) {
    const ch = src[i] ?? '';
    if (ch === '\\') {
      const m = /^[A-Za-z]+/.exec(src.slice(i + 1, i + 40));
      if (m) {
        const name = m[0];
        const at = i;
        i += 1 + name.length;
        // A definition in the math: it was read with the whole note and takes effect there.
        const definition = scanDefinition(src, at);
        if (definition) {
          i = definition.end;
          out += ' ';
          continue;
        }
        const user = options.userMacro?.(name);
        if (user !== undefined) {
          out += `\\${user}`;
          if (/^[A-Za-z]/.test(src[i] ?? '')) out += ' ';
          continue;
        }
        // Colours go with their names (\color{Red} T printed RedT); what \textcolor colours stays.
        const dropped = DROPPED_ARGUMENTS[name];
        if (dropped !== undefined) {
          i = pastDroppedArguments(src, i, dropped);
          out += ' ';
          continue;
        }
        if (DANGEROUS_COMMANDS.has(name) || name.startsWith('pdf') || name.startsWith('lg')) {
          // A kern's length goes with it (\\mkern-3mu printed "-3mu").
          if (KERNS.has(name)) i += DIMEN_AT.exec(src.slice(i, i + 40))?.[0].length ?? 0;
          out += ' ';
          continue;
        }

        const font = FONT_ALIASES[name] ?? (/^\s*\{/.test(src.slice(i, i + 20)) ? OLD_FONT_SWITCHES[name] : undefined);
        if (font !== undefined) {
          // In text (\text{\bf{x}}) the text form of the font.
          const inText = textDepth > 0 ? TEXT_FONTS[font] : font;
          if (inText) out += `\\${inText}`;
          if (textDepth > 0) pendingText = true;
          continue;
        }
        const fontSwitch = OLD_FONT_SWITCHES[name];
        if (fontSwitch !== undefined) {
          const inText = textDepth > 0 ? TEXT_FONTS[fontSwitch] : fontSwitch;
          if (inText) {
            out += `\\${inText}{`;
            switches.push({ depth, level });
          }
          continue;
        }
        if (name === 'right' || name === 'end') {
          // An alignment cell, a \left…\right pair and an environment end the switches in them.
          closeSwitches(level);
          level = Math.max(0, level - 1);
        } else if (name === 'left' || name === 'begin') level += 1;
        else if (name === 'middle') closeSwitches(level);

        if (name === 'begin' || name === 'end') {
          // A bounded look (an environment name is short): slicing the rest would be quadratic.
          const env = /^\s*\{([A-Za-z]+\*?)\}/.exec(src.slice(i, i + 100));
          if (env && (INNER_ENVIRONMENTS.has(env[1] ?? '') || (!inline && DISPLAY_ENVIRONMENTS.has(env[1] ?? '')))) {
            out += `\\${name}{${env[1]}}`;
            i += env[0].length;
            envDepth = Math.max(0, envDepth + (name === 'begin' ? 1 : -1));
          } else {
            out += ' ';
            if (env) i += env[0].length;
          }
          continue;
        }
        if (inline && (name === 'tag' || name === 'notag' || name === 'nonumber')) {
          out += ' ';
          continue;
        }
        // LaTeX refuses to define names starting with "end" (they would shadow environment ends).
        const use = name.startsWith('end') && !SAFE_MATH_COMMANDS.has(name) ? 'written' : nameUse(name, options.katex ?? katexMeaning);
        if (use === 'written') {
          // Nothing defines it: shown as the note wrote it, never given a meaning of our own (and
          // the space after it too: \\act X is not "\\actX").
          out += writtenName(name) + (/^[ \t]+[\p{L}\p{N}]/u.test(src.slice(i, i + 20)) ? '\\ ' : '');
          continue;
        }
        if (use === 'text') {
          out += `\\text{\\${name}}`;
          continue;
        }
        if (use === 'define') commands.add(name);
        if (TEXT_GROUP_COMMANDS.has(name)) pendingText = true;
        out += `\\${name}`;
        if (/^[A-Za-z]/.test(src[i] ?? '')) out += ' ';
        continue;
      }
      const next = src[i + 1];
      i += 2;
      if (next === undefined) continue;
      if (next === '\\') {
        closeSwitches(level);
        // \\ \\ (two line breaks: Markdown's escaping of one, in notes written for MathJax) is one;
        // an empty row is never what the note meant.
        if ((!inline || envDepth > 0) && out.trimEnd().endsWith('\\\\')) continue;
        // Inline, a line break is a row of a matrix or cases; outside any, a space.
        out += inline && envDepth === 0 ? '\\quad ' : '\\\\';
        continue;
      }
      if (BAD_CONTROL_SYMBOLS.has(next) || next === '\n') {
        out += ' ';
        continue;
      }
      if (/[%#&_$]/.test(next)) {
        out += `{\\${next}}`;
        continue;
      }
      if (/[\s,;:!{}|]/.test(next)) {
        out += `\\${next}`;
        continue;
      }
      // Any other control symbol (Unicode or rare ASCII): keep the character only.
      i -= 1;
      continue;
    }
    if (ch === '^' && src[i + 1] === '^') {
      // ^^ escapes let TeX read any byte: never pass them through.
      i += 2;
      continue;
    }
    if (ch === '#' && options.params !== undefined && /[1-9]/.test(src[i + 1] ?? '') && Number(src[i + 1]) <= options.params) {
      out += `#${src[i + 1]}`;
      i += 2;
      continue;
    }
    if (ch === '%' && startsLine(src, i)) {
      // A line that starts with % is a comment (%% old: a = c between the rows of an align): it goes.
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? src.length : nl + 1;
      continue;
    }
    if (ch === '%' || ch === '#') {
      // Braced: babel languages redefine some of these in math (Spanish \% is two tokens), which
      // breaks them as a bare argument (\sqrt\%).
      out += `{\\${ch}}`;
      i += 1;
      continue;
    }
    if (ch === '$') {
      i += 1;
      continue;
    }
    if (ch === '{') {
      depth += 1;
      if (pendingText) {
        textStack.push(depth);
        textDepth += 1;
        pendingText = false;
      }
      out += ch;
      i += 1;
      continue;
    }
    if (ch === '&') closeSwitches(level);
    if (ch === '}') {
      closeSwitches(level);
      if (textStack[textStack.length - 1] === depth) {
        textStack.pop();
        textDepth -= 1;
      }
      depth -= 1;
      out += ch;
      i += 1;
      continue;
    }
    if (!/[\s*]/.test(ch)) pendingText = false;
    const cp = ch.codePointAt(0) ?? 0;
    if (textDepth === 0 && /[a-z]/.test(ch) && !/[A-Za-z]/.test(src[i - 1] ?? '')) {
      // sin(x) written without its backslash: a function name, never the product s·i·n.
      const word = /^[a-z]+/.exec(src.slice(i, i + 8))?.[0] ?? '';
      // (\mathrm{max}, an index's name, is upright already.)
      if (BARE_FUNCTIONS.has(word) && !/[A-Za-z]/.test(src[i + word.length] ?? '') && !src.slice(Math.max(0, i - 8), i).endsWith('\\mathrm{')) {
        out += `\\${word}`;
        i += word.length;
        continue;
      }
    }
    if (cp < 0x80) {
      out += cp < 0x20 && ch !== '\n' ? ' ' : ch;
      i += 1;
      continue;
    }
    const full = String.fromCodePoint(cp);
    i += full.length;
    if (textDepth > 0) {
      out += escapeText(full, program);
      continue;
    }
    const mapped = mathFormOf(full);
    if (mapped !== undefined) {
      out += mapped;
      if (/^\\[A-Za-z]+$/.test(mapped) && /[A-Za-z]/.test(src[i] ?? '')) out += ' ';
      continue;
    }
    // (A word of letters goes whole, "t_śr": \text{śr}, not ś upright beside an italic r.)
    let word = full;
    if (/\p{L}/u.test(full)) {
      // (Up to a letter math has a form of its own for, "śα": α stays \alpha.)
      let kept = '';
      for (const c of /^\p{L}+/u.exec(src.slice(i, i + 64))?.[0] ?? '') {
        if (c.charCodeAt(0) >= 0x80 && mathFormOf(c) !== undefined) break;
        kept += c;
      }
      word += kept;
      i += kept.length;
    }
    const asText = escapeText(word, program);
    if (asText.trim() !== '') out += `\\text{${asText}}`;
  }
  while (switches.pop()) out += '}';
  return { tex: out, commands };
}

