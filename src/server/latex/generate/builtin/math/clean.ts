// The token-level clean-up of user math: dangerous commands out, definitions cut (they take
// effect document-wide), the note's own macros under their document names, Unicode mapped to
// commands, and every command no package defines recorded for a definition of its own.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { escapeText } from '../text/escape.js';
import { mathFormOf } from '../text/unicode-map.js';
import { scanDefinition } from './definitions.js';
import { LATEX_DEFINED } from './latex-names.js';
import {
  CONVENTIONAL_MACROS,
  DANGEROUS_COMMANDS,
  DISPLAY_ENVIRONMENTS,
  INNER_ENVIRONMENTS,
  SAFE_MATH_COMMANDS,
  TEXT_ONLY_NAMES,
} from './math-commands.js';

export const TEXT_GROUP_COMMANDS = new Set(['text', 'textrm', 'textbf', 'textit', 'textsf', 'texttt', 'textup', 'textnormal', 'mbox', 'emph', 'operatorname']);
// Text accents and other control symbols that are errors in math mode.
const BAD_CONTROL_SYMBOLS = new Set(["'", '`', '^', '"', '~', '=', '.', '@', '(', ')', '[', ']', '-', '/']);

export interface CleanResult {
  tex: string;
  /** Commands the math uses that no package defines (each needs a definition). */
  commands: Set<string>;
}

export interface CleanOptions {
  /** The name a note's own macro is written under in the document, or undefined when it has none. */
  userMacro?: (name: string) => string | undefined;
  /** Inside a macro body: #1 … #params are its arguments. */
  params?: number;
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
        if (DANGEROUS_COMMANDS.has(name) || name.startsWith('pdf') || name.startsWith('lg')) {
          out += ' ';
          continue;
        }

        if (name === 'begin' || name === 'end') {
          const env = /^\s*\{([A-Za-z]+\*?)\}/.exec(src.slice(i));
          if (env && (INNER_ENVIRONMENTS.has(env[1] ?? '') || (!inline && DISPLAY_ENVIRONMENTS.has(env[1] ?? '')))) {
            out += `\\${name}{${env[1]}}`;
            i += env[0].length;
          } else {
            out += ' ';
            if (env) i += env[0].length;
          }
          continue;
        }
        // LaTeX refuses to define names starting with "end" (they would shadow environment ends).
        if (TEXT_ONLY_NAMES.has(name) || (name.startsWith('end') && !SAFE_MATH_COMMANDS.has(name))) {
          out += name.length === 1 && /[A-Z]/.test(name) ? `{\\mathbb{${name}}}` : `{\\mathrm{${name}}}`;
          continue;
        }
        if (inline && (name === 'tag' || name === 'notag' || name === 'nonumber')) {
          out += ' ';
          continue;
        }
        if (!SAFE_MATH_COMMANDS.has(name)) {
          if (CONVENTIONAL_MACROS[name] !== undefined && !LATEX_DEFINED.has(name)) commands.add(name);
          else {
            // An unknown or misspelled command: its name, upright, right where it was written
            // (no definition that a LaTeX command of the same name could shadow).
            out += name.length === 1 ? `{\\mathrm{${name}}}` : `{\\operatorname{${name}}}`;
            continue;
          }
        }
        if (TEXT_GROUP_COMMANDS.has(name)) pendingText = true;
        out += `\\${name}`;
        if (/^[A-Za-z]/.test(src[i] ?? '')) out += ' ';
        continue;
      }
      const next = src[i + 1];
      i += 2;
      if (next === undefined) continue;
      if (next === '\\') {
        out += inline ? '\\quad ' : '\\\\';
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
    if (ch === '}') {
      if (textStack[textStack.length - 1] === depth) {
        textStack.pop();
        textDepth -= 1;
      }
      depth -= 1;
      out += ch;
      i += 1;
      continue;
    }
    if (!/\s/.test(ch)) pendingText = false;
    const cp = ch.codePointAt(0) ?? 0;
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
    const asText = escapeText(full, program);
    if (asText.trim() !== '') out += `\\text{${asText}}`;
  }
  return { tex: out, commands };
}

