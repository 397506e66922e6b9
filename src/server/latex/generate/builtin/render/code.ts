// Code blocks: listings with an escape character for what listings cannot take, or
// typewriter lines where verbatim is impossible (inside footnotes and other arguments).
import { escapeText, ltrCode } from '../text/escape.js';
import { breakableCode } from './breaks.js';
import type { BlockHandler, RenderContext } from './context.js';

/** Picks a listings escape character that does not occur in the code. */
function escapeCharFor(code: string): string | null {
  for (const c of ['`', '|', '!', '@', '?', '+', '*', '"', ';']) if (!code.includes(c)) return c;
  return null;
}

/**
 * A long run without spaces (a hash, a data URL, a long identifier) with an empty escape every
 * few characters: listings may break a line where one output unit ends, and it breaks nowhere
 * inside one, so an unbroken run would run into the margin.
 */
function breakPoints(run: string, esc: string): string {
  let out = run.slice(0, 16);
  for (let i = 16; i < run.length; i += 16) out += `${esc}${esc}${run.slice(i, i + 16)}`;
  return out;
}

/**
 * An escaped run is LaTeX, where a run of spaces is one space: the columns of a drawing in code
 * (matrices of ⎡ ⎤ with aligned gaps) would close up. Every space of such a run is a control space.
 */
function keepSpaces(latex: string): string {
  return latex.replace(/ {2,}/g, (spaces) => '\\ '.repeat(spaces.length));
}

/**
 * What goes through the escape character: words of other scripts with the spaces between them
 * (a right-to-left phrase keeps its order), and runs without spaces longer than a line holds
 * (about 70 characters of small typewriter type on a page, 40 on a slide). Shorter runs stay as
 * typed: the source is read too.
 */
const ESCAPED_RUNS = /[^\x20-\x7e]+(?: +[^\x20-\x7e]+)*|[\x21-\x7e]{70,}/g;
const ESCAPED_RUNS_SLIDE = /[^\x20-\x7e]+(?: +[^\x20-\x7e]+)*|[\x21-\x7e]{40,}/g;

/** Typewriter lines with every character escaped (no verbatim: safe inside any argument). */
export function codeLines(code: string, ctx: RenderContext): string {
  // Indentation kept (~), other spaces and long runs may break: the box never runs off the page.
  const lines = code.split('\n').map((l) => {
    const indent = l.length - l.trimStart().length;
    return `\\mbox{}${'~'.repeat(indent)}${breakableCode(l.slice(indent), ctx.program)}`;
  });
  return `{\\ttfamily\\small\\raggedright ${lines.join('\\\\\n')}\\par}`;
}

export const codeBlock: BlockHandler<'code'> = (node, ctx) => {
  // trimEnd is /\s+$/ without a regex that rescans every run of spaces.
  const code = node.text.replace(/\t/g, '    ').trimEnd();
  const esc = escapeCharFor(code);
  if (ctx.inFootnote || esc === null || code === '') {
    // No verbatim inside arguments: typewriter lines with every character escaped.
    return codeLines(code, ctx);
  }
  // Non-ASCII text and anything that could end the environment goes through the escape
  // character, so listings never sees a byte it cannot handle.
  const endMarker = `${esc}\\textbackslash{}end\\{lstlisting\\}${esc}`;
  const body = code
    .split('\n')
    .map((line) =>
      line
        .split('\\end{lstlisting}')
        .map((part) =>
          part.replace(ctx.beamer ? ESCAPED_RUNS_SLIDE : ESCAPED_RUNS, (run) =>
            // Letters in code run left to right (a right-to-left word inside is a run of its own).
            run.charCodeAt(0) > 0x7e || run.charCodeAt(0) < 0x20 ? `${esc}${keepSpaces(ltrCode(() => escapeText(run, ctx.program)))}${esc}` : breakPoints(run, esc),
          ),
        )
        .join(endMarker),
    )
    .join('\n');
  return `\\begin{lstlisting}[escapechar=${esc}${ctx.beamer ? slideCodeSize(code) : ''}]\n${body}\n\\end{lstlisting}`;
};

/**
 * A slide holds about 14 lines of code in the listings' small type: a longer piece is set smaller
 * so that it stays on one slide (split over two, a function reads half on each), up to about 22.
 */
function slideCodeSize(code: string): string {
  const lines = codeLineCount(code);
  if (lines <= SLIDE_CODE_LINES || lines > SLIDE_CODE_MAX_LINES) return '';
  return `,basicstyle=\\ttfamily${lines <= 17 ? '\\footnotesize' : '\\scriptsize'}`;
}

/** Lines of code a slide holds in the listings' small type, and set smaller (write/slides.ts splits longer code). */
export const SLIDE_CODE_LINES = 14;
export const SLIDE_CODE_MAX_LINES = 22;

/** The code's lines, counted up to one more than a slide holds set small. */
export function codeLineCount(code: string): number {
  let lines = 1;
  for (let i = code.indexOf('\n'); i >= 0 && lines <= SLIDE_CODE_MAX_LINES; i = code.indexOf('\n', i + 1)) lines++;
  return lines;
}
