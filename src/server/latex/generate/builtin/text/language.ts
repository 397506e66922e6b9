// The main language of a note: selects babel's hyphenation and captions, and the CJK fonts.
import type { TexProgram } from '../../../../../shared/tex-program.js';

export type Language = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'ru' | 'zh' | 'ja';

const STOPWORDS: Record<'en' | 'de' | 'fr' | 'es' | 'pt', string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'this', 'are', 'you', 'be'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'eine', 'mit', 'sich', 'auf', 'für', 'wir', 'den', 'dem', 'werden'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'que', 'pour', 'dans', 'pas', 'sur', 'nous', 'qui', 'du'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'es', 'una', 'para', 'con', 'por', 'del', 'se', 'como', 'su'],
  pt: ['o', 'a', 'os', 'as', 'e', 'que', 'é', 'um', 'uma', 'para', 'com', 'não', 'do', 'da', 'em', 'você'],
};

type StopwordLanguage = keyof typeof STOPWORDS;

/** Each stopword → the languages it counts for (built once). */
const STOPWORD_LANGUAGES = new Map<string, StopwordLanguage[]>();
for (const [lang, words] of Object.entries(STOPWORDS) as Array<[StopwordLanguage, string[]]>) {
  for (const w of words) STOPWORD_LANGUAGES.set(w, [...(STOPWORD_LANGUAGES.get(w) ?? []), lang]);
}

/** Counts of kana, han, Cyrillic and Latin letters in one pass (this runs on every generate). */
function scriptCounts(text: string): { kana: number; han: number; cyr: number; latin: number } {
  let kana = 0;
  let han = 0;
  let cyr = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) latin++;
    } else if (c >= 0xc0 && c <= 0x17f) latin++;
    else if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if (c >= 0x4e00 && c <= 0x9fff) han++;
    else if (c >= 0x400 && c <= 0x4ff) cyr++;
  }
  return { kana, han, cyr, latin };
}

export function detectLanguage(text: string): Language {
  const { kana, han, cyr, latin } = scriptCounts(text);
  if (kana >= 10 && kana * 4 >= latin / 5) return 'ja';
  if (han >= 20 && han * 4 >= latin / 5) return kana > 0 ? 'ja' : 'zh';
  if (cyr >= 30 && cyr >= latin / 3) return 'ru';
  // The first part of a long note is enough to tell its language.
  // Every stopword is written in these letters; a narrower class than \p{L} is several times faster.
  const words = text.slice(0, 12_000).toLowerCase().match(/[a-zß-öø-ÿ]+/g) ?? [];
  const counts: Record<StopwordLanguage, number> = { en: 0, de: 0, fr: 0, es: 0, pt: 0 };
  for (const w of words.slice(0, 1500)) {
    for (const lang of STOPWORD_LANGUAGES.get(w) ?? []) counts[lang] += 1;
  }
  // Spanish and Portuguese share many function words: tell them apart by their own letters.
  if (/ã|õ|ç[ãõaeo]|ção|ões/.test(text)) counts.pt += 5;
  if (/ñ|¿|¡|ción\b/.test(text)) counts.es += 5;
  const best = (Object.entries(counts) as Array<[keyof typeof counts, number]>).sort((a, b) => b[1] - a[1])[0];
  if (!best || best[1] < 3 || best[0] === 'en' || counts.en >= best[1]) return 'en';
  return best[0];
}

const BABEL: Record<Language, string> = {
  en: 'english', de: 'ngerman', fr: 'french', es: 'spanish', pt: 'brazilian', ru: 'russian', zh: 'english', ja: 'english',
};

/** Lines placed right after \begin{document} to switch language (and CJK font family). */
export function languageSetup(lang: Language, engine: TexProgram, beamer: boolean): string[] {
  const lines: string[] = [];
  const babel = BABEL[lang];
  // Russian is only loaded in the XeLaTeX preambles (pdflatex lacks Cyrillic fonts here).
  if (babel !== 'english' && (engine === 'xelatex' || lang !== 'ru')) lines.push(`\\selectlanguage{${babel}}`);
  if (lang === 'ja' && engine === 'xelatex') {
    // Japanese glyph forms: switch every CJK family to the JP cut of Noto.
    lines.push('\\renewcommand{\\CJKrmdefault}{jp}', '\\renewcommand{\\CJKsfdefault}{jpsans}', `\\CJKfamily{${beamer ? 'jpsans' : 'jp'}}`);
  }
  return lines;
}
