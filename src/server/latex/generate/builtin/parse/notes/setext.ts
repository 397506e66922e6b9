// Headings typed the way plain text marks them: a line underlined with === or --- (setext, as
// README files and e-mails do). The underline goes; the first line of the note stays with its
// lines for the title block, every other underlined line is a heading line of its own (read as a
// section head: see sectionHead in blocks.ts), === ranking above --- when the note uses both. A
// short --- under a longer line ("Thanks!" / "---") is a slide separator, not an underline.
import type { Segment } from './index.js';

type Lines = Extract<Segment, { kind: 'lines' }>;

/** The underline's character, when line 1 of the segment underlines line 0. */
function underline(s: Segment): '=' | '-' | null {
  if (s.kind !== 'lines' || s.lines.length < 2) return null;
  const [text, under] = [s.lines[0], s.lines[1]];
  if (!text || !under || text.indent > 0 || under.indent > 0) return null;
  const t = text.text;
  if (t.length === 0 || t.length > 100 || /^(?:[-*+•]\s|\d{1,3}[.)]\s|\||[=-]{3,}$)/.test(t)) return null;
  const u = under.text.trimEnd();
  if (/^={3,}$/.test(u)) return '=';
  return /^-{3,}$/.test(u) && (u.length >= 8 || u.length * 2 >= [...t].length) ? '-' : null;
}

export interface Setext {
  segments: Segment[];
  /** The heading lines' segments: 'top' for === when the note also uses ---, else 'under'. */
  heads: Map<Segment, 'top' | 'under'>;
}

/** The segments with their underlines taken out; `titleFirst`: the note's first line is left to the title block. */
export function setextHeadings(segments: Segment[], titleFirst: boolean): Setext {
  const marks = segments.map(underline);
  const heads = new Map<Segment, 'top' | 'under'>();
  if (marks.every((m) => m === null)) return { segments, heads };
  const both = marks.some((m, k) => k > 0 && m === '=') && marks.some((m, k) => k > 0 && m === '-');
  const out = segments.flatMap((s, k): Segment[] => {
    const mark = marks[k];
    if (mark === null || mark === undefined) return [s];
    const [text, , ...rest] = (s as Lines).lines;
    const line = text as NonNullable<typeof text>;
    if (k === 0 && titleFirst) return [{ ...(s as Lines), lines: [line, ...rest] }];
    const head: Lines = { ...(s as Lines), lines: [line] };
    heads.set(head, both && mark === '=' ? 'top' : 'under');
    return [head, ...(rest.length ? [{ kind: 'lines' as const, lines: rest, blankBefore: 0 }] : [])];
  });
  return { segments: out, heads };
}
