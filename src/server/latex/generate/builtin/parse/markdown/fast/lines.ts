// Source lines as the fast block parser sees them, and the space counting it does on them.
import { codes } from 'micromark-util-symbol';

export interface Line {
  text: string;
  /** Source offset of the line's first character. */
  start: number;
  /** 1-based line number. */
  no: number;
}

export function leadingSpaces(s: string, from: number): number {
  let i = from;
  while (s.charCodeAt(i) === codes.space) i++;
  return i - from;
}

export function trimEndSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === codes.space) end--;
  return end === s.length ? s : s.slice(0, end);
}

export function leadingRun(s: string, code: number): number {
  let i = 0;
  while (s.charCodeAt(i) === code) i++;
  return i;
}
