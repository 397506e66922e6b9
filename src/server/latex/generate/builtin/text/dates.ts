// Dates as people write them on a line of their own (a letter's date line, a date under a title,
// a heading that is only a date). One pattern, anchored, on short lines only.

const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|er|º|°)?`;
const YEAR = String.raw`\d{4}(?:\s*(?:г\.?|года?|r\.))?`;
/**
 * A date line in the common forms (optionally after a place or weekday and a comma, or
 * "le/den/am/el/em"): 24.12.2013, 2013-12-24, December 24, 2013, 24. Dezember 2013,
 * 24 de diciembre de 2013, 24 декабря 2013 г., 2013年12月24日, 2013년 12월 24일.
 */
const DATE_RE = new RegExp(
  String.raw`^(?:[\p{L} ]+,\s*)?(?:(?:le|den|am|el|em|il)\s+)?(?:` +
    String.raw`\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ]\d{2}:\d{2}[^\n]*)?|` +
    String.raw`\p{L}{3,9}\.? ${DAY},? ${YEAR}|${DAY}\.?\s+(?:de\s+)?\p{L}{3,12}\.?,?\s+(?:de\s+)?${YEAR}|` +
    String.raw`\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*[日일](?:\s*\(?\p{L}\)?)?)\.?$`,
  'iu',
);

/** A date line (short lines only: the pattern runs on at most 60 characters). */
export function isDate(line: string): boolean {
  return line.length <= 60 && DATE_RE.test(line.trim());
}
