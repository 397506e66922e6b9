// A letter's end as a reader expects it: the closing sentence whole on its line, directly above
// the signature.
import type { NoteLine } from './note-scan.js';
import { normalize } from './tex-scan.js';
import { NOT_APPLICABLE, result, type CheckResult, type ReaderInput } from './types.js';

const CLOSINGS = [
  'sincerely', 'yours', 'regards', 'best', 'cheers', 'thanks', 'thank you', 'respectfully', 'cordially', 'warmly', 'love',
  'cordialement', 'salutations', 'bien a vous', 'amities', 'mit freundlichen', 'viele gruße', 'viele grusse', 'beste gruße',
  'liebe gruße', 'hochachtungsvoll', 'freundliche gruße', 'atentamente', 'saludos', 'un saludo', 'cordiales saludos',
  'atenciosamente', 'abracos', 'cordiali saluti', 'distinti saluti', 'с уважением', 'з повагою', '此致', '敬上', '敬具',
  'مع التحية', 'مع خالص', 'با احترام', 'בברכה', 'groeten', 'met vriendelijke',
].map((c) => normalize(c));

/** The closing line and the signature line under it, from the note's last lines. */
export function noteClosing(lines: NoteLine[]): { closing: string; signature: string | null } | null {
  const content = lines.filter((l) => !l.literal && l.text.trim() !== '');
  const tail = content.slice(-8);
  for (let k = tail.length - 1; k >= 0; k--) {
    const t = (tail[k] as NoteLine).text.trim().replace(/^[*_]+|[*_]+$/g, '');
    const n = normalize(t);
    if (!n || [...t].length > 60) continue;
    if (CLOSINGS.some((c) => n.startsWith(c)) || (/,$/.test(t) && k >= tail.length - 4 && k > 0)) {
      const sig = tail[k + 1]?.text.trim().replace(/^[*_]+|[*_]+$/g, '') ?? null;
      return { closing: t, signature: sig && [...sig].length <= 60 ? sig : null };
    }
  }
  return null;
}

export function checkLetter(input: ReaderInput): CheckResult {
  if (input.type !== 'letter') return NOT_APPLICABLE;
  const found = noteClosing(input.lines);
  if (!found) return NOT_APPLICABLE;
  const closing = normalize(found.closing);
  const pdfLines = input.pdfText.split(/\n|\f/).map((l) => normalize(l)).filter(Boolean);
  const at = pdfLines.findIndex((l) => l.includes(closing));
  if (at === -1) {
    const first = closing.split(' ')[0] ?? '';
    return result([pdfLines.some((l) => l.includes(first)) ? `closing "${found.closing}" split across lines` : `closing "${found.closing}" missing`]);
  }
  if (found.signature) {
    const sigWord = normalize(found.signature).split(' ')[0] ?? '';
    const next = pdfLines.slice(at + 1, at + 2).join(' ');
    const sameLine = (pdfLines[at] ?? '').slice((pdfLines[at] ?? '').indexOf(closing) + closing.length);
    if (sigWord && !next.includes(sigWord) && !sameLine.includes(sigWord)) return result([`closing "${found.closing}" not directly above the signature`]);
  }
  return result([]);
}
