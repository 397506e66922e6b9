// Text direction: a note mostly in a right-to-left script (or marked dir="rtl") gets a
// right-to-left main language, and its words come back from the PDF in reading order: pairs of
// neighbouring words of the note are looked up in the PDF's text both ways round.
import { isRtlLetter, proseText, rtlShare } from './note-scan.js';
import { commandUses, documentBody, preamble } from './tex-scan.js';
import { NOT_APPLICABLE, result, type CheckResult, type ReaderInput } from './types.js';

const RTL_LANGUAGES = new Set(['arabic', 'hebrew', 'persian', 'farsi', 'urdu', 'syriac', 'divehi', 'pashto', 'sindhi', 'uyghur', 'kurdish', 'sorani', 'yiddish', 'dhivehi', 'ar', 'he', 'fa', 'ur']);

/**
 * The document's main language, lower case: a \selectlanguage at the start of the body (before
 * any text), else what the preamble sets (polyglossia, or babel's main or last language).
 */
export function mainLanguage(tex: string): string | null {
  const start = documentBody(tex).split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('%'));
  for (const line of start.slice(0, 40)) {
    const select = /^\\selectlanguage\{([^}]+)\}/.exec(line.trim());
    if (select) return (select[1] ?? '').trim().toLowerCase();
    if (/^\\(?:title|author|date|maketitle|section|chapter|begin\{frame\}|begin\{letter\})/.test(line.trim())) break;
  }
  const pre = preamble(tex);
  for (const cmd of ['setmainlanguage', 'setdefaultlanguage']) {
    const use = commandUses(pre, cmd)[0];
    if (use?.args[0]) return use.args[0].trim().toLowerCase();
  }
  for (const use of commandUses(pre, 'babelprovide')) {
    const options = pre.slice(use.at, use.end);
    if (/\[[^\]]*\bmain\b/.test(options) && use.args[0]) return use.args[0].trim().toLowerCase();
  }
  const babel = /\\usepackage\[([^\]]*)\]\{babel\}/.exec(pre);
  if (babel) {
    const options = (babel[1] ?? '').split(',').map((o) => o.trim()).filter((o) => o && !o.includes('='));
    const main = /main=([a-z]+)/.exec(babel[1] ?? '');
    if (main) return main[1] ?? null;
    return options[options.length - 1]?.toLowerCase() ?? null;
  }
  return /\\documentclass/.test(pre) ? 'english' : null;
}

/** A token without the punctuation around it (a loop: no regex that rescans a run). */
export function trimToLetters(token: string): string {
  const chars = [...token];
  let start = 0;
  let end = chars.length;
  while (start < end && !/\p{L}/u.test(chars[start] ?? '')) start++;
  while (end > start && !/[\p{L}\p{M}]/u.test(chars[end - 1] ?? '')) end--;
  return chars.slice(start, end).join('');
}

/** The words of a line, in order: right-to-left words as they are, anything else an empty gap. */
function rtlWords(line: string): string[] {
  return line
    .normalize('NFKC')
    .replace(/\u0640/g, '')
    .split(/\s+/)
    .map((token) => {
      const word = trimToLetters(token);
      const allRtl = word.length >= 2 && [...word].every((ch) => /\p{M}/u.test(ch) || isRtlLetter(ch.codePointAt(0) ?? 0));
      return allRtl ? word : '';
    });
}

/** Neighbouring right-to-left word pairs of the note found in the PDF in order and reversed. */
export function readingOrder(noteProse: string, pdfText: string): { inOrder: number; reversed: number } {
  const pdf = ` ${pdfText.normalize('NFKC').replace(/\u0640/g, '').replace(/\s+/g, ' ')} `;
  let inOrder = 0;
  let reversed = 0;
  let tried = 0;
  for (const line of noteProse.split('\n')) {
    const words = rtlWords(line);
    for (let i = 0; i + 1 < words.length && tried < 400; i++) {
      const a = words[i];
      const b = words[i + 1];
      if (!a || !b || a === b) continue;
      tried++;
      if (pdf.includes(` ${a} ${b} `)) inOrder++;
      else if (pdf.includes(` ${b} ${a} `)) reversed++;
    }
  }
  return { inOrder, reversed };
}

/** Web addresses of the note that the PDF prints backwards ("moc.buhtig"). */
function reversedAddresses(noteProse: string, pdfText: string): string[] {
  const out: string[] = [];
  const re = /\bhttps?:\/\/([A-Za-z0-9.-]{4,100})/g;
  for (let m = re.exec(noteProse); m !== null; m = re.exec(noteProse)) {
    const host = m[1] ?? '';
    const backwards = [...host].reverse().join('');
    if (!pdfText.includes(host) && pdfText.includes(backwards)) out.push(host);
  }
  return out;
}

export function isRtlNote(input: Pick<ReaderInput, 'note' | 'lines'>): boolean {
  if (/\bdir\s*=\s*["']?rtl\b/i.test(input.note)) return true;
  const share = rtlShare(proseText(input.lines));
  return share.letters > 0 && share.rtl / share.letters > 0.5;
}

export function checkDirection(input: ReaderInput): CheckResult {
  const prose = proseText(input.lines);
  const defects: string[] = [];
  for (const host of reversedAddresses(prose, input.pdfText)) defects.push(`web address printed backwards (${host})`);
  if (!isRtlNote(input)) return defects.length ? result(defects) : NOT_APPLICABLE;
  const main = mainLanguage(input.tex);
  if (!main || !RTL_LANGUAGES.has(main)) defects.push(`right-to-left note with main language ${main ?? 'none'}`);
  const order = readingOrder(prose, input.pdfText);
  if (order.reversed > order.inOrder) defects.push(`words read backwards (${order.reversed} word pairs reversed, ${order.inOrder} in order)`);
  return result(defects, { value: order.inOrder + order.reversed === 0 ? 1 : order.inOrder / (order.inOrder + order.reversed) });
}
