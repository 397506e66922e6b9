// Words a document shows as something else, so the PDF need not keep them (word preservation,
// note-text.ts): a line that is a formula written in words ("integral from 0 to pi of sin x dx",
// "A = pi mal r Quadrat", also after a label) prints its operators as symbols and its names in math italic, so only
// the words its formula still shows as words (\text{…}) count; a chapter or slide marker ("Slide 2:", "Folie 3",
// "Глава 1.", "第一章") gives way to the document's own numbering. Both are read by the
// generator's own readers, the same ones that decide the document.
import { formulaLineTex } from '../server/latex/generate/builtin/math/ascii/formula-line.js';
import { labelledFormula } from '../server/latex/generate/builtin/math/ascii/labelled.js';
import { markerOf } from '../server/latex/generate/builtin/parse/notes/markers.js';
import { countWords, type WordCounts } from './words.js';

/**
 * The words of a formula's TeX that print as words: those in \text{…}, \mathrm{…} and \ce{…}.
 * Letters in math italic come out of a PDF one by one, and an index's word runs into its letter.
 */
function shownWords(tex: string): WordCounts {
  const counts: WordCounts = new Map();
  for (const m of tex.matchAll(/\\(?:text|mathrm|ce)\{([^{}]*)\}/g)) {
    // An index's word runs into its letter in the PDF's text (F_{\text{spring}} reads "Fspring").
    if (/[_^]\{$/.test(tex.slice(Math.max(0, m.index - 2), m.index))) continue;
    countWords(m[1] ?? '', counts);
  }
  return counts;
}

function subtract(counts: WordCounts, words: WordCounts, keep: WordCounts = new Map()): void {
  for (const [word, n] of words) {
    const drop = n - Math.min(n, keep.get(word) ?? 0);
    const left = (counts.get(word) ?? 0) - drop;
    if (left > 0) counts.set(word, left);
    else counts.delete(word);
  }
}

/** `counts` (the words of `text`) without the words its formula lines and unit markers print otherwise. */
export function withoutFormulaWords(counts: WordCounts, text: string): WordCounts {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.length > 300) continue;
    const marker = markerOf(line);
    if (marker && (marker.kind === 'chapter' || marker.kind === 'slide') && marker.titleStart > 0) subtract(counts, countWords(line.slice(0, marker.titleStart)));
    const tex = /\p{L}{3}/u.test(line) ? formulaLineTex(line) : null;
    if (tex !== null) subtract(counts, countWords(line), shownWords(tex));
    // "Kreis: A = pi mal r Quadrat": the formula after a label, read the same way.
    const labelled = tex === null && /\p{L}{3}/u.test(line) ? labelledFormula(line) : null;
    if (labelled) subtract(counts, countWords(labelled.formula), shownWords(labelled.tex));
  }
  return counts;
}
