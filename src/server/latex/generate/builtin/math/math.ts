// User math: keep what the user wrote, but remove what could read files, redefine TeX or break
// the compile, map Unicode to commands, and give every unknown command a safe definition.
// KaTeX's parser then checks the result; math it rejects is shown as source text instead.
import katex from 'katex';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { reportFailure } from '../counters.js';
import { escapeText } from '../text/escape.js';
import {
  CONVENTIONAL_MACROS,
  DANGEROUS_COMMANDS,
  DISPLAY_ENVIRONMENTS,
  INNER_ENVIRONMENTS,
  SAFE_MATH_COMMANDS,
  TEXT_ONLY_NAMES,
} from './math-commands.js';
import { GREEK_NAMES, mathFormOf } from '../text/unicode-map.js';

export interface SanitizedMath {
  ok: boolean;
  /** LaTeX ready to place inside $…$ or \[…\] (or a complete display environment when `env`). */
  tex: string;
  /** A complete display environment (align, equation, …) that must not be wrapped again. */
  env: boolean;
}

/** Definitions for unknown commands met in a document, shared by all its math. */
export class MacroRegistry {
  readonly definitions = new Map<string, string>();
  /**
   * KaTeX's verdict per formula in this document (notes repeat formulas). It depends only on the
   * formula: each unknown command it uses is defined the same way every time.
   */
  readonly verdicts = new Map<string, boolean>();

  define(name: string): void {
    if (this.definitions.has(name)) return;
    const conventional = CONVENTIONAL_MACROS[name];
    // Braced so that a macro used as a bare sub/superscript (x_\R) still compiles.
    const body = conventional ?? (name.length === 1 ? `\\mathrm{${name}}` : `\\operatorname{${name}}`);
    this.definitions.set(name, `{${body}}`);
  }

  katexMacros(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, body] of this.definitions) out[`\\${name}`] = body;
    return out;
  }

  /** \providecommand lines, placed right after \begin{document}. */
  preambleLines(): string[] {
    return [...this.definitions].map(([name, body]) => `\\providecommand{\\${name}}{${body}}`);
  }
}

const TEXT_GROUP_COMMANDS = new Set(['text', 'textrm', 'textbf', 'textit', 'textsf', 'texttt', 'textup', 'textnormal', 'mbox', 'emph', 'operatorname']);
// Text accents and other control symbols that are errors in math mode.
const BAD_CONTROL_SYMBOLS = new Set(["'", '`', '^', '"', '~', '=', '.', '@', '(', ')', '[', ']', '-', '/']);

interface CleanResult {
  tex: string;
  commands: Set<string>;
}

/** Token-level clean-up: dangerous commands out, Unicode mapped, unknown commands recorded. */
function clean(src: string, program: TexProgram, inline: boolean): CleanResult {
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
        i += 1 + name.length;
        if (DANGEROUS_COMMANDS.has(name) || name.startsWith('pdf') || name.startsWith('lg')) {
          if (name === 'end' || name === 'begin') {
            // Handled below via environment check; unreachable because begin is not dangerous.
          }
          out += ' ';
          continue;
        }
        if (name === 'begin' || name === 'end') {
          // A bounded look (an environment name is short): slicing the rest would be quadratic.
          const env = /^\s*\{([A-Za-z]+\*?)\}/.exec(src.slice(i, i + 100));
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
        if (!SAFE_MATH_COMMANDS.has(name)) commands.add(name);
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

/** Replaces display environments by the inner ones KaTeX parses, for validation only. */
function forKatex(tex: string): string {
  return tex
    .replace(/\\(begin|end)\{(align|flalign|alignat)\*?\}/g, '\\$1{aligned}')
    .replace(/\\(begin|end)\{(gather|multline)\*?\}/g, '\\$1{gathered}')
    .replace(/\\(begin|end)\{equation\*?\}/g, '\\$1{gathered}')
    .replace(/\\begin\{aligned\}\{\d+\}/g, '\\begin{aligned}');
}

/** KaTeX's public API as the checker: renderToString throws a ParseError on math it rejects. */
function validates(tex: string, display: boolean, macros: Record<string, string>): boolean {
  try {
    katex.renderToString(forKatex(tex), {
      // MathML only: the cheapest output, and nothing of it is kept.
      output: 'mathml',
      displayMode: display,
      throwOnError: true,
      strict: 'ignore',
      trust: false,
      maxExpand: 200,
      macros: { ...macros },
    });
    return true;
  } catch (error) {
    // A ParseError is KaTeX's verdict; anything else is a KaTeX failure worth a log line.
    if (!(error instanceof katex.ParseError)) reportFailure(error, 'KaTeX check (the math is shown as text)');
    return false;
  }
}

function countEnvs(tex: string): number {
  return (tex.match(/\\begin\{(?:align|flalign|alignat|gather|multline|equation)\*?\}/g) ?? []).length;
}

/** Top-level `&` or `\\` (outside any environment) in display math. */
function topLevelAlignment(tex: string): { amp: boolean; newline: boolean } {
  let envDepth = 0;
  let amp = false;
  let newline = false;
  const re = /\\begin\{|\\end\{|\\\\|\\&|&/g;
  for (let m = re.exec(tex); m; m = re.exec(tex)) {
    if (m[0] === '\\begin{') envDepth += 1;
    else if (m[0] === '\\end{') envDepth -= 1;
    else if (envDepth === 0 && m[0] === '&') amp = true;
    else if (envDepth === 0 && m[0] === '\\\\') newline = true;
  }
  return { amp, newline };
}

/**
 * Sanitizes user math. Unknown commands are registered in `macros` (only when the result is
 * used). Returns ok=false when the math cannot be made safe; callers then show it as text.
 */
/** Longer math is shown as its source: no formula in a note is this long, and checking it costs time. */
const MAX_MATH_CHARS = 20_000;

export function sanitizeMath(source: string, display: boolean, program: TexProgram, macros: MacroRegistry): SanitizedMath {
  if (source.length > MAX_MATH_CHARS) return { ok: false, tex: '', env: false };
  const { tex: cleaned, commands } = clean(source, program, !display);
  // A blank line is a paragraph break, an error inside math ("Missing $ inserted").
  let tex = cleaned.replace(/\n\s*\n/g, '\n').trim();
  if (tex === '') return { ok: false, tex: '', env: false };
  let env = false;
  if (display) {
    const whole = /^\\begin\{([A-Za-z]+\*?)\}[\s\S]*\\end\{\1\}$/.exec(tex);
    if (whole && DISPLAY_ENVIRONMENTS.has(whole[1] ?? '') && countEnvs(tex) === 1) {
      env = true;
    } else {
      // Display environments nested in other math are errors: use their inner forms.
      tex = tex
        .replace(/\\(begin|end)\{(?:align|flalign)\*?\}/g, '\\$1{aligned}')
        .replace(/\\(begin|end)\{alignat\*?\}/g, '\\$1{alignedat}')
        .replace(/\\(begin|end)\{(?:gather|multline)\*?\}/g, '\\$1{gathered}')
        .replace(/\\(begin|end)\{equation\*?\}/g, '\\$1{gathered}');
      const { amp, newline } = topLevelAlignment(tex);
      if (amp) {
        tex = `\\begin{align*}\n${tex}\n\\end{align*}`;
        env = true;
      } else if (newline) {
        tex = `\\begin{gather*}\n${tex}\n\\end{gather*}`;
        env = true;
      }
    }
  } else {
    tex = tex.replace(/(^|[^\\])&/g, '$1{\\&}');
  }
  const key = `${display ? 'D' : 'I'}${tex}`;
  let valid = macros.verdicts.get(key);
  if (valid === undefined) {
    const trial = new MacroRegistry();
    for (const [name, body] of macros.definitions) trial.definitions.set(name, body);
    for (const name of commands) trial.define(name);
    valid = validates(tex, display, trial.katexMacros());
    macros.verdicts.set(key, valid);
  }
  if (!valid) return { ok: false, tex, env };
  for (const name of commands) macros.define(name);
  return { ok: true, tex, env };
}

// ASCII math in running text ---------------------------------------------------------------

const GREEK_ALT = [...GREEK_NAMES].sort((a, b) => b.length - a.length).join('|');
const SCRIPT = String.raw`(?:[\^_](?:\{[^{}\n]{1,24}\}|\([^()\n]{1,24}\)|-?[A-Za-z0-9]{1,3}))`;
const ATOM = String.raw`(?:(?:sqrt|sin|cos|tan|log|ln|exp)\([^()\n]{1,30}\)|\([^()\n]{1,30}\)|(?:${GREEK_ALT})(?![A-Za-z])|\d+(?:\.\d+)?|[A-Za-z](?![A-Za-z0-9]))${SCRIPT}*`;
const OP = String.raw`\s?(?:<=>|<->|<=|>=|!=|=>|->|\+-|\+\/-|[=+\-*/<>])\s?`;
const SPAN = new RegExp(String.raw`(?<![\w\\.$])${ATOM}(?:${OP}${ATOM})*(?![\w])`, 'g');
const TRIGGER = new RegExp(String.raw`[\^_]|sqrt\(|<=|>=|!=|\+-|\+\/-|->|=>|(?:^|[^A-Za-z])(?:${GREEK_ALT})(?![A-Za-z])\s?[=+\-*/<>^_]|[=*/^]\s?(?:${GREEK_ALT})(?![A-Za-z])`);

/** Cheap test that a text could hold a span TRIGGER accepts (most paragraphs hold none). */
const MAY_TRIGGER = new RegExp(String.raw`[\^_]|sqrt\(|<=|>=|!=|\+-|\+\/-|->|=>|(?<![A-Za-z])(?:${GREEK_ALT})(?![A-Za-z])`);

const OPERATORS: Record<string, string> = {
  '<=>': '\\Leftrightarrow', '<->': '\\leftrightarrow', '<=': '\\leq', '>=': '\\geq', '!=': '\\neq',
  '=>': '\\Rightarrow', '->': '\\to', '+-': '\\pm', '+/-': '\\pm', '*': '\\cdot',
};

function convertScripts(atom: string): string {
  return atom.replace(/([\^_])(\{[^{}\n]*\}|\([^()\n]*\)|-?[A-Za-z0-9]{1,3})/g, (_m, op: string, arg: string) => {
    const inner = arg.startsWith('{') || arg.startsWith('(') ? arg.slice(1, -1) : arg;
    return `${op}{${convertFormula(inner)}}`;
  });
}

/** ASCII formula → LaTeX math (no validation; the caller validates). */
function convertFormula(src: string): string {
  let s = src;
  s = s.replace(/sqrt\(([^()\n]*)\)/g, (_m, inner: string) => `\\sqrt{${convertFormula(inner)}}`);
  s = s.replace(/\b(sin|cos|tan|log|ln|exp)\(/g, '\\$1(');
  s = s.replace(new RegExp(String.raw`(?<![A-Za-z\\])(${GREEK_ALT})(?![A-Za-z])`, 'g'), '\\$1 ');
  s = s.replace(/<=>|<->|<=|>=|!=|=>|->|\+\/-|\+-|\*/g, (op) => ` ${OPERATORS[op] ?? op} `);
  // Simple fractions: a/b between plain operands.
  s = s.replace(/(?<![\w)}^_])(\d+|[A-Za-z]|\([^()]+\))\s?\/\s?(\d+|[A-Za-z]|\([^()]+\))(?![\w(])/g, (_m, a: string, b: string) => {
    const strip = (x: string): string => (x.startsWith('(') ? x.slice(1, -1) : x);
    return `\\frac{${strip(a)}}{${strip(b)}}`;
  });
  s = convertScripts(s);
  return s.replace(/\s+/g, ' ').trim();
}

export type TextOrMath = { kind: 'text'; value: string } | { kind: 'math'; tex: string };

const MAX_ASCII_FORMULA = 500;

/** Splits running text into text and ASCII-math formulas (x^2, a_i, sqrt(2), >=, alpha = …). */
export function splitAsciiMath(value: string): TextOrMath[] {
  if (!MAY_TRIGGER.test(value)) {
    return [{ kind: 'text', value }];
  }
  const out: TextOrMath[] = [];
  let last = 0;
  for (const m of value.matchAll(SPAN)) {
    const span = m[0];
    // No formula written in running text is this long: it stays text (and costs no conversion).
    if (span.length === 0 || span.length > MAX_ASCII_FORMULA) continue;
    if (!TRIGGER.test(span) || /^\d+$/.test(span)) continue;
    if (m.index > last) out.push({ kind: 'text', value: value.slice(last, m.index) });
    out.push({ kind: 'math', tex: convertFormula(span) });
    last = m.index + span.length;
  }
  if (last < value.length) out.push({ kind: 'text', value: value.slice(last) });
  return out;
}
