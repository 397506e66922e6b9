// Headings the note numbered itself (`# Chapter 3: Results`, `## 2.1 Methods`, `1. Scope`,
// `# 第3章 结果`).
// LaTeX numbers sections too, so the number would print twice. Where the note's number fits
// the class's own numbering (its depth matches the level, its leading parts match the numbers
// of the enclosing headings) the number is taken out of the text and given to LaTeX's counter:
// `\setcounter{chapter}{2}\chapter{Results}` prints "Chapter 3 · Results", in the contents too.
// Any other numbered heading keeps its text and is unnumbered (\section*).
import type { Inline } from '../tree.js';
import { asciiDigits } from '../parse/notes/dates.js';
import { ARABIC_ORDINAL } from '../parse/notes/headings.js';

const LABELS: Record<string, RegExp> = {
  chapter: /^(chapter|kapitel|chapitre|cap[ií]tulo|capitolo|hoofdstuk|глава|розділ|rozdział|bölüm|chương|kapitola|fejezet|κεφάλαιο|अध्याय|অধ্যায়|الفصل|فصل|פרק)$/iu,
  section: /^(section|abschnitt|sección|seção|sezione|раздел)$/iu,
};
// Words that number a note's own divisions: such a heading keeps its words and is unnumbered.
const OWN_NUMBERING = /^(ad|part|lecture|lesson|unit|week|day|step|session|module|appendix|exercise|problem|question|task|teil|vorlesung|woche|aufgabe|übung|partie|leçon|semaine|exercice|problème|parte|lección|lezione|semana|aula|problema|ejercicio|exercício|esercizio|questão|pregunta|domanda|tarea|zadanie|задача|упражнение|часть|лекция|zadanie|ćwiczenie|pytanie|opgave|vraag|oefening|soru|alıştırma|завдання|вправа|питання|άσκηση|ερώτηση|πρόβλημα|प्रश्न|सवाल|अभ्यास|سؤال|تمرين|مسألة|문제|chapter|kapitel|chapitre|cap[ií]tulo|capitolo|section|abschnitt)$/iu;

// An optional label word (its vowel signs too: अध्याय), the number (1, 2.3, 4.1.2; a roman numeral or a capital letter), an
// optional dot, and a separator before the title (or the end).
const NUMBERED = /^\s*(?:([\p{L}\p{M}]+)\s+)?(\d{1,3}(?:\.\d{1,3}){0,3}|[IVXLC]{1,7}|[A-Z])(\.?)(\s*[:–—-]\s*|\s+|$)/u;

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
  const cjk = cjkNumber(plain, name);
  if (cjk !== null) return cjk;
  // "Q1.", "Q5 (bonus)": a question the note numbered.
  if (/^Q\d{1,2}(?:[.):]|\s+\()/.test(plain)) return 'own';
  // 一、研究背景: a Chinese enumeration, the note's own; so are Arabic ordinal words (أولاً: …, ثانياً: …).
  if (/^[一二三四五六七八九十]{1,3}[、．]/u.test(plain) || ARABIC_ORDINAL.test(plain)) return 'own';
  // "١. مقدمة", "३. निष्कर्ष": a number in the note's own digits stays as typed (LaTeX's would be 1, 3).
  if (/^\s*[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef]/u.test(plain) && NUMBERED.test(asciiDigits(plain))) return 'own';
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

// Chinese and Japanese `第3章`, `第三章`, `第2节`, Korean `제3장`: the counter word names the level
// (章/장 a chapter, 节/節/절 a section); a separator may follow (space, colon, 、).
const CJK_NUMBERED = /^\s*(第|제)\s*([0-9０-９]{1,3}|[〇零一二两三四五六七八九十百]{1,4})\s*(章|节|節|장|절)[\s:：、.．]*/u;
const CJK_LEVEL: Record<string, string> = { 章: 'chapter', 장: 'chapter', 节: 'section', 節: 'section', 절: 'section' };
const CJK_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 三 → 3, 十二 → 12, 二十三 → 23, 一百 → 100; full-width digits as digits. */
function cjkValue(numeral: string): number {
  if (/^[0-9０-９]+$/.test(numeral)) return Number(numeral.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
  let total = 0;
  let digit = 0;
  for (const c of numeral) {
    if (c === '百') {
      total += (digit || 1) * 100;
      digit = 0;
    } else if (c === '十') {
      total += (digit || 1) * 10;
      digit = 0;
    } else digit = CJK_DIGITS[c] ?? 0;
  }
  return total + digit;
}

function cjkNumber(plain: string, name: string): NumberedHeading | 'own' | null {
  const m = CJK_NUMBERED.exec(plain);
  if (!m) return null;
  const [whole, , numeral = '', counter = ''] = m;
  // The note's level word must be the class's: 第2节 as a chapter keeps its words.
  if (CJK_LEVEL[counter] !== name || whole.length === plain.length) return 'own';
  return { parts: [cjkValue(numeral)], prefix: whole.length };
}

/** Whether a heading names its part a chapter ("Chapter 2: …", "Глава 3", "第2章", "제3장"). */
export function namesChapter(plain: string): boolean {
  const label = /^(\p{L}+)\s/u.exec(plain)?.[1];
  if (label !== undefined && LABELS['chapter']?.test(label)) return true;
  const cjk = CJK_NUMBERED.exec(plain);
  return cjk !== null && CJK_LEVEL[cjk[3] ?? ''] === 'chapter';
}

/** A heading that is only a chapter's label and number ("Chapter One"): the class prints that already. */
export function bareChapterLabel(plain: string): boolean {
  return namesChapter(plain) && /^\S+\s+\S+$/u.test(plain.trim());
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
