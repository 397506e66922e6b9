// The mark a line opens with: a bullet (• ● ◦ – - * o · ・ ->), a number (1. 1) (1) ١. Step 1:),
// a checkbox ([ ] [x] ☐ ☑, also after a bullet) or a reference label ([1]).
import type { NoteLine } from './lines.js';

export type MarkKind = 'bullet' | 'number' | 'check' | 'ref';

export interface Marked {
  line: NoteLine;
  /** Where the text after the mark starts in line.text. */
  start: number;
  mark: MarkKind | null;
  /** The item's number (numbers and references). */
  number: number;
  /** A checkbox's state. */
  checked: boolean | null;
  /** The bullet character (dashes of dialogue are told apart by the caller). */
  bullet?: string;
  /** A letter numbers the item ("a)", "(b)", "б)"): a run of two or more is a list (the caller counts them). */
  letter?: true;
  /** The label as typed, where LaTeX's letters are not the note's (Cyrillic "а)", "б)", Eastern digits "١."). */
  label?: string;
  /** Numbered with a closing parenthesis ("1)"): the list keeps it. */
  paren?: true;
}

/** (An arrow, "-> lunch in Dunkeld", opens an item only among other items: blocks.ts.) */
const BULLET = /^(?:([•●○◦▪▫▸►‣·\-*–—o➢➤✦]|->|=>|→|⇒)[ \t]+|(・)[ \t]*)(?=\S)/u;
const NUMBERED = /^(?:(\d{1,3})[.)]|(step[ \t]+(\d{1,3}))(?:[:.)]|[ \t]+[-–—])?|\((\d{1,2})\))[ \t]+(?=\S)/i;
/** Eastern Arabic and Persian digits with a full stop or a parenthesis: ١. ٢) */
const EASTERN = /^([\u0660-\u0669\u06f0-\u06f9]{1,3})[.)\u066b][ \t]*(?=\S)/u;
const CHECK = /^(?:[-*+•][ \t]+)?(?:\[([ xX✓✔])\]|([☐☑☒✅□▢⬜]))[ \t]*(?=\S)/u;
/** Boxes typed empty: ☐, and the squares people type for one (□ ▢ ⬜). */
const EMPTY_BOX = /^[ ☐□▢⬜]$/u;
const REFERENCE = /^\[(\d{1,3})\][ \t]+(?=\S)/;
const LETTERED = /^(?:([a-zа-я])\)|\(([a-zа-я])\))[ \t]+(?=\S)/u;
/** The Cyrillic letters that number items, in order (й, ъ, ы, ь are skipped, as in Russian lists). */
const CYRILLIC_ORDER = 'абвгдежзиклмнопрстуфхцчшщэюя';

function easternValue(digits: string): number {
  let n = 0;
  for (const ch of digits) {
    const cp = ch.codePointAt(0) ?? 0;
    n = n * 10 + (cp >= 0x06f0 ? cp - 0x06f0 : cp - 0x0660);
  }
  return n;
}

export function markOf(line: NoteLine): Marked {
  const text = line.text;
  const base = { line, number: 0, checked: null } as const;
  const c = CHECK.exec(text);
  if (c) {
    const state = c[1] ?? c[2] ?? ' ';
    return { ...base, start: c[0].length, mark: 'check', checked: !EMPTY_BOX.test(state) };
  }
  const r = REFERENCE.exec(text);
  if (r) return { ...base, start: r[0].length, mark: 'ref', number: Number(r[1]) };
  const b = BULLET.exec(text);
  // "o" is a bullet only when it stands alone before a word (outline notes), not "o'clock".
  if (b && !(b[1] === 'o' && !/^o[ \t]+\p{L}/u.test(text))) return { ...base, start: b[0].length, mark: 'bullet', bullet: b[1] ?? b[2] };
  const n = NUMBERED.exec(text);
  // ("Step 1 - light the smoker": the item keeps its word, "Step 1".)
  if (n) return { ...base, start: n[0].length, mark: 'number', number: Number(n[1] ?? n[3] ?? n[4] ?? 1), ...(n[1] !== undefined && n[0].trim().endsWith(')') ? { paren: true as const } : {}), ...(n[2] !== undefined ? { label: n[2] } : {}) };
  const e = EASTERN.exec(text);
  if (e) return { ...base, start: e[0].length, mark: 'number', number: easternValue(e[1] ?? ''), label: e[0].trim() };
  const l = LETTERED.exec(text);
  if (l) {
    const letter = l[1] ?? l[2] ?? 'a';
    if (letter <= 'z') return { ...base, start: l[0].length, mark: 'number', number: letter.charCodeAt(0) - 96, letter: true };
    return { ...base, start: l[0].length, mark: 'number', number: CYRILLIC_ORDER.indexOf(letter) + 1, letter: true, label: l[0].trim() };
  }
  return { ...base, start: 0, mark: null };
}

/** A dash that opens a line of dialogue (— Вы сын Николая Петровича? — спросила она.), not a bullet. */
export function isDialogue(m: Marked): boolean {
  if (m.bullet !== '—' && m.bullet !== '–') return false;
  const rest = m.line.text.slice(m.start);
  return /[.!?…»"”]$/.test(rest) || /\s[—–]\s/.test(rest);
}

/** An arrow typed as a bullet ("-> lunch in Dunkeld"): an item only among other arrows (blocks.ts). */
export function isArrowBullet(m: Marked | undefined): boolean {
  return /^(?:->|=>|→|⇒)$/u.test(m?.bullet ?? '');
}

/** A dash opens a list item among other dash items, or indented under an item. */
export function dashRun(lines: NoteLine[], m: Marked): boolean {
  const k = lines.indexOf(m.line);
  const dash = (l: NoteLine | undefined) => l !== undefined && /^[—–][ \t]/u.test(l.text);
  const prev = lines[k - 1];
  const under = prev !== undefined && m.line.indent > prev.indent && markOf(prev).mark !== null;
  return dash(prev) || dash(lines[k + 1]) || under;
}
