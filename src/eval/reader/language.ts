// The language a note is written in, as far as the date and title checks need it: the script
// for most writing systems, and the commonest short words for languages written in Latin or
// Cyrillic letters. Names of babel and polyglossia languages map to the same codes.

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'for', 'with', 'this', 'are', 'on', 'it', 'be', 'as', 'was'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'un', 'du', 'en', 'que', 'pour', 'dans', 'pas', 'sur', 'au'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'zu', 'den', 'mit', 'von', 'sich', 'auf', 'für', 'dem'],
  es: ['el', 'la', 'los', 'las', 'y', 'de', 'que', 'en', 'es', 'un', 'una', 'por', 'con', 'para', 'del', 'se'],
  pt: ['o', 'a', 'os', 'as', 'e', 'de', 'que', 'em', 'um', 'uma', 'para', 'com', 'não', 'do', 'da', 'é'],
  it: ['il', 'la', 'di', 'che', 'e', 'è', 'un', 'una', 'per', 'non', 'con', 'del', 'della', 'sono', 'gli', 'le'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'met', 'voor', 'zijn', 'er', 'ook', 'wordt'],
  vi: ['và', 'của', 'là', 'có', 'các', 'được', 'cho', 'không', 'một', 'những', 'trong', 'với', 'này', 'để', 'khi', 'người'],
  tr: ['ve', 'bir', 'bu', 'için', 'ile', 'da', 'de', 'olarak', 'çok', 'daha', 'gibi', 'olan', 'ne', 'değil', 'var', 'kadar'],
  pl: ['i', 'w', 'nie', 'na', 'się', 'z', 'jest', 'do', 'że', 'to', 'jak', 'po', 'co', 'tak', 'przez', 'dla'],
  ru: ['и', 'в', 'не', 'на', 'что', 'с', 'по', 'это', 'как', 'из', 'для', 'от', 'он', 'мы', 'все', 'или'],
  uk: ['і', 'в', 'не', 'на', 'що', 'з', 'та', 'це', 'як', 'до', 'для', 'від', 'й', 'є', 'або', 'також'],
};

/** A script's language when the script alone tells it. */
function scriptLanguage(cp: number): string | null {
  if (cp >= 0x0590 && cp <= 0x05ff) return 'he';
  if (cp >= 0x0600 && cp <= 0x06ff) return 'ar';
  if (cp >= 0x0370 && cp <= 0x03ff) return 'el';
  if (cp >= 0x1f00 && cp <= 0x1fff) return 'el';
  if (cp >= 0x0900 && cp <= 0x097f) return 'hi';
  if (cp >= 0x0980 && cp <= 0x09ff) return 'bn';
  if (cp >= 0x0e00 && cp <= 0x0e7f) return 'th';
  if (cp >= 0x10a0 && cp <= 0x10ff) return 'ka';
  if (cp >= 0x0530 && cp <= 0x058f) return 'hy';
  if ((cp >= 0x3040 && cp <= 0x30ff)) return 'ja';
  if (cp >= 0xac00 && cp <= 0xd7af) return 'ko';
  if (cp >= 0x4e00 && cp <= 0x9fff) return 'zh';
  return null;
}

/** The note's language code, or null when it cannot tell. */
export function noteLanguage(text: string): string | null {
  const scripts = new Map<string, number>();
  let latin = 0;
  let cyrillic = 0;
  let letters = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    const s = scriptLanguage(cp);
    if (s) scripts.set(s, (scripts.get(s) ?? 0) + 1);
    else if (cp >= 0x0400 && cp <= 0x04ff) cyrillic++;
    else if (cp < 0x0250 || (cp >= 0x1e00 && cp <= 0x1eff)) latin++;
  }
  if (letters === 0) return null;
  // Japanese uses Han too: kana at all makes it Japanese.
  if ((scripts.get('ja') ?? 0) > letters * 0.05) return 'ja';
  const [top, n] = [...scripts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  // Latin letters in a CJK note are mostly formulas, code and names.
  if (n > letters * 0.5 || ((top === 'zh' || top === 'ko') && n > letters * 0.2)) {
    if (top === 'ar') {
      if (/[پچژگ]/.test(text) && !/[ٹڈڑںےھ]/.test(text)) return 'fa';
      if (/[ٹڈڑںے]/.test(text)) return 'ur';
    }
    return top;
  }
  // A note in two scripts has no one language.
  if (n > letters * 0.2) return null;
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter((w) => [...w].length > 1);
  const pool = cyrillic > latin ? ['ru', 'uk'] : ['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'vi', 'tr', 'pl'];
  if (cyrillic > latin && /[іїєґ]/.test(text.toLowerCase())) return 'uk';
  const scores = pool.map((lang) => {
    const set = new Set(STOPWORDS[lang]);
    let score = 0;
    for (const w of words) if (set.has(w)) score++;
    return { lang, score };
  });
  scores.sort((a, b) => b.score - a.score);
  const [first, second] = scores;
  const best = first && first.score >= 5 && first.score >= 1.5 * (second?.score ?? 0) ? first.lang : null;
  return best;
}

/** The prose of a note without its formulas (`$…$`, `\(…\)`), for telling its language. */
export function withoutMath(text: string): string {
  return text.replace(/\$\$[^$]{0,5000}\$\$|\$[^$\n]{1,500}\$|\\\([^\n]{0,500}?\\\)/g, ' ');
}

const BABEL_NAMES: Record<string, string> = {
  english: 'en', american: 'en', british: 'en', usenglish: 'en', ukenglish: 'en', french: 'fr', francais: 'fr',
  german: 'de', ngerman: 'de', austrian: 'de', naustrian: 'de', spanish: 'es', portuguese: 'pt', brazilian: 'pt',
  portuges: 'pt', brazil: 'pt', italian: 'it', dutch: 'nl', vietnamese: 'vi', turkish: 'tr', polish: 'pl', russian: 'ru',
  ukrainian: 'uk', greek: 'el', polutonikogreek: 'el', ancientgreek: 'el', arabic: 'ar', persian: 'fa', farsi: 'fa', urdu: 'ur',
  hebrew: 'he', hindi: 'hi', bengali: 'bn', thai: 'th', georgian: 'ka', armenian: 'hy', japanese: 'ja', korean: 'ko',
  chinese: 'zh', 'chinese-simplified': 'zh', 'chinese-traditional': 'zh',
};

export function languageCode(babelName: string | null): string | null {
  if (!babelName) return null;
  return BABEL_NAMES[babelName.toLowerCase()] ?? null;
}

/** Month names by language (lower case, without accents), for dates written in words. */
export const MONTHS: Record<string, string[]> = {
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  fr: ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'],
  de: ['januar', 'februar', 'marz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  pt: ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  ru: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  uk: ['січня', 'лютого', 'березня', 'квітня', 'травня', 'червня', 'липня', 'серпня', 'вересня', 'жовтня', 'листопада', 'грудня'],
};

/** Languages whose month names a piece of text uses. */
export function monthLanguages(text: string): Set<string> {
  const words = new Set(text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}]+/u));
  const out = new Set<string>();
  for (const [lang, months] of Object.entries(MONTHS)) if (months.some((m) => words.has(m) || words.has(m.slice(0, 3)))) out.add(lang);
  return out;
}
