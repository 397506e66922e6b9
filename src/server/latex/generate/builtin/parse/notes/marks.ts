// The mark a line opens with: a bullet (• – - * o ·), a number (1. 1) (1) Step 1:), or none.
import type { NoteLine } from './lines.js';

export interface Marked {
  line: NoteLine;
  /** Where the text after the mark starts in line.text. */
  start: number;
  bullet: 'bullet' | 'number' | null;
  number: number;
}

const BULLET = /^([•◦▪▸►‣·\-*–—o])[ \t]+(?=\S)/u;
const NUMBERED = /^(?:(\d{1,3})[.)]|step[ \t]+(\d{1,3})[:.)]?|\((\d{1,3})\))[ \t]+(?=\S)/i;

export function markOf(line: NoteLine): Marked {
  const text = line.text;
  const b = BULLET.exec(text);
  // "o" is a bullet only when it stands alone before a word (outline notes), not "o'clock".
  if (b && !(b[1] === 'o' && !/^o[ \t]+\p{L}/u.test(text))) return { line, start: b[0].length, bullet: 'bullet', number: 0 };
  const n = NUMBERED.exec(text);
  if (n) return { line, start: n[0].length, bullet: 'number', number: Number(n[1] ?? n[2] ?? n[3] ?? 1) };
  return { line, start: 0, bullet: null, number: 0 };
}

/** The line's text after its mark. */
export function rest(m: Marked): string {
  return m.line.text.slice(m.start);
}
