// Line-start recall: a person who writes short lines one under another (an address, a formula
// sheet, a list of dates, definitions, problem then answer) means them as lines. Of the runs of
// short unmarked lines in the note, the share whose first words still start a line in the PDF.
import { shownText, type NoteLine } from './note-scan.js';
import { normalize } from './tex-scan.js';
import { NOT_APPLICABLE, result, type CheckResult, type ReaderInput } from './types.js';

/** A line is short at this many characters or fewer: no one wraps prose this narrow. */
export const SHORT_LINE = 45;
/** Recall at or above this passes. */
export const LINE_START_PASS = 0.9;

/** Lines that carry their own structure (lists, headings, quotes, tables, tags, fields, rules). */
function isMarked(text: string): boolean {
  const t = text.trimStart();
  return (
    /^(?:[-*+•◦▪–]|\d{1,3}[.)]|[a-zA-Z][.)]|#|>|\||=|:|\.\.|\[[ xX]\]|<\/?[A-Za-z]|\{|%|\/\/|!\[)/.test(t) ||
    /^[-=~^*_+#`'":.]{3,}$/.test(t.trim())
  );
}

/** Lines whose text the document turns into math or symbols: their words may not survive as typed. */
function isFormulaLike(text: string): boolean {
  return /[\\$^_={}<>*]|->|\d\s*[+/]\s*\d/.test(text);
}

/**
 * Runs of two or more consecutive short unmarked lines, in paragraphs of the note where every
 * unmarked line is short (a paragraph with one long line is prose wrapped by hand).
 */
export function shortLineRuns(lines: NoteLine[]): NoteLine[][] {
  const runs: NoteLine[][] = [];
  let block: NoteLine[] = [];
  const flushBlock = () => {
    const prose = block.some((l) => !isMarked(l.text) && [...l.text.trim()].length > SHORT_LINE);
    // In a block with list items, an indented unmarked line continues the item above it.
    const listBlock = block.some((l) => isMarked(l.text));
    if (!prose) {
      let run: NoteLine[] = [];
      for (const l of [...block, null]) {
        if (l && !isMarked(l.text) && !(listBlock && /^\s/.test(l.text))) run.push(l);
        else {
          // Sentences one per line (semantic line breaks) read as well joined: not a run.
          if (run.length >= 2 && !run.every((r) => /[.!?。！？:;]["'”’»)]*$/.test(r.text.trim()))) runs.push(run);
          run = [];
        }
      }
    }
    block = [];
  };
  for (const line of lines) {
    if (line.literal || line.text.trim() === '') flushBlock();
    else block.push(line);
  }
  flushBlock();
  return runs;
}

const LEADING_MARKS = /^(?:[•◦▪‣∙·\-–—*☐☑☒□■✓✗⊠]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)]|\d{1,2}(?:\.\d{1,2}){1,3}\.?)\s*/u;

/** The PDF's lines as line starts to look words up in: marks of lists and numbering taken off. */
export function pdfLineStarts(layout: string): string[] {
  const out: string[] = [];
  for (const raw of layout.split(/\n|\f/)) {
    let t = raw.trim();
    for (let k = 0; k < 3; k++) {
      const m = LEADING_MARKS.exec(t);
      if (!m || m[0] === '') break;
      t = t.slice(m[0].length);
    }
    const n = normalize(t);
    if (n) out.push(n);
    // A section number LaTeX prints before a heading ("4 Data", "2.1 Sites"): the heading's line starts after it.
    const numbered = /^\d{1,2}(?:\.\d{1,2})*\s+(?=\p{L})/u.exec(t);
    if (numbered) out.push(normalize(t.slice(numbered[0].length)));
  }
  return out;
}

/** The first words of a line as the PDF would start with them (null when too short to tell). */
function prefixOf(text: string): string | null {
  const n = normalize(text);
  const words = n.split(' ').slice(0, 3).join(' ');
  return [...words].length >= 4 ? words : null;
}

export function checkLineStarts(input: ReaderInput): CheckResult {
  const runs = shortLineRuns(input.lines);
  if (runs.length === 0) return NOT_APPLICABLE;
  const starts = pdfLineStarts(input.pdfLayout);
  // A line whose words the PDF does not print at all (metadata, directives) is another check's business.
  const everywhere = ` ${normalize(input.pdfText)} `;
  let checked = 0;
  let found = 0;
  const lost: string[] = [];
  for (const run of runs) {
    for (const line of run) {
      if (isFormulaLike(line.text)) continue;
      const prefix = prefixOf(shownText(line.text));
      if (!prefix || !everywhere.includes(` ${prefix}`)) continue;
      checked++;
      if (starts.some((s) => s.startsWith(prefix))) found++;
      else if (lost.length < 6) lost.push(line.text.trim().slice(0, 40));
    }
  }
  if (checked === 0) return NOT_APPLICABLE;
  const recall = found / checked;
  const defects = recall < LINE_START_PASS ? [`${checked - found} of ${checked} lines run into others (e.g. "${lost.join('", "')}")`] : [];
  return result(defects, { value: recall });
}
