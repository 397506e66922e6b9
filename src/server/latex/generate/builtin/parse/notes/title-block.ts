// The title block a person types at the top of a note: the title, then lines that name the
// author, the date, a course or subtitle, and labelled facts (Course:, Attendees:, 学号：). They go
// to the title page and are taken out of the body. It ends at the first line that is content
// (a heading, a list item, a table row, a sentence, a formula).
import type { NoteMeta } from '../../tree.js';
import { findDate, isDateRange, type DateSpan } from './dates.js';
import { SPEAKER_NOTES } from './speaker-notes.js';
import { formulaLine } from './formulas.js';
import { markerOf } from './markers.js';
import { authorOf, bylineInLine, isPersonName, labelled, nameThenWords, splitAuthors } from './people.js';

export interface TitleBlock {
  title: string;
  meta: Partial<NoteMeta> & { extra: NoteMeta['extra'] };
  /** Lines of the block taken (the title's included). */
  used: number;
}

/** Only a weekday in brackets and the hours after a date ("（月）14:00〜15:30", "(Mon) 9:30 am"); a place after them is a fact of its own. */
const HOUR = String.raw`\d{1,2}(?:[:：.h]\d{2})?\s?(?:am|pm|uhr|h)?`;
const WHEN_AFTER = new RegExp(String.raw`^(?:[（(][^)）]{1,12}[)）])?\s*(?:${HOUR}(?:\s*[〜~–-]\s*${HOUR})?)?$`, 'iu');

/** Labels that say "subtitle". */
const SUBTITLE_LABEL = /^(?:subtitle|sub-title|untertitel|sous-titre|subt[ií]tulo|sottotitolo|podtytuł|ondertitel|подзаголовок|副标题|副題|サブタイトル|부제)$/iu;

/** Labels that only say "date". */
const DATE_LABELS = /^(?:date|datum|fecha|data|дата|fecha de entrega|date de remise|日期|日付|日時|日时|날짜|تاريخ|التاريخ|תאריך|.{1,6}日期)$/i;

/** A line no title block holds: a list item, a table row, a sentence, a formula, a heading mark. */
export function isContentLine(text: string): boolean {
  return (
    text.length > 120 ||
    text.includes('\t') ||
    /^(?:[-*+•●○◦▪·・–—]\s|\d{1,3}[.)]\s|\[[ xX]\]|[☐☑☒]|\|)/u.test(text) ||
    /[^.][.;:,]$/.test(text.replace(/(?:(?<!\p{L})\p{Lu}|\be\.V|\bLtd|\bInc|\bCo|\bJr|\bSr)\.$/u, '')) ||
    /(?:^|\s)(?:=|->|→)(?:\s|$)/.test(text) ||
    // (A label and its value joined by dot leaders: "pousada 8 noites ...... R$ 3.840,00".)
    /\S\s*\.{4,}\s*\S|\s\.{2,3}\s\S|…{2,}/u.test(text)
  );
}

/** A line that can be a note's title. */
export function isTitleLine(text: string): boolean {
  if (text.length === 0 || text.length > 150 || isContentLine(text)) return false;
  // Math and TeX are the note's content, never its title.
  if (/\\[A-Za-z]|\$[^$]+\$/.test(text) || formulaLine(text) !== null) return false;
  return text.split(/\s+/).length <= 20;
}

type Field = { kind: 'date'; date: string; rest: string; remark?: string } | { kind: 'author'; author: string; authors: string[]; head?: string; guessed?: boolean; rest?: string } | { kind: 'extra'; key: string; value: string } | { kind: 'plain' };

/** What separates a date from what is before or after it on its line. */
const SEPARATOR = /^[\s,;–—-]+|[\s,;–—:-]+$/g;

function trimSeparators(s: string): string {
  return s.replace(SEPARATOR, '');
}

/** Words that open places named in two words or more: San Francisco, New York, Buenos Aires, Hong Kong, Rio de Janeiro, Sankt Gallen. */
const PLACE_WORDS = /^(?:TP\.?|Tp\.?|San|Santa|Santo|São|Saint|St\.?|Sankt|New|Nueva|Nouvelle|Los|Las|Le|La|El|Buenos|Rio|Río|Hong|Kuala|Ho|Hà|Tel|Abu|Addis|Port|Porto|Puerto|Cape|Bad|Frankfurt|Nizhny|Velikiy|Mexico|Ciudad|Costa|Sri|Hai|Thành)\s/u;

/** The date a line gives, and what else it says. */
function dateField(text: string, span: DateSpan): Field {
  const date = text.slice(span.start, span.end);
  const before = text.slice(0, span.start);
  const after = trimSeparators(text.slice(span.end));
  const lead = trimSeparators(before);
  // A date's label typed without its colon ("date 3/4/2025", "datum 5.3.2025") is no part of it.
  if (lead === '' || DATE_LABELS.test(lead)) return { kind: 'date', date, rest: after };
  // "prof. Haddad, 14/10/2024 (notes by me)": who, the date, and a remark in brackets.
  if (after !== '') return /^\(.*\)$/.test(after) && authorOf(lead, false) ? { kind: 'date', date, rest: lead, remark: after } : { kind: 'date', date: text, rest: '' };
  // "Version 2.1 – 2025-02-03", "PTA meeting, 2025-04-08": a thing and its date; "Москва, 2025",
  // "Strasbourg, le 12 mars 2025", "Due 2025-03-14": the date as the note words it.
  const dashed = /[–—-]\s*$/.test(before) && /\s[–—-]\s*$/.test(before);
  const words = lead.replace(/\b(?:le|den|el|il|am|de|da|do|du)\b/g, '');
  // ("Jonas Weber, 12. März 2025", "Ελένη Παπαδοπούλου, Νοέμβριος 2024": a person's name of two words or more, the writer, not a place; "San Francisco, …" is one.)
  const person = /,\s*$/.test(before) && lead.includes(' ') && isPersonName(lead) && !PLACE_WORDS.test(lead);
  const place = !person && /,\s*(?:le|den|el|il|am)?\s*$/i.test(before) && /^\p{Lu}/u.test(lead) && !/(?:^|\s)\p{Ll}{3,}/u.test(words);
  if (dashed || (!place && /,\s*$/.test(before))) return { kind: 'date', date, rest: lead };
  return { kind: 'date', date: text, rest: '' };
}

const BORN = /^(?:born|b\.|date of birth|dob|birthday|né|née|nee|geboren|geb\.|geburtsdatum|nacido|nacida|fecha de nacimiento|nato|nata|nascido|nascida|data de nascimento|urodzony|urodzona|родился|родилась|дата рождения)(?=\s|:|$)/iu;

/** "الفصل الدراسي الثاني 2024", "2. Semester 2024", "semestre 1 2024", "Term 2 2024": a term and its year. */
const TERM = /^(?:(?:الفصل|الترم)\s+الدراسي\s+\S+|(?:\d\.?\s*)?(?:semester|semestre|semestr|term|trimester|trimestre|quadrimestre)(?:\s+\d)?|ترم\s+\S+|סמסטר\s+\S+)\s+\d{4}(?:\/\d{2,4})?$/iu;
const SEASON = /^(?:spring|summer|autumn|fall|winter|frühling|frühjahr|sommer|herbst|printemps|été|automne|hiver|primavera|verano|otoño|invierno|estate|autunno|inverno|lente|zomer|herfst|wiosna|lato|jesień|zima|весна|лето|осень|зима)(?:\s?(?:term|semester|session|quarter|sem\.?))?\s+\d{4}(?:\/\d{2,4})?$/iu;

/** One field of the title block's line (a line may hold several: "姓名：王思雨\u3000\u3000学号：2023011245"). */
function fieldOf(text: string): Field {
  const l = labelled(text);
  if (l && DATE_LABELS.test(l.label)) {
    const span = findDate(l.value, { bareYear: true, dayMonth: true });
    const f = span ? dateField(l.value, span) : null;
    // (Its weekday or its hour after it stay with it: "2025年3月10日（月）14:00〜15:30", "2024.03.21 (목) 저녁 8시".)
    if (f?.kind === 'date' && f.rest !== '') {
      // ("12.03.2025, 19:00 Uhr, Raum 2.04": the hours stay with the date, the room is a fact of its own.)
      const [when = '', ...place] = f.rest.split(/\s*[,;]\s*/u);
      const at = l.value.indexOf(when, span?.end ?? 0);
      if (place.length > 0 && /\d/.test(when) && WHEN_AFTER.test(when) && at >= 0) return { kind: 'date', date: l.value.slice(0, at + when.length), rest: place.join(', ') };
    }
    return f && !(f.kind === 'date' && f.rest !== '' && /\d|[)）]$/u.test(f.rest) && WHEN_AFTER.test(f.rest)) ? f : { kind: 'date', date: l.value, rest: '' };
  }
  const bare = text.replace(/^\((.*)\)$/, '$1');
  // "Né le 5 mai 1998", "Date of birth: …": a person's date, not the note's.
  if (BORN.test(bare) || (l && BORN.test(l.label))) return { kind: 'extra', key: '', value: text };
  if (isDateRange(bare)) return labelled(text) ? { kind: 'extra', key: l?.label ?? '', value: l?.value ?? text } : { kind: 'plain' };
  // "Spring 2024", "Autumn term 2023", "Wintersemester 2024/25": a season and its year.
  if (SEASON.test(bare) || TERM.test(bare)) return { kind: 'date', date: bare, rest: '' };
  const span = findDate(bare, { dayMonth: true }) ?? (/^[\p{Lu}][^,]{0,40},\s*\d{4}$/u.test(bare) || /^\d{4}$/.test(bare) ? findDate(bare, { bareYear: true }) : null);
  if (span) {
    const f = dateField(bare, span);
    // "Prepared by Daniel Mwangi (SRE on call), 2025-03-13": an author line with its date.
    if (f.kind === 'date' && f.rest !== '' && span.start > 0) {
      const who = authorOf(f.rest, false);
      if (who) return { kind: 'date', date: f.date, rest: f.rest, ...(f.remark ? { remark: f.remark } : {}) };
    }
    return f;
  }
  const who = authorOf(text, true);
  if (who) return { kind: 'author', ...who };
  if (l) return { kind: 'extra', key: l.label, value: l.value };
  // "date 03/14": a date's label without its colon, and a date without its year.
  const unlabelled = /^(\p{L}+)\s+(\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?)$/u.exec(text);
  if (unlabelled && DATE_LABELS.test(unlabelled[1] ?? '')) return { kind: 'date', date: unlabelled[2] ?? '', rest: '' };
  const byline = bylineInLine(text);
  if (byline) return { kind: 'author', author: byline.author, authors: byline.authors, head: byline.head };
  return { kind: 'plain' };
}

/** A line's fields: the line, or its parts between wide gaps (two spaces or more, an ideographic space). */
function fields(text: string): Array<{ text: string; field: Field }> {
  const parts = text.split(/\u3000+|\s{3,}|(?<=\S) {2}(?=\S)/).map((p) => p.trim()).filter(Boolean);
  // (Or a labelled one and others of a few words, three spaces or more apart: "Date performed: Sept 30 2024    Section 03, TA: Mr. Lindqvist".)
  const wide = text.split(/\u3000+|\s{3,}/).map((p) => p.trim()).filter(Boolean);
  const few = wide.length > 1 && wide.length <= 4 && wide.some((p) => labelled(p) !== null) && wide.every((p) => p.split(/\s+/).length <= 8);
  // (Or parts set apart by a bar or a dot: "викл. Мельник О.В. | конспект: Дарина К. — 07.10.2024", "TA: Gabriela Ortiz | week of Nov 4".)
  // (A slash between spaces too, the full-width one of CJK text: "担当：山口先生 ／ 記録：佐藤 美咲", ideographic spaces around it.)
  const barred = text.split(/\s+[|·•｜／]\s+|\s+\/\s+(?=\S+\s*[:：])/u).map((p) => p.trim()).filter(Boolean);
  const pieces = parts.length > 1 && parts.every((p) => labelled(p) !== null) ? parts : barred.length > 1 && barred.length <= 4 ? barred : few ? wide : [text];
  return pieces.map((p) => ({ text: p, field: fieldOf(p) }));
}

const PREPOSITION = /(?:^|\s)(?:on|for|at|until|till|by|from|since|before|after|of|le|du|au|am|vom|bis|seit|ab|el|del|al|il|dal|до|на|с|от)$/iu;

/** A remark of a title page: in lower case or brackets, or a document's status ("internal – do not forward", "DRAFT v2", "Vertraulich"); a capitalised line may head the text. */
// (Its lower case is matched apart: under the i flag \p{Ll} matches capitals too.)
const LOWER_START = /^[\p{Ll}([]/u;
const REMARK = /^(?:draft|confidential|internal|not for (?:distribution|circulation)|do not|work in progress|wip\b|vertraulich|entwurf|intern\b|borrador|confidencial|brouillon|confidentiel|bozza|riservato|rascunho|szkic|poufne|черновик)/iu;

/** A date typed at the end of the title line ("产品周会纪要 2025-03-10"). */
function trailingDate(title: string): { title: string; date: string } | null {
  const span = findDate(title);
  if (!span || span.end < title.replace(/[\s)）]+$/, '').length || span.start === 0) return null;
  const before = title.slice(0, span.start);
  const head = trimSeparators(before);
  if (head === '' || /[:：]$/.test(before.trim())) return null;
  // A date inside a phrase is the title's: "(for the seminar on 21 Nov)", "Notes from 3 May".
  const open = before.lastIndexOf('(');
  if (open >= 0 && !before.includes(')', open) && /\p{L}/u.test(before.slice(open))) return null;
  if (PREPOSITION.test(before.trimEnd())) return null;
  return { title: head, date: title.slice(span.start, span.end) };
}

/**
 * The title block at the top of a note's first lines, or null when the first line is no title.
 * `titleText` is the title line's text (after a slide marker, say).
 */
const PHONE = /^(?:(?:tel|phone|mob|cell|telefon|tél|тел)\.?:?\s*)?\+?\d[\d\s()./-]{6,}\d$/iu;

export function readTitleBlock(texts: string[], first = 0, titleText?: string): TitleBlock | null {
  const title = titleText ?? texts[first] ?? '';
  if (!isTitleLine(title)) return null;
  const meta: TitleBlock['meta'] = { extra: [] };
  // The line each of meta.extra came from.
  const lineOf: number[] = [];
  const plain: number[] = [];
  let used = first + 1;
  let end = first + 1;
  const authors: string[] = [];
  let bylineHead: string | undefined;
  // The author read from a line's shape alone, while no line has said who wrote the note.
  let guessedAuthor: string | undefined;
  // The line that says who wrote the note ("إعداد: د. ليلى الحربي", "by Ana Ruiz").
  let authorAt: number | undefined;
  // An unlabelled line's last line, where lines after it continue it.
  const spans = new Map<number, number>();
  // The line of the date: lines of metadata typed above it stay above it.
  let dateAt: number | undefined;
  let notesEnd = false;
  const lineText = (k: number): string => texts.slice(k, (spans.get(k) ?? k) + 1).join(' ');
  for (let k = first + 1; k < texts.length && k <= first + 8; k++) {
    const text = texts[k] as string;
    // A labelled line that states a formula ("Power rule: if f(x) = x^n then …") is content, not a fact about the note.
    // (An arrow between names is no formula: "Database migration: MySQL 5.7 -> PostgreSQL 16"; "x -> 0" is one.)
    const formulaFact = /(?:^|\s)=(?:\s|$)|(?:^|\s)[\w.]{1,3}\s?(?:->|→)\s?[\w.]{1,3}(?:\s|$)|\^|[a-z]\([a-z]\)\s*=/.test(labelled(text)?.value ?? '');
    // A slide, chapter or exercise marker ("slide 1: overview") starts the body.
    // (So does a speaker's note: "(notes: thank everyone for coming)".)
    // ("Notes: Kenji" in minutes names who took them: a byline, no speaker's note.)
    const taker = SPEAKER_NOTES.test(text) && /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2}$/u.test(labelled(text)?.value ?? '');
    if (SPEAKER_NOTES.test(text) && !taker) {
      // (A speaker's note ends the title slide's lines: the plain line above it is the slide's own.)
      notesEnd = true;
      break;
    }
    if (text.length > 120 || text.includes('\t') || formulaFact || markerOf(text) || (isContentLine(text) && !labelled(text) && !findDate(text) && !nameThenWords(text))) break;
    end = k + 1;
    // A line going on in lower case after an unlabelled one ("общего собрания … в доме" / "по
    // адресу: г. Екатеринбург, …") continues it: one subtitle, not a fact labelled "По адресу".
    // (A byline, "by Daniel Okafor", a date, "oct 12", or an address, says something of its own.)
    const parts = fields(text);
    const last = plain[plain.length - 1];
    const prev = texts[k - 1] ?? '';
    if (last !== undefined && (spans.get(last) ?? last) === k - 1 && /^\p{Ll}/u.test(text) && prev.length >= 30 && /\s/.test(text) && !/[@/]|[.:;!?]$/.test(`${text} ${prev}`) && parts.every((p) => p.field.kind === 'plain' || p.field.kind === 'extra')) {
      spans.set(last, k);
      continue;
    }
    // (A phone number is a line of the contact details, never the subtitle: "tel. +48 601 234 567".)
    if (parts.every((p) => p.field.kind === 'plain') && !PHONE.test(text)) {
      // (A remark in brackets under the subtitle, "(for the nonfiction workshop, spring term)", is a line of the title page.)
      if (plain.length > 0 && /^\(.*\)$/u.test(text)) parts[0] = { text, field: { kind: 'extra', key: '', value: text } };
      else {
        plain.push(k);
        continue;
      }
    }
    for (const { text: part, field } of parts) {
      if (field.kind === 'date') {
        if (meta.date === undefined) {
          meta.date = field.date;
          dateAt = k;
        } else meta.extra.push({ key: '', value: field.date });
        if (field.rest) {
          const who = authorOf(field.rest, false) ?? (isPersonName(field.rest) && field.rest.includes(' ') ? { author: field.rest, authors: [field.rest], rest: undefined } : null);
          // ("apuntes de Lucía M., 21/10/2023" under "Prof. Ramírez · Grupo B": who took the notes wrote them; the name read from its shape goes first among the facts.)
          const outranks = who !== null && !who.guessed && guessedAuthor !== undefined && authors.length > 0;
          if (outranks) {
            meta.extra.unshift({ key: '', value: guessedAuthor as string });
            lineOf.unshift(Math.min(k, ...lineOf));
            authors.length = 0;
            guessedAuthor = undefined;
          }
          if (who && authors.length === 0) {
            authorAt = k;
            meta.author = who.author;
            authors.push(...who.authors);
            if (who.rest) meta.extra.push({ key: '', value: who.rest });
          } else meta.extra.push({ key: '', value: field.rest });
        }
        if (field.remark) meta.extra.push({ key: '', value: field.remark });
      } else if (field.kind === 'author' && (authors.length === 0 || (guessedAuthor !== undefined && !field.guessed))) {
        // "Prepared by: Hannah Lindqvist" under "Sustainability Office, Campus Services": the
        // labelled name is the author, the line before it what it looked like (a subtitle).
        if (guessedAuthor !== undefined && authors.length) {
          if (plain.length === 0 && meta.subtitle === undefined) meta.subtitle = guessedAuthor;
          else meta.extra.push({ key: '', value: guessedAuthor });
          authors.length = 0;
        }
        guessedAuthor = field.guessed ? field.author : undefined;
        authorAt = field.guessed ? undefined : k;
        meta.author = field.author;
        authors.push(...field.authors);
        // What the line says besides the name ("Matrikelnr. 4418207") stays on the title page.
        if (field.rest) meta.extra.push({ key: '', value: field.rest });
        // What the byline's line says besides ("a novella"): the subtitle, unless one is given.
        if (field.head) bylineHead ??= field.head;
      } else if (field.kind === 'author') meta.extra.push({ key: '', value: field.author });
      else if (field.kind === 'extra') meta.extra.push({ key: field.key, value: field.value });
      // (A field of no kind beside others on its line is a fact of its own: "Section 03, TA: Mr. Lindqvist".)
      else meta.extra.push({ key: '', value: part });
    }
    used = k + 1;
    while (lineOf.length < meta.extra.length) lineOf.push(k);
  }
  // An unlabelled line is the subtitle when the block goes on after it (or ends the paragraph).
  const firstPlain = plain[0];
  const taken = firstPlain !== undefined && (firstPlain < used || end === texts.length || notesEnd);
  // (Under the line naming the author, a line of words says where the author works: "قسم الهندسة البيئية – جامعة الملك سعود"; a course has its figures, "CS 4850 – Spring 2025".)
  const affiliation = taken && authorAt !== undefined && firstPlain > authorAt && !/\p{N}/u.test(lineText(firstPlain));
  if (taken) used = Math.max(used, (spans.get(firstPlain) ?? firstPlain) + 1);
  if (taken && !affiliation) meta.subtitle = lineText(firstPlain);
  else if (bylineHead !== undefined) meta.subtitle = bylineHead.replace(/,\s*\p{Ll}+$/u, '');
  // (Short lines ending the paragraph under the author or the date, "internal – do not forward",
  // "Draft 2": remarks of the title page, not the first lines of the text.)
  const remarks = plain.filter((k) => k >= used);
  if (end === texts.length && (meta.author !== undefined || meta.date !== undefined) && remarks.length > 0 && remarks.length <= 2 && remarks.every((k) => !spans.has(k) && (LOWER_START.test(texts[k] ?? '') || REMARK.test(texts[k] ?? '')) && (texts[k] ?? '').length <= 50 && !/[.!?:]$/.test(texts[k] ?? ''))) used = texts.length;
  for (const k of affiliation ? plain : plain.slice(1)) {
    if (k >= used) continue;
    meta.extra.push({ key: '', value: lineText(k) });
    lineOf.push(k);
  }
  // The other lines in the note's order ("06 12 34 56 78 | …" before "Né le 5 mai 1998").
  if (lineOf.length === meta.extra.length) {
    // "subtitle: A short tour of the sea": the subtitle, its label no part of it.
    const sub = meta.extra.findIndex((e) => SUBTITLE_LABEL.test(e.key));
    if (sub >= 0 && meta.subtitle === undefined) {
      meta.subtitle = meta.extra[sub]?.value;
      meta.extra.splice(sub, 1);
      lineOf.splice(sub, 1);
    }
    meta.extra = meta.extra.map((e, n) => ({ e, at: lineOf[n] ?? 0 })).sort((a, b) => a.at - b.at).map(({ e }) => e);
    // "Tema 3: Límites y derivadas" right under the title, above the author and the date: the subtitle.
    const head = meta.extra[0];
    const firstAt = lineOf.slice().sort((a, b) => a - b)[0];
    if (head && meta.subtitle === undefined && firstAt === first + 1 && head.key !== '' && authorAt !== undefined && authorAt > first + 1 && (dateAt ?? Infinity) > first + 1 && lineOf.filter((at) => at === firstAt).length === 1) {
      meta.subtitle = `${head.key}: ${head.value}`;
      meta.extra.shift();
      lineOf.sort((a, b) => a - b).shift();
    }
    const before = lineOf.filter((at) => dateAt !== undefined && at < dateAt).length;
    if (before > 0) meta.extraBeforeDate = before;
  }
  if (authors.length) meta.authors = authors.length > 1 ? authors : splitAuthors(meta.author ?? '');
  let shownTitle = title;
  if (meta.date === undefined) {
    const t = trailingDate(title);
    if (t) {
      shownTitle = t.title;
      meta.date = t.date;
    }
  }
  return { title: shownTitle, meta, used };
}
