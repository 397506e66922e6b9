// Who wrote a note, as its first lines say it: a labelled line (Author:, Name:, Owner:, Prepared
// by, 作者：, Выполнила:, a meeting's minute-taker), a byline ("by X", "de X", "von X"), or a line
// that is only a person's name ("Sarah Lindholm", "Prof.ª Renata Moura", "開発部 佐藤美咲").

/** Labels whose value is the note's author, lower-cased, without their colon. */
const AUTHOR_LABELS = new Set([
  'author', 'authors', 'by', 'name', 'owner', 'prepared by', 'written by', 'presented by', 'submitted by', 'student', 'students',
  'team', 'autor', 'autora', 'autores', 'autorin', 'auteur', 'auteurs', 'autore', 'autori', 'verfasser', 'verfasserin', 'nom', 'nombre',
  'nome', 'aluno', 'aluna', 'alumno', 'alumna', 'estudiante', 'élève', 'eleve', 'studente', 'studentessa', 'имя', 'автор', 'авторы',
  'выполнил', 'выполнила', 'выполнили', 'студент', 'студентка', 'ученик', 'ученица', '作者', '姓名', '著者', '氏名', '저자', '이름',
  'protokoll', 'protokollführer', 'protokollführerin', 'minutes', 'minute taker', 'note taker', 'scribe', 'compte rendu', 'rédacteur',
  '记录', '记录人', '紀錄', '記録', 'المؤلف', 'الاسم', 'إعداد', 'اعداد', 'מחבר', 'שם',
]);

/** Words that introduce a byline without a colon. */
const BYLINE_WORDS = new Set(['by', 'de', 'par', 'von', 'por', 'di', 'door', 'av', 'от']);

/** Titles before a name (Prof., Dr., Mr., Prof.ª …): the name's first word need not be capitalised after them. */
const HONORIFICS = /^(?:prof|dr|mr|mrs|ms|mx|sr|sra|srta|dra|profa|prof\.ª|herr|frau|m|mme|mlle|dott|dottssa|ing|eng|sir|dame|rev)\.?$/i;

/** Lower-case words inside a name (Maria da Silva, Ludwig van Beethoven) and between names (A und B). */
const PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'van', 'von', 'der', 'den', 'ter', 'bin', 'ibn', 'al', 'el', 'la', 'le', 'y', 'e', 'i', 'and', 'und', 'et', 'og', 'och', '&', 'и']);

/** Separators between several authors. */
const AND = /,|;|&|、|\s(?:and|und|et|y|e|i|и|og|och)\s/u;
const AND_WORD = /;|&|、|\s(?:and|und|et|y|e|i|и|og|och)\s/u;

/** Words of titles and organisations, never of a person's name ("Final Report", "Green Team"). */
const NOT_NAMES = new Set(
  `report notes note lecture lectures policy plan guide summary draft chapter part review homework worksheet handout analysis
  project proposal minutes agenda team department university college school institute ltd inc llc gmbh company group club
  class course section unit lesson lab meeting introduction overview appendix references bibliography contents abstract
  bericht protokoll vorlesung rapport cours informe relatório relatorio отчёт отчет реферат`.split(/\s+/).filter(Boolean),
);

function isCapitalised(word: string): boolean {
  const c = word.charAt(0);
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

/**
 * A person's name (or several joined by "and"): two to five capitalised words, particles
 * allowed inside, an honorific before; initials (A. S.) count as words. No digits, no sentence.
 */
export function isPersonName(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 70 || /[\d:;!?()[\]{}<>@/\\|=+*#_~"“”«»]/.test(t) || /[.,]$/.test(t.replace(/\b\p{Lu}\.$/u, ''))) return false;
  const parts = t.split(AND).map((p) => p.trim()).filter(Boolean);
  if (parts.length > 4) return false;
  return parts.every((part) => {
    const words = part.split(/\s+/).filter(Boolean);
    let k = 0;
    while (k < words.length - 1 && HONORIFICS.test(words[k] as string)) k++;
    const name = words.slice(k);
    if (name.length < (k > 0 ? 1 : 2) || name.length > 5) return false;
    const first = name[0] as string;
    const last = name[name.length - 1] as string;
    return (
      isCapitalised(first) &&
      isCapitalised(last) &&
      name.every((w) => (isCapitalised(w) || PARTICLES.has(w.toLowerCase()) || /^\p{Lu}\.$/u.test(w)) && /^[\p{L}.'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase()))
    );
  });
}

/** A name followed by a role after a comma ("Rachel Kim, regional sales manager"). */
function nameWithRole(text: string): boolean {
  const comma = text.indexOf(', ');
  return comma > 0 && isPersonName(text.slice(0, comma)) && text.length <= 90 && !/[.;:]$/.test(text);
}

/** A CJK name of two to four Han characters, alone or after a department ("開発部 佐藤美咲"). */
function cjkName(text: string): string | null {
  const parts = text.trim().split(/[\s\u3000]+/);
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 2 || !/^\p{Script=Han}{2,4}$/u.test(last)) return null;
  return parts.length === 1 || /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]{2,12}$/u.test(parts[0] ?? '') ? last : null;
}

export interface LabelledLine {
  label: string;
  value: string;
}

/** `Label: value` with a short label (one to three words, or CJK/Arabic up to eight characters). */
export function labelled(text: string): LabelledLine | null {
  const colon = text.search(/\s?[:：]/);
  if (colon <= 0 || colon > 30) return null;
  const label = text.slice(0, colon).trim();
  const value = text.slice(colon).replace(/^\s?[:：]\s*/, '').trim();
  if (value === '' || /^\/\//.test(value)) return null;
  const words = label.split(/\s+/);
  if (words.length > 3 || !/^[\p{L}\p{N}][\p{L}\p{N}\s.'’-]*$/u.test(label)) return null;
  return { label, value };
}

/** Words after "prepared by", "presented by" … that lead to the names. */
const LEADS = /^(?:(?:prepared|written|presented|submitted|compiled|edited)\s+by)\s+/i;

/**
 * The author a line names: its value and the authors in it, or null. `alone` also accepts a line
 * that is only a name (the title block's second or third line).
 */
export function authorOf(text: string, alone: boolean): { author: string; authors: string[] } | null {
  const t = text.trim();
  const lead = LEADS.exec(t);
  if (lead) {
    const value = t.slice(lead[0].length).replace(/^the\s+/i, '').trim();
    return value ? { author: value, authors: splitAuthors(value) } : null;
  }
  const l = labelled(t);
  if (l && (AUTHOR_LABELS.has(l.label.toLowerCase()) || /^team\s+\d+$/i.test(l.label))) return { author: l.value, authors: splitAuthors(l.value) };
  const space = t.indexOf(' ');
  if (space > 0 && BYLINE_WORDS.has(t.slice(0, space).toLowerCase())) {
    const value = t.slice(space + 1).trim();
    if (isPersonName(value) || nameWithRole(value)) return { author: value, authors: splitAuthors(value) };
  }
  if (!alone) return null;
  if (isPersonName(t) || nameWithRole(t)) return { author: t, authors: splitAuthors(t) };
  const cjk = cjkName(t);
  return cjk ? { author: cjk, authors: [cjk] } : null;
}

/**
 * Several authors in one value: "A and B", "A; B", "A, B, C" or "A, B and C"; "A, role" is one
 * author with a role.
 */
export function splitAuthors(value: string): string[] {
  const v = value.trim();
  const commas = v.split(',').map((p) => p.trim());
  const list = commas.length >= 3 || (commas.length === 2 && AND_WORD.test(v));
  const parts = (list ? commas : [v]).flatMap((p) => p.split(AND_WORD)).map((p) => p.trim()).filter(Boolean);
  return parts.length ? parts : [v];
}
