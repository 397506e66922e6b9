// The main language of a note: selects babel's hyphenation, captions and date, the main font and
// the paragraph direction. Scripts decide first (letters counted per writing system); Latin-script
// notes are told apart by their most common words.
import { countScripts, type Script, type ScriptCounts } from './scripts.js';

export type Language =
  | 'en' | 'de' | 'fr' | 'es' | 'pt' | 'vi' | 'el' | 'ru' | 'uk' | 'ar' | 'fa' | 'he' | 'hi' | 'bn'
  | 'th' | 'ka' | 'hy' | 'zh' | 'ja' | 'ko';

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

/** Letters that only one language of a shared script uses (Persian in Arabic script, Ukrainian in Cyrillic, Vietnamese in Latin). */
function countOf(text: string, chars: string): number {
  let n = 0;
  for (const ch of chars) {
    for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  }
  return n;
}

function latinLanguage(text: string): Language {
  // ơ ư đ and the dotted-below vowels are Vietnamese only.
  if (countOf(text.slice(0, 20_000), 'ơưđĐƠƯạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỷỹỵ') >= 5) return 'vi';
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

/** The language a run of this script is typeset in when it is not the note's main script. */
export function languageOfScript(script: Script, text: string): Language | null {
  switch (script) {
    case 'arabic':
      return countOf(text, 'پچژگی') > countOf(text, 'يكة') ? 'fa' : 'ar';
    case 'hebrew':
      return 'he';
    case 'devanagari':
      return 'hi';
    case 'bengali':
      return 'bn';
    case 'thai':
      return 'th';
    case 'georgian':
      return 'ka';
    case 'armenian':
      return 'hy';
    case 'greek':
      return 'el';
    case 'cyrillic':
      return countOf(text, 'іїєґІЇЄҐ') > countOf(text, 'ыэъёЫЭЪЁ') ? 'uk' : 'ru';
    case 'hangul':
      return 'ko';
    default:
      return null;
  }
}

/** The note's main script: the one with the most letters (kana makes Han text Japanese). */
export function mainScript(counts: ScriptCounts): Script {
  // A CJK character carries about a word; weigh them against letters of alphabetic scripts.
  const weighted: Array<[Script, number]> = (Object.entries(counts) as Array<[Script, number]>)
    .filter(([s]) => s !== 'emoji')
    .map(([s, n]) => [s, s === 'cjk' || s === 'hangul' ? n * 3 : n]);
  weighted.sort((a, b) => b[1] - a[1]);
  const best = weighted[0];
  return best && best[1] > 0 ? best[0] : 'latin';
}

export function detectLanguage(text: string, counts: ScriptCounts = countScripts(text)): Language {
  const script = mainScript(counts);
  if (script === 'latin') return latinLanguage(text);
  if (script === 'cjk') {
    // Kana in a CJK note: Japanese (Han alone: Chinese).
    let kana = 0;
    for (let i = 0; i < text.length && kana < 10; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x3040 && c <= 0x30ff) kana++;
    }
    return kana >= Math.min(10, Math.max(1, counts.cjk / 50)) ? 'ja' : 'zh';
  }
  return languageOfScript(script, text) ?? 'en';
}

/** babel's name for each language (ini-based locales under XeLaTeX). */
export const BABEL_NAME: Record<Language, string> = {
  en: 'english', de: 'ngerman', fr: 'french', es: 'spanish', pt: 'brazilian', vi: 'vietnamese',
  el: 'greek', ru: 'russian', uk: 'ukrainian', ar: 'arabic', fa: 'persian', he: 'hebrew',
  hi: 'hindi', bn: 'bengali', th: 'thai', ka: 'georgian', hy: 'armenian', zh: 'chinese',
  ja: 'japanese', ko: 'korean',
};

/** Languages pdfLaTeX sets (Latin script, T1 fonts); every other language needs XeLaTeX. */
export const PDFLATEX_LANGUAGES: ReadonlySet<Language> = new Set(['en', 'de', 'fr', 'es', 'pt']);

/** A language code (`de`, `de-AT`, `DE`) as one of the languages the generator sets, or undefined. */
export function parseLanguage(code: string): Language | undefined {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(BABEL_NAME, base) ? (base as Language) : undefined;
}
