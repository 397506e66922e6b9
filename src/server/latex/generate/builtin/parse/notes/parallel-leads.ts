// Blocks a note opens with lines of one shape ("DAY 1 fri 16 – …", "DAY 3 sun 18 – …"; "Pour la
// pâte brisée :", "Pour la garniture :") are one kind of block: their first lines are one kind of
// line, so one level. When some of them head their block and others do not (one had a longer
// line, an arrow, a fourth word), all of them do, as the first that did. Short questions over
// their answers ("So, conclusion?", "What went wrong?") are one kind too.
import type { HeadingKind } from './chunk-context.js';
import type { NoteLine } from './lines.js';
import { markOf } from './marks.js';
import { WEEKDAYS } from './headings.js';

/** The level a block's first line is made a heading at, as its siblings were. */
export interface HeadAs {
  depth: number;
  kind: HeadingKind;
}

/** The shape a block's first line shares with its siblings' ("day #", "pour :"), or null. */
export function leadShape(line: NoteLine | undefined): string | null {
  if (!line || line.indent > 0 || markOf(line).mark !== null) return null;
  const t = line.text.trim();
  if (t.length > 80 || /[.!?。！？,;]$/u.test(t)) return null;
  // A day of the week ("MONDAY: long-term causes", "Wednesday - the July Crisis"), a word and its number ("DAY 3", "Week 2", "Lab 4"), or a label's first word and its colon.
  if (WEEKDAYS.has((/^\p{L}+/u.exec(t)?.[0] ?? '').toLowerCase()) && t.length <= 60) return 'weekday';
  const numbered = /^(\p{L}{2,})[ \t]+(?:\d{1,3}|[IVX]{1,4})(?![\p{L}\p{N}])/u.exec(t);
  if (numbered) return `${(numbered[1] ?? '').toLowerCase()} #`;
  const label = /^(\p{L}{2,})(?:[ \t]+[^:：]{1,40}?)?[ \t]?[:：]$/u.exec(t);
  return label ? `${(label[1] ?? '').toLowerCase()} :` : null;
}

/** A name of one to three words over points ("Ingredientes:" / "- 5 huevos", "Pasos" / "1) pelar …"). */
function overPoints(line: NoteLine | undefined, next: NoteLine | undefined): boolean {
  const t = line?.text.trim() ?? '';
  return line !== undefined && line.indent === 0 && markOf(line).mark === null && next !== undefined && markOf(next).mark !== null && next.indent <= 2 && t.length <= 30 && /^\p{L}[\p{L}'’-]*(?:[ \t]\p{L}[\p{L}'’-]*){0,2}[ \t]?[:：]?$/u.test(t);
}

/** "So, conclusion?" over its answer: a short question alone on the block's first line, a line that is no question under it. */
function questionOverAnswer(line: NoteLine | undefined, next: NoteLine | undefined): boolean {
  // (Not a line of dialogue: "“Where were you?”", "— Where were you?")
  const question = (l: NoteLine) => /^[^?？؟"“„«‘'—–-][^?？؟]{1,57}[?？؟]$/u.test(l.text.trim()) && l.text.trim().split(/\s+/).length <= 8;
  return line !== undefined && next !== undefined && line.indent === 0 && markOf(line).mark === null && question(line) && !question(next) && next.text.trim().length > 0;
}

/** Each block's shape (its first two lines given); a name over points with no sibling of its own shape is one kind of head with the others, colon or not. */
export function leadShapes(firsts: ReadonlyArray<readonly [NoteLine | undefined, NoteLine | undefined] | null>): Array<string | null> {
  const shapes = firsts.map((f) => (f ? (leadShape(f[0]) ?? (questionOverAnswer(f[0], f[1]) ? 'question' : null)) : null));
  const count = new Map<string, number>();
  for (const s of shapes) if (s !== null) count.set(s, (count.get(s) ?? 0) + 1);
  return shapes.map((s, k) => ((s === null || count.get(s) === 1) && firsts[k] && overPoints(firsts[k]?.[0], firsts[k]?.[1]) ? 'name over points' : s));
}

/**
 * The blocks whose first line is to head them as its siblings do: `leads` gives each block's
 * shape, `headed` whether its first line became a heading and at which level. Blocks not followed
 * by anything (the note's last line) head nothing.
 */
export function evenLeads(leads: Array<string | null>, headed: Array<HeadAs | null>, followed: (k: number) => boolean): Map<number, HeadAs> {
  const groups = new Map<string, number[]>();
  leads.forEach((shape, k) => {
    if (shape !== null) groups.set(shape, [...(groups.get(shape) ?? []), k]);
  });
  const out = new Map<number, HeadAs>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const first = members.map((k) => headed[k]).find((h): h is HeadAs => h != null);
    if (!first) continue;
    if (members.every((k) => headed[k])) continue;
    // (Those that did head keep their level: read again, what is above them may differ.)
    for (const k of members) if (headed[k] || followed(k)) out.set(k, headed[k] ?? first);
  }
  return out;
}
