// Empty units: slides, sections and chapters a reader turns to and finds (almost) nothing in; and
// the slide count against the note's own slide separators.
import { detex, documentBody, environments } from './tex-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';
import { UNSPACED as UNSPACED_SCRIPTS } from '../../server/latex/generate/builtin/parse/notes/headings.js';

const UNIT = /\\(part|chapter|section|subsection|subsubsection)\*?(?:\[[^\]]*\])?\{/g;
const DEPTH: Record<string, number> = { part: -1, chapter: 0, section: 1, subsection: 2, subsubsection: 3 };
/** Content that shows without words: figures, tables, formulas, code, pictures. */
const NON_WORD_CONTENT = /\\(?:includegraphics|begin\{(?:tabular|tabularx|longtable|table|figure|lstlisting|verbatim|equation|align|gather|multline|displaymath|lgfigure|itemize|enumerate|description|center)\b|\[|lgimage|lgplaceholder|titlepage|tableofcontents|maketitle|sectionpage|partpage)|\$\$|\\\(/;

/** Scripts written without spaces (the generator's own list): each character counts as a word. */
const UNSPACED = new RegExp(UNSPACED_SCRIPTS.source, 'gu');

function words(src: string): number {
  const text = detex(src);
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length + (text.match(UNSPACED)?.length ?? 0);
}

/** Sectioning units whose own text (before the next heading of any depth) is empty and that have no child unit. */
export function emptySections(tex: string): string[] {
  const body = documentBody(tex);
  const heads: Array<{ at: number; textStart: number; depth: number; title: string }> = [];
  UNIT.lastIndex = 0;
  for (let m = UNIT.exec(body); m !== null; m = UNIT.exec(body)) {
    const open = m.index + m[0].length - 1;
    let depth = 0;
    let end = open;
    for (; end < body.length; end++) {
      if (body[end] === '\\') {
        end++;
        continue;
      }
      if (body[end] === '{') depth++;
      else if (body[end] === '}' && --depth === 0) break;
    }
    heads.push({ at: m.index, textStart: end + 1, depth: DEPTH[m[1] ?? 'section'] ?? 1, title: detex(body.slice(open + 1, end)).trim() });
  }
  const empty: string[] = [];
  for (let k = 0; k < heads.length; k++) {
    const h = heads[k] as (typeof heads)[number];
    const next = heads[k + 1];
    const own = body.slice(h.textStart, next ? next.at : body.length).replace(/\\end\{frame\}[\s\S]*$/, '');
    const hasChild = next !== undefined && next.depth > h.depth;
    if (hasChild) continue;
    if (words(own) < 2 && !NON_WORD_CONTENT.test(own)) empty.push(h.title || '(untitled)');
  }
  return empty;
}

/** Frames with a title or nothing at all, and no content. */
export function emptyFrames(tex: string): string[] {
  const body = documentBody(tex);
  const empty: string[] = [];
  for (const f of environments(body, ['frame'])) {
    let content = body.slice(f.contentStart, f.contentEnd);
    // The title group and options: `[allowframebreaks]{Title}\relax`.
    const head = /^\s*(?:\[[^\]]*\])?\s*(?:\{((?:[^{}]|\{[^{}]*\})*)\})?(?:\\relax)?/.exec(content);
    const title = head?.[1] ? detex(head[1]).trim() : '';
    content = content.slice(head?.[0].length ?? 0).replace(/\\frametitle\{[^}]*\}/, '');
    if (words(content) === 0 && !NON_WORD_CONTENT.test(content)) empty.push(title || '(untitled)');
  }
  return empty;
}

/** Slide separators the note itself uses: `---` lines (Marp, Slidev, reveal), `<SLIDE>` tags, "Slide N:" lines. */
export function noteSlideSeparators(input: ReaderInput): number {
  let n = 0;
  const lines = input.lines;
  /** Whether the last line with text was a counted rule: a marker under it opens the same slide ("---" then "Slide 3: …"). */
  let afterRule = false;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as (typeof lines)[number];
    if (l.literal) continue;
    if (l.text.trim() === '') continue;
    const rule = afterRule;
    afterRule = false;
    if (/^---\s*$/.test(l.text)) {
      // A setext underline belongs to the line above it.
      if (k > 0 && (lines[k - 1]?.text.trim() ?? '') !== '' && !lines[k - 1]?.literal) continue;
      n++;
      afterRule = true;
      // Slidev: `---` key: value lines `---` opens one slide, not two.
      let j = k + 1;
      while (j < lines.length && j - k <= 10 && /^\s*[A-Za-z][\w-]*\s*:/.test(lines[j]?.text ?? '')) j++;
      if (j > k + 1 && /^---\s*$/.test(lines[j]?.text ?? '')) k = j;
    } else if (/<SLIDE>/.test(l.text)) n += rule ? 0 : 1;
    else if (/^\s*slide\s+\d{1,3}\s*[:.)-]/i.test(l.text)) n += rule ? 0 : 1;
  }
  return n;
}

export function checkEmptyUnits(input: ReaderInput): CheckResult {
  const defects: string[] = [];
  if (input.type === 'presentation') {
    const frames = emptyFrames(input.tex);
    if (frames.length) defects.push(`${frames.length} empty slide(s) ("${frames.slice(0, 4).join('", "')}")`);
    const separators = noteSlideSeparators(input);
    if (separators >= 2) {
      const count = environments(documentBody(input.tex), ['frame']).length - (/\\titlepage/.test(input.tex) ? 1 : 0);
      const expected = separators + 1;
      if (Math.abs(count - expected) > Math.max(1, Math.round(expected * 0.25))) defects.push(`${count} slides for the note's ${expected}`);
    }
  }
  const sections = emptySections(input.tex);
  if (sections.length) defects.push(`${sections.length} empty section(s) ("${sections.slice(0, 4).join('", "')}")`);
  return result(defects);
}
