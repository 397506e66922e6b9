// What a TeX log says a reader will see wrong: characters the fonts lack ("Missing character:
// There is no … in font …!"), boxes that run into the margin ("Overfull \hbox (12.3pt too wide)"),
// and how many pages came out. Forward indexOf walks only.

export interface MissingGlyphs {
  /** Occurrences in the log (TeX logs each character each time it is typeset). */
  count: number;
  /** Each missing character (as the log names it: `한`, `U+1F600` or `^^e2`) with its count. */
  chars: Map<string, number>;
  fonts: Set<string>;
}

const MISSING = 'Missing character: There is no ';

export function missingGlyphs(log: string): MissingGlyphs {
  const result: MissingGlyphs = { count: 0, chars: new Map(), fonts: new Set() };
  for (let i = log.indexOf(MISSING); i !== -1; i = log.indexOf(MISSING, i + MISSING.length)) {
    const lineEnd = log.indexOf('\n', i);
    const line = log.slice(i + MISSING.length, lineEnd === -1 ? undefined : lineEnd);
    const inFont = line.lastIndexOf(' in font ');
    const what = (inFont === -1 ? line : line.slice(0, inFont)).trim();
    // XeTeX: `한 (U+D55C)`; pdfTeX: `^^e2`. Keep the character itself when XeTeX gives both.
    const paren = what.indexOf(' (U+');
    const char = paren > 0 ? what.slice(0, paren) : what;
    result.count++;
    result.chars.set(char, (result.chars.get(char) ?? 0) + 1);
    if (inFont !== -1) result.fonts.add(line.slice(inFont + ' in font '.length).replace(/!$/, ''));
  }
  return result;
}

export interface OverfullBoxes {
  /** Boxes over the limit. */
  count: number;
  /** The largest excess in points (0 when there is none). */
  maxPt: number;
}

const OVERFULL = 'Overfull \\';

/** Overfull \hbox and \vbox messages whose excess is more than `limitPt` points. */
export function overfullBoxes(log: string, limitPt = 10): OverfullBoxes {
  let count = 0;
  let maxPt = 0;
  for (let i = log.indexOf(OVERFULL); i !== -1; i = log.indexOf(OVERFULL, i + OVERFULL.length)) {
    const open = log.indexOf('(', i);
    const pt = log.indexOf('pt too ', open);
    if (open === -1 || pt === -1 || pt - open > 20) continue;
    const excess = Number.parseFloat(log.slice(open + 1, pt));
    if (!Number.isFinite(excess)) continue;
    maxPt = Math.max(maxPt, excess);
    if (excess > limitPt) count++;
  }
  return { count, maxPt };
}

/** Pages from "Output written on main.pdf (3 pages, 12345 bytes).", or null without one. */
export function pageCount(log: string): number | null {
  const at = log.lastIndexOf('Output written on ');
  if (at === -1) return null;
  const open = log.indexOf('(', at);
  const close = log.indexOf(' page', open);
  if (open === -1 || close === -1 || close - open > 12) return null;
  const pages = Number.parseInt(log.slice(open + 1, close), 10);
  return Number.isFinite(pages) ? pages : null;
}
