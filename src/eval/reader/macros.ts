// Undefined-macro fallbacks: the commands the generator had to define because nothing else did
// (`\providecommand` lines for names the note uses but never defines). Each is listed; one whose
// definition changes what the note wrote is an error: a guessed meaning (`\E` set as 𝔼), or a
// name KaTeX defines set as something else (`\infin` shown as the word "infin" instead of ∞).
// KaTeX is the judge of what a name means: both sides are rendered to MathML and compared.
import katex from 'katex';
import { noteDefinedNames } from './markup.js';
import { commandUses } from './tex-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';

interface Provided {
  name: string;
  params: number;
  body: string;
}

/** `\providecommand{\X}[n]{body}` (and the `\providecommand{\X}{}\renewcommand{\X}[n]{body}` pair). */
export function providedCommands(tex: string): Provided[] {
  const out = new Map<string, Provided>();
  for (const cmd of ['providecommand', 'renewcommand']) {
    for (const use of commandUses(tex, cmd, 2)) {
      const [nameArg, body] = use.args;
      if (nameArg === undefined || body === undefined) continue;
      const name = nameArg.trim().replace(/^\\/, '');
      if (!/^[A-Za-z]+$/.test(name)) continue;
      const params = /^\s*\[(\d)\]/.exec(tex.slice(use.at + cmd.length + 1 + nameArg.length + 2, use.end)) ?? null;
      if (body.trim() === '' && cmd === 'providecommand' && out.has(name)) continue;
      out.set(name, { name, params: params ? Number(params[1]) : 0, body });
    }
  }
  return [...out.values()].filter((p) => p.body.trim() !== '');
}

function mathml(tex: string): string | null {
  try {
    const html = katex.renderToString(tex, { throwOnError: true, output: 'mathml', strict: 'ignore', trust: false });
    // What a reader sees: the characters, not the markup around them (\left| and | are the same bar).
    // KaTeX draws \coloneqq as a colon and an equals sign (its MathML says ≔): the same to a reader.
    return html
      .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/, '')
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, '')
      .replace(/[∣｜]/g, '|')
      .replace(/〈/g, '⟨')
      .replace(/〉/g, '⟩')
      .replace(/≔/g, ':=')
      .replace(/≕/g, '=:')
      .replace(/∷/g, '::');
  } catch {
    return null;
  }
}

function sample(name: string, params: number): string {
  return `\\${name}${'{x}'.repeat(params)}`;
}

function expand(body: string, params: number): string {
  let out = body;
  for (let k = 1; k <= params; k++) out = out.split(`#${k}`).join('x');
  return out;
}

/** Whether KaTeX knows the name (with `params` arguments). */
export function katexDefines(name: string, params = 0): boolean {
  try {
    katex.renderToString(sample(name, params), { throwOnError: true, strict: 'ignore' });
    return true;
  } catch (err) {
    return !/Undefined control sequence/.test((err as Error).message);
  }
}

/** The body prints the command as the note wrote it (its name, with or without the backslash). */
function showsAsWritten(name: string, body: string): boolean {
  const b = body.replace(/\s+/g, '');
  return (
    b.includes('\\backslash') ||
    b.includes('\\textbackslash') ||
    b === `{\\operatorname{${name}}}` ||
    b === `\\operatorname{${name}}` ||
    b === `{\\mathrm{${name}}}` ||
    b === `\\mathrm{${name}}`
  );
}

function undefinedControlSequences(log: string): number {
  let n = 0;
  for (let i = log.indexOf('Undefined control sequence'); i !== -1; i = log.indexOf('Undefined control sequence', i + 10)) n++;
  return n;
}

export function checkMacros(input: ReaderInput): CheckResult {
  const own = noteDefinedNames(input.note);
  const defects: string[] = [];
  const listed: string[] = [];
  for (const p of providedCommands(input.tex)) {
    if (own.has(p.name) || p.name.startsWith('lg')) continue;
    // Only names the note itself uses: the generator's own helpers are not fallbacks.
    if (!new RegExp(`\\\\${p.name}(?![A-Za-z])`).test(input.note)) continue;
    const known = katexDefines(p.name, p.params);
    if (known) {
      const theirs = mathml(sample(p.name, p.params));
      const ours = mathml(expand(p.body, p.params));
      if (theirs !== null && ours !== null && theirs !== ours) defects.push(`\\${p.name} set as ${p.body.trim()} (KaTeX's \\${p.name} differs)`);
      else listed.push(`\\${p.name} as itself`);
      continue;
    }
    if (showsAsWritten(p.name, p.body)) listed.push(`\\${p.name} shown as written`);
    else defects.push(`\\${p.name} guessed as ${p.body.trim()}`);
  }
  const undefinedInLog = undefinedControlSequences(input.log);
  if (undefinedInLog > 0) defects.push(`${undefinedInLog} undefined control sequence(s) in the log`);
  return result(defects, { listed });
}
