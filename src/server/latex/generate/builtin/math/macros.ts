// The macros of one document: definitions for commands no package defines (conventional
// meanings such as \R, or the name in upright type), and the note's own definitions, cleaned
// like any math. Both are written right after \begin{document}; KaTeX checks every formula
// against the same definitions.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { clean, TEXT_GROUP_COMMANDS } from './clean.js';
import { acyclicDefinitions, commandsIn, type UserDefinition } from './definitions.js';
import { LATEX_DEFINED } from './latex-names.js';
import { CONVENTIONAL_MACROS, DANGEROUS_COMMANDS, SAFE_MATH_COMMANDS, TEXT_ONLY_NAMES } from './math-commands.js';

interface Definition {
  body: string;
  params: number;
  optional?: string;
}

/** Names a note may not define: what every formula and the generator's own output rely on. */
const PROTECTED = new Set([...TEXT_GROUP_COMMANDS, 'left', 'right', 'middle', 'begin', 'end', 'frac', 'sqrt', 'mathrm', 'limits', 'nolimits', 'not', 'over', 'atop', 'choose', 'ce', 'pu']);

/** At most this many of a note's definitions are taken. */
const MAX_USER_DEFINITIONS = 500;

/** `\newcommand`-style parameter text: [n] and [default]. */
function signature(d: Definition): string {
  if (d.params === 0) return '';
  return `[${d.params}]${d.optional !== undefined ? `[${d.optional}]` : ''}`;
}

/** A body KaTeX can take (it has no optional arguments): the default stands in for #1. */
function katexBody(d: Definition): string {
  if (d.optional === undefined) return d.body;
  const optional = d.optional;
  return d.body.replace(/#([1-9])/g, (_m, n: string) => (n === '1' ? `{${optional}}` : `#${Number(n) - 1}`));
}

/** What a command no package defines stands for: its conventional meaning, or its name upright. */
function definitionOf(name: string): Definition {
  const conventional = CONVENTIONAL_MACROS[name];
  if (Array.isArray(conventional)) return { body: conventional[0], params: conventional[1] };
  // Braced so that a macro used as a bare sub/superscript (x_\R) still compiles.
  const body = conventional ?? (name.length === 1 ? `\\mathrm{${name}}` : `\\operatorname{${name}}`);
  return { body: `{${body}}`, params: 0 };
}

export class MacroRegistry {
  /** Commands met in the math that nothing defines: name → definition. */
  readonly definitions = new Map<string, Definition>();
  /** The note's own definitions, cleaned, by the name the note uses. */
  readonly user = new Map<string, Definition & { texName: string }>();
  /**
   * KaTeX's verdict per formula in this document (notes repeat formulas). It depends only on the
   * formula: every command it uses is defined the same way every time.
   */
  readonly verdicts = new Map<string, boolean>();

  define(name: string): void {
    if (this.definitions.has(name) || this.user.has(name)) return;
    this.definitions.set(name, definitionOf(name));
  }

  /** The name a note's own macro has in the document (another one when LaTeX needs the name). */
  texName = (name: string): string | undefined => this.user.get(name)?.texName;

  /** Takes the note's definitions (definitions.ts): checked, cleaned, and named for the document. */
  addUserDefinitions(all: UserDefinition[], program: TexProgram): void {
    // A body that reads files or runs commands is dropped whole: what would remain is not what the note meant.
    const kept = [...acyclicDefinitions(all.slice(-MAX_USER_DEFINITIONS))].filter(
      ([name, d]) => !DANGEROUS_COMMANDS.has(name) && !PROTECTED.has(name) && !name.startsWith('end') && !name.startsWith('lg') && !commandsIn(d.body).some((c) => DANGEROUS_COMMANDS.has(c)),
    );
    // Names first: bodies may use each other.
    for (const [name, d] of kept) {
      // A name LaTeX has for something else (\\d, \\span, \\small) gets one of its own; a math command (\\vec) is redefined.
      const renamed = !SAFE_MATH_COMMANDS.has(name) && (TEXT_ONLY_NAMES.has(name) || LATEX_DEFINED.has(name));
      this.user.set(name, { body: '', params: d.params, texName: renamed ? `lgu${name}` : name, ...(d.optional !== undefined ? { optional: d.optional } : {}) });
    }
    for (const [name, d] of kept) {
      const entry = this.user.get(name);
      if (!entry) continue;
      const cleaned = clean(d.body, program, false, { userMacro: this.texName, params: d.params });
      entry.body = cleaned.tex.replace(/\n\s*\n/g, '\n').trim();
      if (entry.optional !== undefined) entry.optional = clean(entry.optional, program, true, { userMacro: this.texName }).tex.replace(/[[\]]/g, '');
      for (const used of cleaned.commands) this.define(used);
    }
  }

  /** The macros KaTeX checks a formula with, `commands` being the undefined ones it uses. */
  katexMacros(commands: Iterable<string> = []): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of commands) if (!this.user.has(name)) out[`\\${name}`] = definitionOf(name).body;
    for (const [name, d] of this.definitions) out[`\\${name}`] = d.body;
    for (const d of this.user.values()) out[`\\${d.texName}`] = katexBody(d);
    // Text-mode symbols the generator's own math uses (µm) that KaTeX does not know.
    out['\\textmu'] = 'µ';
    return out;
  }

  /** Definition lines, placed right after \begin{document}. */
  preambleLines(): string[] {
    const lines = [...this.definitions].map(([name, d]) => `\\providecommand{\\${name}}${signature(d)}{${d.body}}`);
    for (const d of this.user.values()) {
      const name = `\\${d.texName}`;
      // A math command LaTeX has (\vec): redefined. A free name: defined. A name LaTeX needs: renamed above.
      if (SAFE_MATH_COMMANDS.has(d.texName)) lines.push(`\\providecommand{${name}}{}\\renewcommand{${name}}${signature(d)}{${d.body}}`);
      else lines.push(`\\providecommand{${name}}${signature(d)}{${d.body}}`);
    }
    return lines;
  }
}
