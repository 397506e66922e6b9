// Characters the fonts could not draw, from TeX's "Missing character" log lines, as sentences for
// the person reading the PDF: such a character is simply left out of the page while the compile
// still succeeds. Pure and linear in the log's length (indexOf scanning, no regular expressions
// over the whole log), so it can run wherever the log parser runs.

const MARKER = 'Missing character: There is no ';
/** Sentences returned at most; the rest are counted in one closing sentence. */
export const MAX_GLYPH_WARNINGS = 8;

interface Lost {
  char: string;
  code: string | null;
}

/** One lost character from the text after the marker: `ก (U+0E01) in font …` (XeTeX) or `^^ff in font cmr10!` (pdfTeX). */
function readLost(rest: string): Lost | null {
  const inFont = rest.indexOf(' in font ');
  if (inFont <= 0) return null;
  const what = rest.slice(0, inFont);
  const open = what.lastIndexOf(' (U+');
  if (open > 0 && what.endsWith(')')) {
    const code = what.slice(open + 4, -1).toUpperCase();
    if (/^[0-9A-F]{4,6}$/.test(code)) return { char: String.fromCodePoint(parseInt(code, 16)), code };
  }
  // pdfTeX names 8-bit characters as ^^xx, or prints the raw byte (unreadable once decoded as UTF-8).
  if (/^\^\^[0-9a-f]{2}$/.test(what)) return { char: what, code: null };
  if (what.length === 1 && what !== '\uFFFD') return { char: what, code: (what.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0') };
  return { char: '', code: null };
}

function sentence(lost: Lost): string {
  if (!lost.char) return 'The font has no glyph for a character of the text: it shows as a blank.';
  const shown = /\p{M}/u.test(lost.char) ? `\u25CC${lost.char}` : lost.char;
  return `The font has no glyph for ‘${shown}’${lost.code ? ` (U+${lost.code})` : ''}: it shows as a blank.`;
}

/** Deduplicated, capped warnings about characters missing from the fonts; [] when none. */
export function glyphWarnings(log: string): string[] {
  const seen = new Set<string>();
  const found: Lost[] = [];
  for (let at = log.indexOf(MARKER); at >= 0; at = log.indexOf(MARKER, at + MARKER.length)) {
    // A log line is at most a few hundred characters here; never scan past that for its end.
    const window = log.slice(at + MARKER.length, at + MARKER.length + 400);
    const end = window.indexOf('\n');
    const lost = readLost(end < 0 ? window : window.slice(0, end));
    if (!lost) continue;
    const key = lost.code ?? lost.char;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(lost);
  }
  const warnings = found.slice(0, MAX_GLYPH_WARNINGS).map(sentence);
  const more = found.length - MAX_GLYPH_WARNINGS;
  if (more > 0) warnings.push(`${more} more character${more === 1 ? '' : 's'} have no glyph in the fonts and show as blanks.`);
  return warnings;
}
