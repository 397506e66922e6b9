// A light pre-pass outside code rewrites what remark would otherwise misread: \( \) and \[ \]
// math delimiters (remark takes them as escaped brackets), bare LaTeX math environments, $$…$$
// inside lines, and Unicode bullets.
import { mapOutsideCode } from '../code-ranges.js';

const MATH_ENVS = 'equation|equation\\*|align|align\\*|gather|gather\\*|multline|multline\\*|eqnarray|eqnarray\\*|alignat|alignat\\*|flalign|flalign\\*';

/** Rewrites LaTeX math delimiters into remark-math's dollar syntax (outside code). */
export function normalizeMathDelimiters(src: string): string {
  return mapOutsideCode(src, (chunk) =>
    // \[ … \] first becomes $$ … $$ where it stands, so that it is indented like its line (a
    // display inside a list item stays in the item, and what follows it stays in the list).
    displayDollarsOnOwnLines(chunk.replace(/\\\[([\s\S]+?)\\\]/g, (_m, body: string) => `$$${body.trim().replace(/\n\s*\n/g, '\n')}$$`))
      .replace(new RegExp(`(^|\\n)[ \\t]*(\\\\begin\\{(${MATH_ENVS})\\}[\\s\\S]*?\\\\end\\{\\3\\})`, 'g'), (whole: string, lead: string, env: string, _name: string, offset: number, text: string) =>
        // Already inside a $$ block (its opening line just above): the block holds it as it is.
        afterDisplayOpener(text, offset)
          ? whole
          : `${lead}\n$$\n${env.replace(/eqnarray/g, 'align').replace(/\n\s*\n/g, '\n')}\n$$\n`,
      )
      // \\( … \\) is how Markdown that MathJax reads after it (Jekyll, kramdown) writes \( … \).
      .replace(/\\\\\(([^\n]+?)\\\\\)/g, (_m, body: string) => `$${body.trim()}$`)
      .replace(/\\\(([^\n]+?)\\\)/g, (_m, body: string) => `$${body.trim()}$`)
      .replace(/^([ \t]*)[•◦▪▸►‣·][ \t]+/gm, '$1- ')
      .replace(/^([ \t]*)[–—][ \t]+(?=\S)/gm, '$1- '),
  );
}

/** Whether the text before `offset` ends, blank space aside, with a `$$` line. */
function afterDisplayOpener(text: string, offset: number): boolean {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  return i >= 1 && text[i] === '$' && text[i - 1] === '$';
}

/**
 * remark-math closes a $$ block only on a line of its own, so `text $$x$$` spanning lines, or
 * `$$x$$` followed by text, would swallow the rest of the note. Every $$…$$ span that is not
 * in a table row is rewritten as a fenced block, indented like the line it starts on.
 */
function displayDollarsOnOwnLines(chunk: string): string {
  if (!chunk.includes('$$')) return chunk;
  return chunk.replace(/\$\$([\s\S]+?)\$\$/g, (whole, body: string, offset: number) => {
    const lineStart = chunk.lastIndexOf('\n', offset - 1) + 1;
    const line = chunk.slice(lineStart, chunk.indexOf('\n', offset) < 0 ? chunk.length : chunk.indexOf('\n', offset));
    if (/^\s*\|/.test(line) || /\n\s*\n/.test(body)) return whole;
    const lead = /^(\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)?)/.exec(line)?.[1] ?? '';
    const indent = lead.replace(/[^>\s]/g, ' ').replace(/>\s*/, '> ');
    const inner = body.trim().split('\n').map((l) => `${indent}${l.trim()}`).join('\n');
    const before = chunk.slice(lineStart, offset).trim() === '' ? '' : `\n${indent}\n`;
    return `${before}${before ? indent : ''}$$\n${inner}\n${indent}$$\n${indent}\n${indent}`;
  });
}
