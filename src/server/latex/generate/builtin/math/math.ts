// User math: keep what the user wrote, but remove what could read files, redefine TeX or break
// the compile, map Unicode to commands, and give every unknown command a safe definition.
// KaTeX's parser then checks the result; math it rejects is shown as source text instead.
import katex from 'katex';
// mhchem's \ce and \pu for KaTeX's check (the documents load the mhchem package).
import 'katex/contrib/mhchem';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import { widenArrays } from './arrays.js';
import { reportFailure } from '../counters.js';
import { clean } from './clean.js';
import { MacroRegistry } from './macros.js';
import { DISPLAY_ENVIRONMENTS } from './math-commands.js';

export { MacroRegistry };

export interface SanitizedMath {
  ok: boolean;
  /** LaTeX ready to place inside $…$ or \[…\] (or a complete display environment when `env`). */
  tex: string;
  /** A complete display environment (align, equation, …) that must not be wrapped again. */
  env: boolean;
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
      // A note's own macros expand too: room for them, still a bound.
      maxExpand: 1000,
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

/** Inline math: an & outside any environment (a matrix's are its own) is an ampersand. */
function escapeLooseAmpersands(tex: string): string {
  let envDepth = 0;
  return tex.replace(/\\begin\{|\\end\{|\\&|&/g, (m) => {
    if (m === '\\begin{') envDepth += 1;
    else if (m === '\\end{') envDepth -= 1;
    return m === '&' && envDepth <= 0 ? '{\\&}' : m;
  });
}

/** Longer math is shown as its source: no formula in a note is this long, and checking it costs time. */
const MAX_MATH_CHARS = 20_000;

/**
 * Sanitizes user math. Unknown commands are registered in `macros` (only when the result is
 * used). Returns ok=false when the math cannot be made safe; callers then show it as text.
 */
export function sanitizeMath(source: string, display: boolean, program: TexProgram, macros: MacroRegistry): SanitizedMath {
  if (source.length > MAX_MATH_CHARS) return { ok: false, tex: '', env: false };
  const { tex: cleaned, commands } = clean(source, program, !display, { userMacro: macros.texName, katex: macros.katex });
  // A blank line is a paragraph break, an error inside math ("Missing $ inserted").
  let tex = widenArrays(cleaned.replace(/\n\s*\n/g, '\n').trim());
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
    tex = escapeLooseAmpersands(tex);
  }
  const key = `${display ? 'D' : 'I'}${tex}`;
  let valid = macros.verdicts.get(key);
  if (valid === undefined) {
    valid = validates(tex, display, macros.katexMacros());
    macros.verdicts.set(key, valid);
  }
  if (!valid) return { ok: false, tex, env };
  for (const name of commands) macros.define(name, program);
  return { ok: true, tex, env };
}
