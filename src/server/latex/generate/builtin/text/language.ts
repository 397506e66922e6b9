// The main language of a note: selects babel's hyphenation, captions and date, the main font and
// the paragraph direction. Scripts decide first (letters counted per writing system); Latin-script
// notes are told apart by their most common words.
import { proseWords } from './prose.js';
import { isOtherScript } from './other-scripts.js';
import { countScripts, type Script, type ScriptCounts } from './scripts.js';

export type Language =
  | 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'pl' | 'tr' | 'vi' | 'el' | 'ru' | 'uk' | 'ar' | 'fa'
  | 'he' | 'hi' | 'bn' | 'th' | 'ka' | 'hy' | 'zh' | 'ja' | 'ko' | 'ur';

/** Latin-script languages told apart by their function words. */
export type Profiled = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'pl' | 'tr';

// Function words: frequent in any prose, rare as names or identifiers. Single ASCII letters are left
// out (a, e, o, y are variables as often as words); a word in several lists is shared among them.
const FUNCTION_WORDS: Record<Profiled, string> = {
  en: 'the and of to is in that it for with this are be on as by we was not or from at which an have has can will you they there their these then if but when where what how each our its into than also only must should would were been',
  de: 'der die das und ist nicht mit ein eine einen einem einer sich auf für den dem des zu von im auch wir sind wird werden es bei aus nach wie wenn oder aber kann noch nur über durch zum zur dass daß man sie hat haben sein dann diese dieser dieses ich du als uns mehr schon gibt wir ihr wird sehr zwischen unter',
  fr: 'de le la les et des est une que pour dans pas sur nous qui du au aux ce cette ces il elle ils sont avec ne par plus ou mais on se en un son sa leur être fait comme tout très où donc alors aussi si je vous entre sans',
  es: 'de en el la los las que es una para con por del se como su sus al lo más pero este esta estos estas son está están también muy hay cuando donde entre sin sobre ya fue ser tiene puede porque todo nos les yo uno',
  pt: 'de os as um uma para com não do da dos das em no na nos nas que se por mais como mas foi ao aos ele ela seu sua ou quando muito também já está são isso este esta pelo pela você é à entre sem sobre tem pode',
  it: 'il lo la gli le di che è un una per con non del della dei delle nel nella al alla sono si come ma anche più questo questa ci da ha essere tra fra suo sua se perché quando molto tutto dove',
  nl: 'de het een en van is dat op te in voor met niet zijn er aan ook als maar om bij door wordt worden dit deze naar uit kan wat nog dan zo wij hij ze ik je over hebben heeft geen moet tot wel',
  pl: 'na się nie do że to jest jak po od za przez dla co ale czy jego jej są być tak już tylko przy oraz lub który która które ten ta jestem proszę pan pani jako bardzo może będzie mam',
  tr: 've bir bu için ile da de olarak olan gibi daha çok ama veya ancak kadar sonra önce şu ben biz siz onlar ne mi değil var yok her olan olarak ederim ediyorum olduğu',
};

/** Each function word → the languages it counts for (built once). */
const WORD_LANGUAGES = new Map<string, Profiled[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS) as Array<[Profiled, string]>) {
  for (const w of new Set(words.split(' '))) WORD_LANGUAGES.set(w, [...(WORD_LANGUAGES.get(w) ?? []), lang]);
}

/** Letters only one of the profiled languages writes: each word with one adds to its score. */
const OWN_LETTERS: Array<[string, Profiled]> = [['ß', 'de'], ['ã', 'pt'], ['õ', 'pt'], ['ñ', 'es'], ['œ', 'fr']];

// Evidence needed before a note is set in anything but English: this many function words, ahead
// of English by RATIO and of the runner-up by MARGIN. Anything less (a line or two, a tie, a note
// that is mostly formulas and code) is English, never an arbitrary Latin-script language.
const MIN_WORDS = 6;
const RATIO = 1.5;
const MARGIN = 0.25;

/** Words read from the start of a long note: enough to tell its language. */
const MAX_WORDS = 1500;
/** How far into a note the words are looked for, and the pieces it is read in (cut at blank lines). */
const MAX_CHARS = 60_000;
const PIECE_CHARS = 8_000;

/** The first MAX_WORDS prose words, read a piece at a time: most notes need only their first piece. */
function leadingProseWords(text: string): string[] {
  const words: string[] = [];
  const end = Math.min(text.length, MAX_CHARS);
  for (let from = 0; from < end && words.length < MAX_WORDS; ) {
    const blank = text.indexOf('\n\n', from + PIECE_CHARS);
    const to = blank < 0 || blank > end ? end : blank;
    for (const word of proseWords(text.slice(from, to), MAX_WORDS - words.length)) words.push(word);
    from = to;
  }
  return words;
}

/** Each set of letters countOf was asked about, as char codes with the lowest one (built once). */
const LETTER_SETS = new Map<string, { codes: Set<number>; min: number }>();

/** Letters that only one language of a shared script uses (Persian in Arabic script, Ukrainian in Cyrillic, Vietnamese in Latin). */
function countOf(text: string, chars: string): number {
  let set = LETTER_SETS.get(chars);
  if (!set) {
    const codes = new Set([...chars].map((ch) => ch.charCodeAt(0)));
    set = { codes, min: Math.min(...codes) };
    LETTER_SETS.set(chars, set);
  }
  // One pass over the text; most characters are below every letter asked about.
  const { codes, min } = set;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= min && codes.has(c)) n++;
  }
  return n;
}

/** The profiled language a Latin-script note's words are in: English unless another has clearly more evidence. */
function profiledLanguage(text: string): Profiled {
  const scores: Record<Profiled, number> = { en: 0, de: 0, fr: 0, es: 0, pt: 0, it: 0, nl: 0, pl: 0, tr: 0 };
  // Function words of each language seen, shared or not: the evidence MIN_WORDS asks for.
  const seen: Record<Profiled, number> = { en: 0, de: 0, fr: 0, es: 0, pt: 0, it: 0, nl: 0, pl: 0, tr: 0 };
  for (const word of leadingProseWords(text)) {
    // A word several languages share is weak evidence of which: its one point is shared among
    // them (Spanish "de" counted whole for Dutch once put a Spanish note in English).
    const langs = WORD_LANGUAGES.get(word) ?? [];
    for (const lang of langs) {
      scores[lang] += 1 / langs.length;
      seen[lang] += 1;
    }
    for (const [letter, lang] of OWN_LETTERS) if (word.includes(letter)) scores[lang] += 0.5;
  }
  const ranked = (Object.entries(scores) as Array<[Profiled, number]>).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked as [[Profiled, number], [Profiled, number]];
  if (best[0] === 'en' || seen[best[0]] < MIN_WORDS || best[1] < scores.en * RATIO || best[1] - second[1] < best[1] * MARGIN) return 'en';
  return best[0];
}

function latinLanguage(text: string): Language {
  // ơ ư đ and the dotted-below vowels are Vietnamese only.
  if (countOf(text.slice(0, 20_000), 'ơưđĐƠƯạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỷỹỵ') >= 5) return 'vi';
  return profiledLanguage(text);
}

/**
 * The language of a note's words: the one it is set in, or for a note set as English, the profiled
 * language its words show, and `undefined` when a Latin-script note shows too few English words to
 * be called English and no other language's words either.
 */
export function wordsLanguage(text: string, set: Language): Profiled | Language | undefined {
  if (set !== 'en') return set;
  const profiled = profiledLanguage(text);
  if (profiled !== 'en') return profiled;
  const words = leadingProseWords(text);
  let english = 0;
  for (const w of words) if (WORD_LANGUAGES.get(w)?.includes('en')) english++;
  // English prose is about a third function words; a tenth is the least that is still English.
  return english * 10 >= words.length ? 'en' : undefined;
}

/** The language a run of this script is typeset in when it is not the note's main script. */
export function languageOfScript(script: Script, text: string): Language | null {
  switch (script) {
    case 'arabic':
      // Urdu's own letters (ٹ ڈ ڑ ں ے ۓ ہ ھ) first: it shares Persian's پ چ ژ گ ی, not its calendar.
      if (countOf(text, 'ٹڈڑںےۓہھ') > countOf(text, 'يكة')) return 'ur';
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
    // Scripts that are only ever runs (other-scripts.ts) leave the document Latin.
    .filter(([s]) => s !== 'emoji' && !isOtherScript(s))
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
  en: 'english', de: 'ngerman', fr: 'french', es: 'spanish', pt: 'brazilian', it: 'italian', nl: 'dutch',
  pl: 'polish', tr: 'turkish', vi: 'vietnamese',
  el: 'greek', ru: 'russian', uk: 'ukrainian', ar: 'arabic', fa: 'persian', he: 'hebrew',
  hi: 'hindi', bn: 'bengali', th: 'thai', ka: 'georgian', hy: 'armenian', zh: 'chinese',
  ja: 'japanese', ko: 'korean', ur: 'urdu',
};

/** Languages pdfLaTeX sets (Latin script, T1 fonts); every other language needs XeLaTeX. */
/** Languages written right to left: a document in one runs its paragraphs and table columns from the right. */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar', 'fa', 'he', 'ur']);

export const PDFLATEX_LANGUAGES: ReadonlySet<Language> = new Set(['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'tr']);

/** A language code (`de`, `de-AT`, `DE`) as one of the languages the generator sets, or undefined. */
export function parseLanguage(code: string): Language | undefined {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(BABEL_NAME, base) ? (base as Language) : undefined;
}
