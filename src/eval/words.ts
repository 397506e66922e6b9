// Words and word preservation: the multiset of words a reader finds in a note and in a PDF's
// text, and the share of the note's words the PDF keeps. One pass over the text, no regex that
// can backtrack, so a hostile note costs time linear in its length.
//
// A word is a run of Unicode letters and combining marks (so Devanagari, Bengali, Arabic and
// Hebrew words with their vowel signs count whole) at least three code points long, case-folded
// and NFKC-normalised (ligatures, presentation forms and full-width letters compare equal), without
// combining diacritics (U+0300–U+036F).
// Scripts written without spaces count by character instead: every Han, kana and Hangul
// character is one word, and so is every Thai, Lao, Khmer and Myanmar letter with its marks.
// Soft hyphens and zero-width joiners are ignored; in PDF text a hyphen at a line end joins the
// two halves.

/** Han, kana, Hangul, Bopomofo: one word per character. */
function isCjk(cp: number): boolean {
  return (
    (cp >= 0x3040 && cp <= 0x30fa) || // hiragana, katakana (not the middle dot ・, a list mark)
    (cp >= 0x30fc && cp <= 0x30ff) ||
    (cp >= 0x3100 && cp <= 0x312f) || // bopomofo
    (cp >= 0x3130 && cp <= 0x318f) || // Hangul compatibility jamo
    (cp >= 0x31f0 && cp <= 0x31ff) || // katakana extensions
    (cp >= 0x3400 && cp <= 0x4dbf) || // Han extension A
    (cp >= 0x4e00 && cp <= 0x9fff) || // Han
    (cp >= 0xac00 && cp <= 0xd7af) || // Hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // Han compatibility
    (cp >= 0xff66 && cp <= 0xff9f) || // half-width katakana
    (cp >= 0x20000 && cp <= 0x3134f) // Han extensions B–G
  );
}

/** Thai, Lao, Myanmar, Khmer: no spaces between words, so each letter (with its marks) counts. */
function isUnspacedScript(cp: number): boolean {
  return (cp >= 0x0e00 && cp <= 0x0eff) || (cp >= 0x1000 && cp <= 0x109f) || (cp >= 0x1780 && cp <= 0x17ff);
}

/** Characters that join or hide inside words and never separate them. */
function isIgnorable(cp: number): boolean {
  return cp === 0x00ad || cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff;
}

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;

export type WordCounts = Map<string, number>;

function add(counts: WordCounts, word: string): void {
  counts.set(word, (counts.get(word) ?? 0) + 1);
}

/** Counts the words of plain text (no markup handling: see note-text.ts for notes). */
export function countWords(text: string, counts: WordCounts = new Map()): WordCounts {
  // Combining diacritics (stress accents, tone marks) may come back from a PDF detached or in
  // another order: both sides compare without them.
  const t = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFKC').toLowerCase();
  let word = '';
  let length = 0;
  let cluster = '';
  const endWord = () => {
    if (length >= 3) add(counts, word);
    word = '';
    length = 0;
  };
  const endCluster = () => {
    if (cluster) add(counts, cluster);
    cluster = '';
  };
  for (const ch of t) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isIgnorable(cp)) continue;
    if (isCjk(cp)) {
      endWord();
      endCluster();
      add(counts, ch);
      continue;
    }
    const letter = LETTER.test(ch);
    const mark = !letter && MARK.test(ch);
    if (isUnspacedScript(cp) && (letter || mark)) {
      endWord();
      if (letter) endCluster();
      cluster += ch;
      continue;
    }
    if (mark && cluster) {
      cluster += ch;
      continue;
    }
    endCluster();
    if (letter || (mark && length > 0)) {
      word += ch;
      length++;
    } else {
      endWord();
    }
  }
  endWord();
  endCluster();
  return counts;
}

/** The words of a PDF's text as pdftotext prints it; a hyphen before a line break joins halves. */
export function pdfWordCounts(text: string): WordCounts {
  let joined = '';
  let from = 0;
  for (let i = text.indexOf('-\n'); i !== -1; i = text.indexOf('-\n', i + 2)) {
    const before = text.codePointAt(i - 1);
    if (before !== undefined && LETTER.test(String.fromCodePoint(before))) {
      joined += text.slice(from, i);
      from = i + 2;
    }
  }
  joined += text.slice(from);
  return countWords(joined);
}

export interface Preservation {
  /** Kept / total, 1 for a note without words. */
  share: number;
  total: number;
  kept: number;
  /** Words the PDF lacks, the most often missing first (with how many occurrences are missing). */
  missing: Array<{ word: string; count: number }>;
}

/** Multiset recall: each occurrence of a note word counts once, found while the PDF has copies left. */
export function preservation(note: WordCounts, pdf: WordCounts): Preservation {
  let total = 0;
  let kept = 0;
  const missing: Array<{ word: string; count: number }> = [];
  for (const [word, count] of note) {
    const found = Math.min(count, pdf.get(word) ?? 0);
    total += count;
    kept += found;
    if (found < count) missing.push({ word, count: count - found });
  }
  missing.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
  return { share: total === 0 ? 1 : kept / total, total, kept, missing };
}
