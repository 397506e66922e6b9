// Speaker notes in a note's text, as the builtin generator reads them: pandoc's `::: notes`
// divs, org `#+BEGIN_NOTES` blocks, and in a Markdown slide deck (two or more separators: ---,
// *** or ___ after a blank line, <section> tags) reveal.js `Note:` / `Notes:` lines with the
// rest of their slide (up to a separator, a heading or </section>). Marp and Slidev notes are
// HTML comments, which are never words of a note (note-text.ts). A presentation hides speaker
// notes (beamer's \note), so their words are not words the PDF must keep; any other document
// type shows them under a label, so only the markers go (`::: notes`, `Note:`), as the other
// markup does. One pass over the lines.
const SEPARATORS = new Set(['---', '***', '___']);

function isFence(trimmed: string): string | null {
  return trimmed.startsWith('```') ? '```' : trimmed.startsWith('~~~') ? '~~~' : null;
}

function colonRun(trimmed: string): number {
  let n = 0;
  while (trimmed[n] === ':') n++;
  return n;
}

/** `::: notes`, `:::notes`, `::: {.notes}`: a pandoc speaker-notes div opening. */
function opensNotesDiv(trimmed: string): boolean {
  const colons = colonRun(trimmed);
  if (colons < 3) return false;
  const rest = trimmed.slice(colons).trim().toLowerCase();
  return rest === 'notes' || (rest.startsWith('{') && rest.endsWith('}') && rest.slice(1, -1).trim().split(/\s+/)[0] === '.notes');
}

/** Length of a `Note:` / `Notes:` marker starting the line (no indentation), or 0. */
function revealMarker(line: string): number {
  const head = line.slice(0, 6).toLowerCase();
  const length = head.startsWith('notes:') ? 6 : head.startsWith('note:') ? 5 : 0;
  const after = line[length];
  return length > 0 && (after === undefined || after === ' ' || after === '\t') ? length : 0;
}

/** The first line after front matter (--- … --- or +++ … +++), or 0. */
function bodyStart(lines: string[]): number {
  const opener = lines[0]?.trim();
  if (opener !== '---' && opener !== '+++') return 0;
  for (let i = 1; i < lines.length; i++) {
    const t = (lines[i] as string).trim();
    if (t === opener || (opener === '---' && t === '...')) return i + 1;
  }
  return 0;
}

function isSeparator(lines: string[], i: number): boolean {
  const trimmed = (lines[i] as string).trim();
  if (/^<section\b/i.test(trimmed)) return true;
  return SEPARATORS.has(trimmed) && (i === 0 || (lines[i - 1] as string).trim() === '');
}

/**
 * Whether a Markdown note is a slide deck: two or more separators outside code, or one that
 * opens Slidev's per-slide front matter (`---` then `layout: …`).
 */
function isDeck(lines: string[], start: number): boolean {
  let fence: string | null = null;
  let separators = 0;
  for (let i = start; i < lines.length; i++) {
    const trimmed = (lines[i] as string).trim();
    const f = isFence(trimmed);
    if (f && (fence === null || fence === f)) fence = fence === null ? f : null;
    else if (fence === null && isSeparator(lines, i)) {
      if (++separators >= 2 || (trimmed === '---' && /^[a-z][A-Za-z0-9_-]*:( |$)/.test(lines[i + 1] ?? ''))) return true;
    }
  }
  return false;
}

/** Where a reveal.js slide ends: a separator, an ATX heading, <section> or </section>. */
function endsSlide(lines: string[], i: number): boolean {
  const trimmed = (lines[i] as string).trim();
  return isSeparator(lines, i) || SEPARATORS.has(trimmed) || /^#{1,6}(\s|$)/.test(trimmed) || /^<\/?section\b/i.test(trimmed);
}

/**
 * The note without speaker-note markers, and without the notes' text unless `keep`. Lines are
 * blanked rather than removed, so what the rest of the note holds reads the same. `format` is
 * note-text.ts's NoteFormat (only `markdown` and `org` have speaker notes).
 */
export function withoutSpeakerNotes(note: string, format: string, keep: boolean): string {
  const lower = note.toLowerCase();
  const org = format === 'org' && lower.includes('#+begin_notes');
  const markdown = format === 'markdown' && (lower.includes('notes') || lower.includes('note:'));
  if (!org && !markdown) return note;
  const lines = note.split('\n');
  const start = bodyStart(lines);
  const deck = markdown && isDeck(lines, start);
  let fence: string | null = null;
  // Open ::: containers, true where a speaker-notes div opened, and how many of those are open.
  const divs: boolean[] = [];
  let notesDivs = 0;
  let inOrgNotes = false;
  let inReveal = false;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    const hidden = (): boolean => !keep && (inOrgNotes || inReveal || notesDivs > 0);
    if (org) {
      const t = trimmed.toLowerCase();
      if (t === '#+begin_notes' || t.startsWith('#+begin_notes ')) inOrgNotes = true;
      else if (t === '#+end_notes') inOrgNotes = false;
      else if (hidden()) lines[i] = '';
      continue;
    }
    const f = isFence(trimmed);
    if (f && (fence === null || fence === f)) fence = fence === null ? f : null;
    else if (fence === null) {
      if (inReveal && endsSlide(lines, i)) inReveal = false;
      const colons = colonRun(trimmed);
      if (colons >= 3 && trimmed.slice(colons).trim() !== '') {
        const notes = opensNotesDiv(trimmed);
        divs.push(notes);
        if (notes) {
          notesDivs++;
          lines[i] = '';
          continue;
        }
      } else if (colons >= 3 && colons === trimmed.length && divs.length) {
        if (divs.pop() === true) notesDivs--;
      } else if (deck && !inReveal && notesDivs === 0) {
        const marker = revealMarker(line);
        if (marker > 0) {
          inReveal = true;
          lines[i] = keep ? line.slice(marker) : '';
          continue;
        }
      }
    }
    if (hidden()) lines[i] = '';
  }
  return lines.join('\n');
}
