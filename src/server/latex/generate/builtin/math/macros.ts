// The macros of one document: definitions for the commands only KaTeX defines (\infin, \R,
// \ket: KaTeX's own meaning, name-use.ts), and the note's own definitions, cleaned like any math.
// Both are written right after \begin{document}; KaTeX checks every formula with the note's.
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { clean, TEXT_GROUP_COMMANDS } from './clean.js';
import { acyclicDefinitions, braceGroup, commandsIn, skipSpaces, type UserDefinition } from './definitions.js';
import { katexAccepts, katexMeaning, type KatexMeaning } from './katex-meaning.js';
import { LATEX_DEFINED } from './latex-names.js';
import { DANGEROUS_COMMANDS, SAFE_MATH_COMMANDS, TEXT_ONLY_NAMES } from './math-commands.js';
import { writtenName } from './name-use.js';

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

/** Most command names one document asks KaTeX about (a note of made-up names costs no more than this). */
const MAX_NAMES_ASKED = 1_000;

/** KaTeX's macro body as LaTeX: its internal \html@mathml{TeX}{MathML} choice made; undefined when other internals remain. */
function katexBodyForLatex(body: string): string | undefined {
  let out = '';
  let from = 0;
  for (let at = body.indexOf('\\html@mathml'); at >= 0; at = body.indexOf('\\html@mathml', from)) {
    const tex = braceGroup(body, skipSpaces(body, at + '\\html@mathml'.length));
    const mathml = tex ? braceGroup(body, skipSpaces(body, tex.end)) : null;
    if (!tex || !mathml) return undefined;
    out += `${body.slice(from, at)}{${tex.content}}`;
    from = mathml.end;
  }
  out += body.slice(from);
  // \char picks a glyph by its code in whatever font is current: not the same character in LaTeX;
  // \raisebox holds math for KaTeX and text for LaTeX (\KaTeX's logo).
  return out.includes('@') || /\\(?:char|raisebox)(?![A-Za-z])/.test(out) ? undefined : out;
}

/** What a KaTeX symbol or operator name prints, as math LaTeX: an operator's name, or its characters. */
function printedAsTex(prints: string): string | undefined {
  const operator = /^([A-Za-z]+)\u2061$/.exec(prints);
  if (operator) return `\\operatorname{${operator[1]}}`;
  if (/[\\^~\u2061]/.test(prints)) return undefined;
  return prints.replace(/[{}#%&$_]/g, (c) => `\\${c}`);
}

export class MacroRegistry {
  /** Commands only KaTeX defines, as the note uses them: name → KaTeX's meaning in LaTeX. */
  readonly definitions = new Map<string, Definition>();
  /** The note's own definitions, cleaned, by the name the note uses. */
  readonly user = new Map<string, Definition & { texName: string }>();
  /**
   * KaTeX's verdict per formula in this document (notes repeat formulas). It depends only on the
   * formula: every command it uses is defined the same way every time.
   */
  readonly verdicts = new Map<string, boolean>();
  /** What KaTeX said of each name this document asked about. */
  private readonly asked = new Map<string, KatexMeaning>();

  /** KaTeX's meaning of a name, asked at most MAX_NAMES_ASKED times per document (past that, nothing is known). */
  katex = (name: string): KatexMeaning => {
    const known = this.asked.get(name);
    if (known) return known;
    if (this.asked.size >= MAX_NAMES_ASKED) return { kind: 'none' };
    const meaning = katexMeaning(name);
    this.asked.set(name, meaning);
    return meaning;
  };

  /** Defines a name only KaTeX has with KaTeX's meaning (the macros it expands to as well). */
  define(name: string, program: TexProgram): void {
    if (this.definitions.has(name) || this.user.has(name)) return;
    // Shown as written until its meaning is made (and when it cannot be): also ends a cycle.
    const written: Definition = { body: writtenName(name), params: 0 };
    this.definitions.set(name, written);
    const meaning = this.katex(name);
    const params = meaning.kind === 'macro' ? meaning.params : 0;
    const source = meaning.kind === 'macro' ? katexBodyForLatex(meaning.body) : meaning.kind === 'primitive' && meaning.prints !== undefined ? printedAsTex(meaning.prints) : undefined;
    if (source === undefined) return;
    const cleaned = clean(source, program, false, { params, katex: this.katex });
    const body = cleaned.tex.replace(/\n\s*\n/g, '\n').trim();
    if (body === '' || !katexAccepts(body.replace(/#[1-9]/g, '{x}'))) return;
    for (const used of cleaned.commands) this.define(used, program);
    // Braced so that a macro used as a bare sub/superscript (x_\R) still compiles.
    this.definitions.set(name, { body: params > 0 ? body : `{${body}}`, params });
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
      const cleaned = clean(d.body, program, false, { userMacro: this.texName, params: d.params, katex: this.katex });
      entry.body = cleaned.tex.replace(/\n\s*\n/g, '\n').trim();
      if (entry.optional !== undefined) entry.optional = clean(entry.optional, program, true, { userMacro: this.texName, katex: this.katex }).tex.replace(/[[\]]/g, '');
      for (const used of cleaned.commands) this.define(used, program);
    }
  }

  /** The macros KaTeX checks a formula with: the note's own (KaTeX knows the rest itself). */
  katexMacros(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.user.values()) out[`\\${d.texName}`] = katexBody(d);
    // Text-mode symbols the generator's own math uses (µm) that KaTeX does not know.
    out['\\textmu'] = 'µ';
    // A sign the fonts lack, set through the document's own font fallback (text/escape.ts).
    out['\\lgsym'] = '#1';
    out['\\lgsymc'] = '#1';
    // Raised and lowered signs typed in a remark's words (Cl⁻) are text-mode commands in \text.
    out['\\textsuperscript'] = '#1';
    out['\\textsubscript'] = '#1';
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
