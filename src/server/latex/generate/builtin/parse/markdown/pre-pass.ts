// A light pre-pass outside code rewrites what remark would otherwise misread: \( \) and \[ \]
// math delimiters (remark takes them as escaped brackets), bare LaTeX math environments, $$…$$
// inside lines, and Unicode bullets. Each rewrite finds its closing delimiter with indexOf and
// stops looking once there is none left, so unclosed openers cost one pass, not one pass each.
import { mapOutsideCode } from '../code-ranges.js';
import { FILE_COMMENT, isCodeLike, PROGRAM_LINE } from '../notes/code.js';
import { fileLinesEnd, namesFile } from '../notes/code-runs.js';
import { SPEAKER_NOTES } from '../notes/speaker-notes.js';

/** LaTeX display environments a note may write bare, outside any math delimiters. */
export const BARE_MATH_ENVIRONMENTS = 'equation|align|gather|multline|eqnarray|alignat|flalign';
const MATH_ENV_RE = new RegExp(`(^|\\n)[ \\t]*\\\\begin\\{((?:${BARE_MATH_ENVIRONMENTS})\\*?)\\}`, 'g');

/** Rewrites LaTeX math delimiters into remark-math's dollar syntax (outside code). */
export function normalizeMathDelimiters(src: string): string {
  return mapOutsideCode(namedFiles(src), (code, atLineStart) =>
    // Not inside HTML comments: a $$ there paired with the next formula's, which was lost.
    mapOutsideComments(code, (chunk) =>
      // \[ … \] first becomes $$ … $$ where it stands, so that it is indented like its line (a
      // display inside a list item stays in the item, and what follows it stays in the list).
      breaksAfterAddresses(paragraphsAfterLists(shellComments(unicodeBullets(inlineParens(mathEnvironments(displayDollarsOnOwnLines(displayBrackets(chunk)))), atLineStart)))),
    ),
  );
}

/**
 * "# ... work ..." between two commands (git switch -c x / # ... work ... / git merge x), "# 月の列を作る"
 * between two lines of Python: a comment in pasted code, not a heading that would split it (its # escaped).
 */
export function shellComments(text: string): string {
  if (!text.includes('\n#')) return text;
  const lines = text.split('\n');
  // The line before, blank lines skipped (a comment opens the next piece of pasted code).
  const before = (k: number): string => {
    for (let j = k - 1; j >= 0 && j >= k - 3; j--) if ((lines[j] ?? '').trim() !== '') return lines[j] as string;
    return '';
  };
  const code = (l: string): boolean => PROGRAM_LINE.test(l) || (isCodeLike(l) && !/^#/.test(l) && !/^ {0,3}(?:[-*+]|\d{1,3}[.)]) /.test(l));
  // ("# k8s/base/payments-gateway.env" over "DB_POOL_MAX=5": a file's name over its lines is their comment too.)
  return lines.map((l, k) => ((/^#{1,6} \S/.test(l) && PROGRAM_LINE.test(lines[k - 1] ?? '') && PROGRAM_LINE.test(lines[k + 1] ?? '')) || (/^# \S/.test(l) && (code(before(k)) || FILE_COMMENT.test(l)) && code(lines[k + 1] ?? '')) ? `\\${l}` : l)).join('\n');
}

/**
 * "… by adding this to ~/.ssh/config:", a blank line, then "Host github.com" / "  AddKeysToAgent
 * yes": the lines under a sentence that names a file are that file, fenced as code (Markdown
 * would make a heading and a list of them).
 */
export function namedFiles(text: string): string {
  if (!text.includes(':\n')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let fenced = false;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as string;
    out.push(l);
    if (/^ {0,3}(?:```|~~~)/.test(l)) fenced = !fenced;
    if (fenced || !namesFile(l)) continue;
    const start = (lines[k + 1] ?? '').trim() === '' ? k + 2 : k + 1;
    const first = lines[start] ?? '';
    if (/^ {0,3}(?:```|~~~)|^(?: {4}|\t)/.test(first)) continue;
    const end = fileLinesEnd((j) => lines[j], start);
    if (end === start) continue;
    if (start > k + 1) out.push('');
    out.push('```', ...lines.slice(start, end), '```');
    k = end - 1;
  }
  return out.join('\n');
}

/** A line a setext underline would make a heading that no one writes as one: long, or sentences. */
const SENTENCES = /[.!?:;]$|[.!?]\s+\S|^.{61,}$/u;

/**
 * "why keep bees? honey …, it's calming. mostly" over "---": in a note of two such rules or more,
 * a rule under sentences separates slides (or parts); Markdown would make the sentences a heading.
 * Blank lines go before every such rule then (outside fenced code).
 */
export function rulesUnderSentences(src: string): string {
  if (!src.includes('\n---')) return src;
  const lines = src.split('\n');
  let fenced = false;
  const rules: number[] = [];
  lines.forEach((l, k) => {
    if (/^ {0,3}(?:```|~~~)/.test(l)) fenced = !fenced;
    else if (!fenced && k > 0 && /^-{3,}[ \t]*$/.test(l) && (lines[k - 1] ?? '').trim() !== '') rules.push(k);
  });
  if (rules.length < 2 || !rules.some((k) => SENTENCES.test((lines[k - 1] ?? '').trim()))) return src;
  for (const k of rules) lines[k] = `\n${lines[k] as string}`;
  return lines.join('\n');
}

const ITEM = /^ {0,3}(?:\d{1,3}[.)]|[-*+]) +\S/;

/** A flush-left line that numbers a subsection, short and with no stop: "2.2 Out of scope". */
const SUBSECTION_LINE = /^\d{1,2}\.\d{1,2}\.?[ \t]+\p{Lu}[^.!?:;\n]{0,60}$/u;

/** A flush-left line all in bold: "**Days 31–60: Contribute**". */
const BOLD_LINE = /^(?:\*\*[^*\n]{1,80}\*\*|__[^_\n]{1,80}__)[ \t]*$/;

/**
 * "1. …\n2. …\n4. So no one has power.\nThe argument is valid, but …": a sentence typed right under
 * a list of one-line items, flush left and capitalised after an item that ended its sentence, is the
 * paragraph after the list (Markdown would make it a lazy continuation of the last item).
 */
export function paragraphsAfterLists(text: string): string {
  if (!/\n {0,3}(?:\d{1,3}[.)]|[-*+]) /.test(text)) return text;
  const lines = text.split('\n');
  // (The item before the last may go on on an indented line: "3. kappa-Köhler: …" / "   fitted kappa = 0.38".)
  const itemAbove = (k: number): boolean => ITEM.test(lines[k - 2] ?? '') || (k >= 3 && /^[ \t]+\S/.test(lines[k - 2] ?? '') && ITEM.test(lines[k - 3] ?? ''));
  // ("**Days 31–60: Contribute**" under "- access to all tools on day 1": a line all in bold heads what follows, under one item too.)
  // (So does a section's number of two parts: "2.2 Out of scope" under "- 14 services …", its sibling "2.1 In scope" above the list.)
  const apart = (l: string, k: number): boolean => ITEM.test(lines[k - 1] ?? '') && !ITEM.test(l) && ((k >= 2 && itemAbove(k) && standsApart(l, (lines[k - 1] ?? '').trimEnd())) || BOLD_LINE.test(l) || SUBSECTION_LINE.test(l));
  return lines.map((l, k) => (k >= 1 && apart(l, k) ? `\n${l}` : l)).join('\n');
}

/**
 * A flush-left line under one-line items that is no wrap of the last: a capitalised sentence after
 * an item that ended its own, a line after an item closed by a bracket or a question ("4. random
 * forest (inputs: …)" / "where x = raw sensor PM2.5 …"), or an address alone ("n.haddad@…").
 */
function standsApart(line: string, item: string): boolean {
  if (!/^\S/.test(line)) return false;
  // (A speaker's note, "notes: show the scatter coloured by RH", is the slide's, never the item's.)
  if (SPEAKER_NOTES.test(line) || /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/\S+)$/.test(line.trim())) return true;
  return (/^\p{Lu}/u.test(line) && /[.!?:]["')»”]?$/.test(item)) || (/^\p{L}/u.test(line) && /[!?)]["'»”]?$/.test(item));
}

/** A table's row typed between outer bars: "| Maize yield (t/ha) | 2.9 | 1.8 |". */
const BARRED_ROW = /^ {0,3}\|.*\|[ \t]*$/;

/**
 * "(say: difference is significant …)" or "Source: survey of 120 farms" right under a table whose
 * rows all stand between bars: a line of its own with no bar, never one more row of it (GFM would
 * read it as a row and print it in the first cell). A blank line is put before it.
 */
export function linesAfterTables(text: string): string {
  if (!text.includes('|')) return text;
  const lines = text.split('\n');
  let barred = 0;
  let delimited = false;
  let fenced = false;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as string;
    // (Inside a fence every line is the code's.)
    if (/^ {0,3}(?:```|~~~)/.test(l)) fenced = !fenced;
    if (fenced) continue;
    if (BARRED_ROW.test(l)) {
      barred++;
      delimited ||= DELIMITER_LINE.test(l);
      continue;
    }
    if (barred >= 2 && delimited && l.trim() !== '' && !l.includes('|')) lines[k] = `\n${l}`;
    barred = 0;
    delimited = false;
  }
  return lines.join('\n');
}

const DELIMITER_LINE = /^ {0,3}\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/;

/** "Data and R code: https://osf.io/k7r3m/" over "Thanks to the 14 volunteers …": a line ending in an address ends there. */
export function breaksAfterAddresses(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(/(https?:\/\/[^\s<>]{1,300})[ \t]*\n(?=\p{Lu})/gu, '$1  \n');
}

/** •, – and — opening a line are list bullets; not a dash after a code span mid-line ("`Main` – UI thread"). */
function unicodeBullets(text: string, atLineStart: boolean): string {
  const bullets = (t: string) => t.replace(/^([ \t]*)[•◦▪▸►‣·][ \t]+/gm, '$1- ').replace(/^([ \t]*)[–—][ \t]+(?=\S)/gm, '$1- ');
  if (atLineStart) return bullets(text);
  const nl = text.indexOf('\n');
  return nl < 0 ? text : text.slice(0, nl) + bullets(text.slice(nl));
}

/** Applies `fn` to the text outside HTML comments (<!-- … -->; an unclosed one runs to the end). */
function mapOutsideComments(src: string, fn: (chunk: string) => string): string {
  let open = src.indexOf('<!--');
  if (open < 0) return fn(src);
  let out = '';
  let pos = 0;
  while (open >= 0) {
    const close = src.indexOf('-->', open + 4);
    const end = close < 0 ? src.length : close + 3;
    out += fn(src.slice(pos, open)) + src.slice(open, end);
    pos = end;
    open = src.indexOf('<!--', pos);
  }
  return out + fn(src.slice(pos));
}

/** A display body on lines of its own: blank lines would end the math block. */
function displayBody(body: string): string {
  return body.replace(/\n\s*\n/g, '\n');
}

/** Bare `\begin{align}…\end{align}` (and the other display environments) at a line start → a $$ block. */
function mathEnvironments(chunk: string): string {
  if (!chunk.includes('\\begin{')) return chunk;
  let out = '';
  let from = 0;
  const noEnd = new Set<string>();
  const re = new RegExp(MATH_ENV_RE.source, 'g');
  for (let m = re.exec(chunk); m; m = re.exec(chunk)) {
    const [whole, lead = '', env = ''] = m;
    // Already inside a $$ block (its opening line just above): the block holds it as it is.
    if (noEnd.has(env) || afterDisplayOpener(chunk, m.index)) continue;
    const endTag = `\\end{${env}}`;
    const end = chunk.indexOf(endTag, m.index + whole.length);
    if (end < 0) {
      noEnd.add(env);
      continue;
    }
    const begin = chunk.indexOf('\\begin', m.index + lead.length);
    const body = chunk.slice(begin, end + endTag.length);
    out += `${chunk.slice(from, m.index)}${lead}\n$$\n${displayBody(body.replace(/eqnarray/g, 'align'))}\n$$\n`;
    from = end + endTag.length;
    re.lastIndex = from;
  }
  return out + chunk.slice(from);
}

/** `\[ … \]` → `$$ … $$` where it stands (displayDollarsOnOwnLines puts it on lines of its own). */
function displayBrackets(chunk: string): string {
  let out = '';
  let from = 0;
  for (let open = chunk.indexOf('\\['); open >= 0; open = chunk.indexOf('\\[', from)) {
    // The body has at least one character.
    const close = chunk.indexOf('\\]', open + 3);
    if (close < 0) break;
    // The body on lines of its own: \[ … \] is a display wherever it stands (a one-line $$x$$ in a sentence is inline).
    out += `${chunk.slice(from, open)}$$\n${displayBody(chunk.slice(open + 2, close).trim())}\n$$`;
    from = close + 2;
  }
  return out + chunk.slice(from);
}

/**
 * `\( … \)` on one line → `$…$`; so is `\\( … \\)`, how Markdown that MathJax reads after it
 * (Jekyll, kramdown) writes it.
 */
function inlineParens(chunk: string): string {
  let out = '';
  let from = 0;
  let open = chunk.indexOf('\\(');
  while (open >= 0) {
    const lineEnd = chunk.indexOf('\n', open) < 0 ? chunk.length : chunk.indexOf('\n', open);
    const close = chunk.indexOf('\\)', open + 3);
    if (close < 0) break;
    if (close + 2 > lineEnd) {
      // Nothing closes on this line: the next opener is on a later line.
      open = chunk.indexOf('\\(', lineEnd);
      continue;
    }
    const doubled = open - 1 >= from && chunk[open - 1] === '\\' && chunk[close - 1] === '\\';
    out += `${chunk.slice(from, doubled ? open - 1 : open)}$${chunk.slice(open + 2, doubled ? close - 1 : close).trim()}$`;
    from = close + 2;
    open = chunk.indexOf('\\(', from);
  }
  return out + chunk.slice(from);
}

/** Whether the text before `offset` ends, blank space aside, with `$$`. */
function afterDisplayOpener(text: string, offset: number): boolean {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  return i >= 1 && text[i] === '$' && text[i - 1] === '$';
}

/**
 * Whether a line holds nothing but $$…$$ spans (a list or quote marker and closing stops aside).
 * A loop, not one regex: runs of blanks before and after the marker would make a regex backtrack.
 */
function formulasOnly(line: string): boolean {
  const rest = line.replace(/\$\$[^$]*\$\$/g, '').trim();
  const marker = /^(?:[-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|>)/.exec(rest)?.[0].length ?? 0;
  for (let i = marker; i < rest.length; i++) if (!/[\s.,;:!?>]/.test(rest[i] ?? '')) return false;
  return true;
}

/**
 * remark-math closes a $$ block only on a line of its own, so `text $$x$$` spanning lines, or
 * `$$x$$` followed by text, would swallow the rest of the note. Every $$…$$ span that is not
 * in a table row is rewritten as a fenced block, indented like the line it starts on.
 */
function displayDollarsOnOwnLines(chunk: string): string {
  if (!chunk.includes('$$')) return chunk;
  // The line of the previous span: spans come in order, so each line is looked at once.
  let lineStart = -1;
  let lineEnd = -1;
  let tableRow = false;
  let indent = '';
  let spanOnLine = false;
  // Whether the line holds formulas only, worked out once per line, not once per span.
  let onlyFormulas: boolean | undefined;
  return chunk.replace(/\$\$([\s\S]+?)\$\$/g, (whole, body: string, offset: number) => {
    if (offset >= lineEnd || offset < lineStart) {
      lineStart = chunk.lastIndexOf('\n', offset - 1) + 1;
      lineEnd = chunk.indexOf('\n', offset) < 0 ? chunk.length : chunk.indexOf('\n', offset);
      const line = chunk.slice(lineStart, lineEnd);
      tableRow = /^\s*\|/.test(line);
      const lead = /^(\s*(?:[-*+]\s+|\d+[.)]\s+|(?:>\s*)+)?)/.exec(line)?.[1] ?? '';
      indent = lead.replace(/[^>\s]/g, ' ').replace(/>\s*/g, '> ');
      spanOnLine = false;
      onlyFormulas = undefined;
    }
    const keep = tableRow || /\n\s*\n/.test(body);
    // Inside a sentence (words before it on its line, or after it other than a closing stop),
    // `$$x$$` is inline math, as kramdown writes it: one $ on each side, as remark reads it.
    // (A line of formulas only, `$$a$$ $$b$$`, is displays.)
    if (!keep && !body.includes('\n') && body.trim() === body && body !== '' && !(onlyFormulas ??= formulasOnly(chunk.slice(lineStart, lineEnd)))) {
      spanOnLine = true;
      return `$${body.trim()}$`;
    }
    // Text before the span on its line (an earlier span counts as text).
    const before = !keep && (spanOnLine || chunk.slice(lineStart, offset).trim() !== '') ? `\n${indent}\n` : '';
    spanOnLine = true;
    // A span running over several lines: the next one looks at its own line afresh.
    if (body.includes('\n')) lineEnd = -1;
    if (keep) return whole;
    // In a block quote the body's lines carry the quote's > marks already: they are set again.
    const depth = (indent.match(/>/g) ?? []).length;
    const unquoted = (line: string) => {
      let t = line.trim();
      for (let k = 0; k < depth && t.startsWith('>'); k++) t = t.slice(1).trimStart();
      return t;
    };
    const lines = body.trim().split('\n').map(unquoted);
    const inner = (depth ? lines.filter((l) => l !== '') : lines).map((l) => `${indent}${l}`).join('\n');
    return `${before}${before ? indent : ''}$$\n${inner}\n${indent}$$\n${indent}\n${indent}`;
  });
}
