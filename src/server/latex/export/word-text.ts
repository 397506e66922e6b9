// The generator's LaTeX read back as the characters it stands for, where pandoc cannot read it:
// the escaped runs inside a code listing (`[escapechar=…]`: letters of other scripts, symbols set
// as \ensuremath{\int}, glyphs from a fallback font as \lgsym{⎡}). pandoc copies a listing as it
// is, so without this a Word file showed `\lgsym{⎡}` where the PDF shows ⎡. Outside listings
// pandoc expands macros itself: WORD_MEANINGS gives the generator's own ones their plain meaning.
import { ASCII_SPECIALS } from '../generate/builtin/text/escape.js';
import { RUN_MACRO } from '../generate/builtin/text/scripts.js';
import { charactersByTextForm } from '../generate/builtin/text/unicode-map.js';

/** What the generator's text commands mean in a Word file (pandoc reads these before the body). */
export const TEXT_MEANINGS: readonly string[] = [
  '\\renewcommand{\\lgsym}[1]{#1}',
  '\\renewcommand{\\lgsymc}[1]{#1}',
  '\\renewcommand{\\lgmark}[2]{#1#2}',
  '\\renewcommand{\\lgkeycap}[1]{#1\u20e3}',
  '\\renewcommand{\\lgemoji}[2]{#1}',
  '\\renewcommand{\\lgcjk}[1]{#1}',
  '\\renewcommand{\\lgLTR}[1]{#1}',
  '\\renewcommand{\\lgat}[2]{#2}',
  '\\renewcommand{\\lgso}[1]{\\sout{#1}}',
  '\\renewcommand{\\lgsosp}{ }',
  '\\renewcommand{\\lgsobr}{}',
  '\\renewcommand{\\lgtaskopen}{\u2610}',
  '\\renewcommand{\\lgtaskdone}{\u2612}',
  ...[...new Set(Object.values(RUN_MACRO))].map((m) => `\\renewcommand{\\lg${m}}[1]{#1}`),
];

/** The generator's wrappers, innermost first: their arguments as text. Each pattern is linear ([^{}]* stops at the next brace). */
const WRAPPERS: ReadonlyArray<[RegExp, (...groups: string[]) => string]> = [
  [/\\lgat\{[^{}]*\}\{([^{}]*)\}/g, (_, text = '') => text],
  [/\\lgemoji\{([^{}]*)\}\{[^{}]*\}/g, (_, sign = '') => sign],
  [/\\lgmark\{([^{}]*)\}\{([^{}]*)\}/g, (_, letter = '', mark = '') => letter + mark],
  [/\\lgkeycap\{([^{}]*)\}/g, (_, key = '') => `${key}\u20e3`],
  [/\\lg[A-Za-z]+\{([^{}]*)\}/g, (_, text = '') => text],
];

let formsByCommand: Map<string, Array<[string, string]>> | undefined;

/** Every known form (text-mode LaTeX of a character) by the command it starts with, longest first. */
function forms(): Map<string, Array<[string, string]>> {
  if (!formsByCommand) {
    formsByCommand = new Map();
    const all: Array<[string, string]> = [...charactersByTextForm(), ...Object.entries(ASCII_SPECIALS).map(([ch, form]): [string, string] => [form, ch])];
    for (const [form, ch] of all) {
      const command = /^\\(?:[A-Za-z]+|.)/su.exec(form)?.[0] ?? form.charAt(0);
      const list = formsByCommand.get(command) ?? [];
      list.push([form, ch]);
      formsByCommand.set(command, list);
    }
    for (const list of formsByCommand.values()) list.sort((a, b) => b[0].length - a[0].length);
  }
  return formsByCommand;
}

/** The characters an escaped run of the generator's LaTeX stands for. */
export function plainOfEscaped(latex: string): string {
  let text = latex;
  // Wrappers nest a few deep at most (a run macro around \lgsym): three passes unwrap them.
  for (let pass = 0; pass < 3; pass++) for (const [pattern, replace] of WRAPPERS) text = text.replace(pattern, replace);
  const byCommand = forms();
  let out = '';
  for (let i = 0; i < text.length; ) {
    const ch = text.charAt(i);
    if (ch === '\\' || ch === '{') {
      const command = ch === '{' ? '{' : (/^\\(?:[A-Za-z]+|.)/su.exec(text.slice(i, i + 40))?.[0] ?? '\\');
      const match = byCommand.get(command)?.find(([form]) => text.startsWith(form, i));
      if (match) {
        out += match[1];
        i += match[0].length;
        continue;
      }
    }
    // Grouping braces and ties are LaTeX's, not the text's.
    if (ch !== '{' && ch !== '}') out += ch === '~' ? ' ' : ch;
    i++;
  }
  return out;
}

/**
 * A listing's escaped runs as their characters: `esc…esc` runs read back, the empty `escesc`
 * break points dropped. A run that would read back as the listing's end stays escaped.
 */
export function plainListings(latex: string): string {
  const BEGIN = '\\begin{lstlisting}[escapechar=';
  const END = '\n\\end{lstlisting}';
  let out = '';
  let from = 0;
  for (let at = latex.indexOf(BEGIN); at >= 0; at = latex.indexOf(BEGIN, from)) {
    const esc = latex.charAt(at + BEGIN.length);
    const bodyStart = at + BEGIN.length + 3;
    // No end after this one: none after a later one either (one scan, whatever the input).
    const end = latex.indexOf(END, bodyStart);
    if (end < 0) break;
    out += latex.slice(from, at);
    from = end;
    const runs = latex.slice(bodyStart, end).split(esc);
    const plain = runs.map((run, i) => (i % 2 === 0 ? run : plainOfEscaped(run))).join('');
    // Unbalanced escapes (not the generator's listing) or a run that reads back as the end: as it was.
    const keep = latex.slice(at + BEGIN.length + 1, at + BEGIN.length + 3) !== ']\n' || runs.length % 2 === 0 || plain.includes('\\end{lstlisting}');
    out += keep ? latex.slice(at, end) : `\\begin{lstlisting}\n${plain}`;
  }
  return out + latex.slice(from);
}
