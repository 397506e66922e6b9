// The main language of a note: selects babel's hyphenation and captions, and the CJK fonts.

export type Language = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'ru' | 'zh' | 'ja';

const STOPWORDS: Record<'en' | 'de' | 'fr' | 'es' | 'pt', string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'this', 'are', 'you', 'be'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'eine', 'mit', 'sich', 'auf', 'für', 'wir', 'den', 'dem', 'werden'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'que', 'pour', 'dans', 'pas', 'sur', 'nous', 'qui', 'du'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'es', 'una', 'para', 'con', 'por', 'del', 'se', 'como', 'su'],
  pt: ['o', 'a', 'os', 'as', 'e', 'que', 'é', 'um', 'uma', 'para', 'com', 'não', 'do', 'da', 'em', 'você'],
};

export function detectLanguage(text: string): Language {
  const kana = (text.match(/[\u3040-\u30ff]/g) ?? []).length;
  const han = (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const cyr = (text.match(/[\u0400-\u04ff]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z\u00c0-\u017f]/g) ?? []).length;
  if (kana >= 10 && kana * 4 >= latin / 5) return 'ja';
  if (han >= 20 && han * 4 >= latin / 5) return kana > 0 ? 'ja' : 'zh';
  if (cyr >= 30 && cyr >= latin / 3) return 'ru';
  // The first part of a long note is enough to tell its language.
  const words = text.slice(0, 12_000).toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = { en: 0, de: 0, fr: 0, es: 0, pt: 0 };
  const sets = Object.fromEntries(Object.entries(STOPWORDS).map(([k, v]) => [k, new Set(v)])) as Record<keyof typeof counts, Set<string>>;
  for (const w of words.slice(0, 1500)) {
    for (const lang of Object.keys(counts) as Array<keyof typeof counts>) if (sets[lang].has(w)) counts[lang] += 1;
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
export function languageSetup(lang: Language, engine: 'pdflatex' | 'xelatex', beamer: boolean): string[] {
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
