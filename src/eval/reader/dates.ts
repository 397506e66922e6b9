// Dates a note gives itself: in its front matter, on a "Date:" line, or on one of its first lines
// (ISO, day/month/year, month names in several languages, CJK year-month-day). What the title
// check compares with the document's \date.
import { MONTHS } from './language.js';
import type { NoteLine } from './note-scan.js';

export interface NoteDate {
  /** As the note writes it. */
  text: string;
  year?: number;
  day?: number;
}

const DIGITS: Record<string, string> = {};
for (const [zero, name] of [[0x0660, 'arabic-indic'], [0x06f0, 'persian'], [0x0966, 'devanagari'], [0x09e6, 'bengali'], [0x0e50, 'thai'], [0xff10, 'fullwidth']] as const) {
  void name;
  for (let d = 0; d < 10; d++) DIGITS[String.fromCodePoint(zero + d)] = String(d);
}

export function asciiDigits(s: string): string {
  let out = '';
  for (const ch of s) out += DIGITS[ch] ?? ch;
  return out;
}

const MONTH_WORDS = new Set(Object.values(MONTHS).flat());

function plain(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A date in one line of text, or null. */
export function findDate(line: string): NoteDate | null {
  const s = asciiDigits(line);
  let m = /\b((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(s);
  if (m) return { text: m[0], year: Number(m[1]), day: Number(m[3]) };
  m = /\b(\d{1,2})[./-](\d{1,2})[./-]((?:19|20)?\d{2})\b/.exec(s);
  if (m && Number(m[2]) <= 31 && Number(m[1]) <= 31) {
    const y = Number(m[3]);
    return { text: m[0], year: y < 100 ? 2000 + y : y };
  }
  m = /((?:19|20)\d{2})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(?:(\d{1,2})\s*[日일])?/.exec(s);
  if (m) return { text: m[0], year: Number(m[1]), ...(m[3] ? { day: Number(m[3]) } : {}) };
  const words = plain(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const monthAt = words.findIndex((w) => MONTH_WORDS.has(w));
  if (monthAt !== -1) {
    const near = words.slice(Math.max(0, monthAt - 4), monthAt + 5);
    const year = near.find((w) => /^(?:19|20)\d{2}$/.test(w));
    const day = near.find((w) => /^\d{1,2}(?:st|nd|rd|th|er|e|o|a)?$/.test(w));
    if (year) return { text: line.trim(), year: Number(year), ...(day ? { day: Number.parseInt(day, 10) } : {}) };
  }
  return null;
}

const DATE_KEY = /^\s*(?:date|datum|fecha|data|date de|дата|日付|日期|날짜|تاريخ|تاریخ|תאריך)\s*[:：=]\s*(.+)$/i;
const FRONT_DATE = /^\s*["']?date["']?\s*[:=](.+)$/i;

/** The note's own date: front matter, a date line, or a date on one of its first eight lines. */
export function noteDate(lines: NoteLine[]): NoteDate | null {
  for (const l of lines) {
    if (!l.frontMatter) continue;
    const m = FRONT_DATE.exec(l.text);
    const value = m?.[1]?.trim().replace(/^["']|["']$/g, '');
    if (value) return findDate(value) ?? { text: value };
  }
  const content = lines.filter((l) => !l.literal && l.text.trim() !== '');
  for (const l of content.slice(0, 20)) {
    const m = DATE_KEY.exec(l.text) ?? /^\s*#\+date:\s*(.+)$/i.exec(l.text) ?? /^\s*:date:\s*(.+)$/i.exec(l.text);
    if (m?.[1]) return findDate(m[1]) ?? { text: m[1].trim() };
  }
  for (const l of content.slice(0, 8)) {
    // A date standing on a short line of its own (a byline or a letter's date), not one inside a sentence.
    if ([...l.text.trim()].length > 60) continue;
    const d = findDate(l.text);
    if (d) return d;
  }
  return null;
}
