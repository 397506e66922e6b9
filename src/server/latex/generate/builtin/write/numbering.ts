// Headings the note numbered itself (`# Chapter 3: Results`, `## 2.1 Methods`, `1. Scope`).
// LaTeX numbers sections too, so the number would print twice. Where the note's number fits
// the class's own numbering (its depth matches the level, its leading parts match the numbers
// of the enclosing headings) the number is taken out of the text and given to LaTeX's counter:
// `\setcounter{chapter}{2}\chapter{Results}` prints "Chapter 3 · Results", in the contents too.
// Any other numbered heading keeps its text and is unnumbered (\section*).
import type { Inline } from '../tree.js';

const LABELS: Record<string, RegExp> = {
  chapter: /^(chapter|kapitel|chapitre|cap[ií]tulo|capitolo|hoofdstuk|глава)$/iu,
  section: /^(section|abschnitt|sección|seção|sezione|раздел)$/iu,
};
// Words that number a note's own divisions: such a heading keeps its words and is unnumbered.
const OWN_NUMBERING = /^(part|lecture|lesson|unit|week|day|step|session|module|appendix|exercise|problem|question|task|teil|vorlesung|woche|aufgabe|partie|leçon|semaine|parte|lección|lezione|semana|aula|часть|лекция|chapter|kapitel|chapitre|cap[ií]tulo|capitolo|section|abschnitt)$/iu;

// An optional label word, the number (1, 2.3, 4.1.2; a roman numeral or a capital letter), an
// optional dot, and a separator before the title (or the end).
const NUMBERED = /^\s*(?:(\p{L}+)\s+)?(\d{1,3}(?:\.\d{1,3}){0,3}|[IVXLC]{1,7}|[A-Z])(\.?)(\s*[:–—-]\s*|\s+|$)/u;

function roman(s: string): number {
  const v: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i] as string] ?? 0;
    const b = v[s[i + 1] as string] ?? 0;
    n += a < b ? -a : a;
  }
  return n;
}

export interface NumberedHeading {
  /** The number's parts (`2.3` → [2, 3]). */
  parts: number[];
  /** Characters of the heading's plain text taken by the label, the number and the separator. */
  prefix: number;
}

/**
 * How the note numbered a heading that becomes sectioning command `name`: not at all (null),
 * with a number LaTeX can take over, or in its own way ('own': the words stay, unnumbered).
 */
export function headingNumber(plain: string, name: string): NumberedHeading | 'own' | null {
  const m = NUMBERED.exec(plain);
  if (!m) return null;
  const [whole, label, number = '', dot] = m;
  const digits = /^\d/.test(number);
  if (label !== undefined) {
    if (LABELS[name]?.test(label)) return { parts: digits ? number.split('.').map(Number) : [roman(number)], prefix: whole.length };
    return OWN_NUMBERING.test(label) ? 'own' : null;
  }
  // "I. Introduction", "A. Appendix": the note's own numbering; "I think …" is not numbered.
  if (!digits) return dot ? 'own' : null;
  return { parts: number.split('.').map(Number), prefix: whole.length };
}

/** The inlines without their first `n` characters of text (null when those are not plain text). */
export function dropPrefix(inlines: Inline[], n: number): Inline[] | null {
  let left = n;
  const out = [...inlines];
  while (left > 0) {
    const first = out[0];
    if (!first || first.kind !== 'text') return null;
    if (first.value.length > left) {
      out[0] = { kind: 'text', value: first.value.slice(left) };
      left = 0;
    } else {
      left -= first.value.length;
      out.shift();
    }
  }
  return out;
}
