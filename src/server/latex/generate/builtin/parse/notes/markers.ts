// Lines that name a unit of a document by its number: chapters ("Chapter 1 - The Storm",
// "Глава 1. Вокзал", "第一章\u3000归乡"), slides ("Slide 2: Why solar?", "Folie 3", "【4】…") and
// exercises ("Problem 3.", "Exercise 2: …"). The marker's number is the document's to give
// (LaTeX numbers chapters), so the heading keeps only the title after it.

export type MarkerKind = 'chapter' | 'slide' | 'problem';

export interface Marker {
  kind: MarkerKind;
  /** The title after the number ('' when the line is only the marker). */
  title: string;
  /** Where the title starts in the line. */
  titleStart: number;
  /** The unit's number as the note gave it ("Chapter 3", "Глава IV", "第十二章"), when it reads as one. */
  number?: number;
  /** A part of a book, over its chapters ("Part II", "ЧАСТЬ I. ДОРОГА", "第一部"). */
  part?: true;
}

const PART_WORDS = 'part|partie|teil|parte|часть|частина|część|deel|del';
const CHAPTER_WORDS = `chapter|bab|chapitre|kapitel|capítulo|capitulo|capitolo|hoofdstuk|rozdział|глава|розділ|bölüm|chương|kapitola|fejezet|κεφάλαιο|अध्याय|অধ্যায়|الفصل|פרק|cap\\.|chap\\.|ch\\.|kap\\.|гл\\.|${PART_WORDS}`;
const PART = new RegExp(`^(?:${PART_WORDS})$`, 'iu');
const SLIDE_WORDS = 'slide|folie|bild|lysbilde|kalvo|diapo|diapositiva|diapositive|diapositivo|слайд|स्लाइड|الشريحة|شريحة|اسلاید|שקף|slayt|slajd|snímek|διαφάνεια|salindia';
const PROBLEM_WORDS = 'step|schritt|étape|paso|passo|шаг|problem|exercise|question|task|aufgabe|übung|exercice|problème|question|ejercicio|problema|pregunta|esercizio|domanda|exercício|questão|задача|упражнение|вопрос|day|tag|jour|día|dia|giorno|день|dzień|week|woche|semaine|semana|settimana|неделя|tydzień|zadanie|ćwiczenie|pytanie|opgave|vraag|oefening|soru|alıştırma|завдання|вправа|питання|άσκηση|ερώτηση|πρόβλημα|प्रश्न|सवाल|अभ्यास|سؤال|تمرين|مسألة|문제';
const NUMBER = '(?:\\d{1,3}|[IVXLC]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

// (A starred problem, "Задача 6 (*).", "Problem 4*:", is one: the star marks it harder.)
const WORD_MARKER = new RegExp(`^(${CHAPTER_WORDS}|${SLIDE_WORDS}|${PROBLEM_WORDS})[ \\t]+(${NUMBER})(?:[ \\t]*\\(\\*{1,3}\\)|\\*{1,3})?(?:[ \\t]*(?:[.:)–—-][ \\t]*|[ \\t]+)|[ \\t]*$)`, 'iu');
/** 第一章, 第1章, 第十二章, 제1장; the title after a space, an ideographic space or a colon. */
const CJK_CHAPTER = /^(?:第[0-9一二三四五六七八九十百零〇两]{1,4}(?:[章回部节節课課讲講]|部分)|제\s?\d{1,3}\s?장)(?:[\s\u3000:：–—-]+|$)/u;
/** What a numbered 回 counts when it is no chapter: meetings, minutes, lectures, sessions, seminars, study groups. */
const EVENT = /会議|議事録|会议|纪要|例会|定例|ミーティング|打ち合わせ|打合せ|講義|讲座|講座|セミナー|研讨|勉強会|研修|授業|课|課|大会|総会|会合|記録|报告|報告|発表会|説明会/u;

/** 第2页 茶的起源, 第3頁, 第4张, スライド5, 슬라이드 6: a slide by its page in Chinese, Japanese and Korean decks. */
const CJK_SLIDE = /^(?:第\s?[0-9一二三四五六七八九十]{1,4}\s?[页頁张張枚]|スライド\s?\d{1,3}|슬라이드\s?\d{1,3})(?:[\s\u3000:：.．、–—-]+|$)/u;
/** 【1】なぜ…, [1] is a reference; 【】 marks a slide in Japanese decks. */
const BRACKET_SLIDE = /^【\s*\d{1,3}\s*】\s*/u;
/** "[1] Perché compostare?", "[7] Domande? 🙋": a slide numbered in brackets, its title short (a reference "[1] Smith, J. (2020). …" is none). */
const ASCII_BRACKET_SLIDE = /^\[\d{1,2}\][ \t]+(?=\p{L})(?![^\n]*(?:\b(?:1[5-9]|20)\d\d\b|https?:|www\.|[.,;]$))(?=[^\n]{1,60}$)/u;

/** A weekday or a month after a day's number ("DAY 1 fri 16", "Week 3 (oct 7)"): the day's date, not a sentence. */
const WHEN = /^\(?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|lun|mar|mer|jeu|ven|sam|dim|mo|di|mi|do|fr|sa|so)\.?(?:\s*\d{1,2}(?!\d)|\)|\s*[,:–—-]|$)/iu;

const KINDS: Array<[RegExp, MarkerKind]> = [
  [new RegExp(`^(?:${CHAPTER_WORDS})$`, 'iu'), 'chapter'],
  [new RegExp(`^(?:${SLIDE_WORDS})$`, 'iu'), 'slide'],
  [new RegExp(`^(?:${PROBLEM_WORDS})$`, 'iu'), 'problem'],
];

/** "Appendix - which test do I use", "Appendix A – Survey questions", "Anhang: Daten": a part beside the chapters, named as typed. */
const APPENDIX = /^(?:appendix|appendices|anhang|anhänge|annexe|annexes|anexo|anexos|apêndice|apêndices|apéndice|apéndices|appendice|appendici|bijlage|bijlagen|aneks|додаток|додатки|приложение|приложения)(?:[ \t]+[A-Z0-9]{1,3})?[ \t]*(?:[:.–—-][ \t]*\S|$)/iu;

/** A slide marker's title that only says "the title slide" ("Slide 1: Title", "Folie 1: Titel", "Diapositiva 1: Portada"). */
export const TITLE_SLIDE = /^(?:title(?: slide| page)?|cover|titel(?:folie|seite)?|titre|page de titre|t[ií]tulo|portada|capa|titolo|copertina|tytuł|strona tytułowa|титул(?:ьный слайд)?|заголовок|标题|标题页|標題|封面|タイトル|表紙|표지|제목|제목 슬라이드|타이틀|başlık|kapak|शीर्षक|शीर्षक पृष्ठ|العنوان|عنوان|صفحة العنوان|כותרת|שער|τίτλος|titulní|tiêu đề|trang bìa|judul|titelblad|titelpagina)$/iu;

export function isAppendix(text: string): boolean {
  return text.length <= 100 && APPENDIX.test(text);
}

const WORD_NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
const CJK_DIGITS = '零一二三四五六七八九';

/** 12, XII, twelve, 十二: the number a marker gives its unit, or undefined. */
export function unitNumber(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  const named = WORD_NUMBERS.indexOf(word.toLowerCase());
  if (named >= 0) return named + 1;
  if (/^[IVXLC]+$/i.test(word)) {
    const values = [...word.toUpperCase()].map((c) => ROMAN[c] ?? 0);
    return values.reduce((sum, v, k) => sum + (v < (values[k + 1] ?? 0) ? -v : v), 0);
  }
  if (/^[一二三四五六七八九十百零〇两]+$/u.test(word)) {
    const digit = (c: string | undefined) => (c === undefined ? undefined : c === '两' ? 2 : c === '〇' ? 0 : CJK_DIGITS.indexOf(c));
    const ten = word.indexOf('十');
    if (word.includes('百')) return undefined;
    if (ten < 0) return word.length === 1 ? digit(word) : undefined;
    return (ten === 0 ? 1 : (digit(word[ten - 1]) ?? 0)) * 10 + (digit(word[ten + 1]) ?? 0);
  }
  return undefined;
}

export function markerOf(text: string): Marker | null {
  if (text.length > 160) return null;
  if (isAppendix(text)) return { kind: 'chapter', title: text.trim(), titleStart: 0 };
  const cjk = CJK_CHAPTER.exec(text);
  // "第12回 プロダクト開発 定例会議 議事録": the twelfth meeting (or lecture, or session), never a chapter.
  if (cjk && cjk[0].includes('回') && EVENT.test(text)) return null;
  if (cjk) {
    const number = unitNumber(/[0-9一二三四五六七八九十百零〇两]+/u.exec(cjk[0])?.[0] ?? '');
    const part = /部分?(?:[\s\u3000:：]|$)/u.test(cjk[0]);
    return { kind: 'chapter', title: text.slice(cjk[0].length).trim(), titleStart: cjk[0].length, ...(number !== undefined ? { number } : {}), ...(part ? { part } : {}) };
  }
  const page = CJK_SLIDE.exec(text);
  if (page) return { kind: 'slide', title: text.slice(page[0].length).trim(), titleStart: page[0].length };
  const bracket = BRACKET_SLIDE.exec(text) ?? ASCII_BRACKET_SLIDE.exec(text);
  if (bracket) return { kind: 'slide', title: text.slice(bracket[0].length).trim(), titleStart: bracket[0].length };
  // "Q1." and "Q5 (bonus) –" number a question; "Q3 sales" is a quarter.
  if (/^Q\d{1,2}(?:[.):]|[ \t]+\()/.test(text)) return { kind: 'problem', title: text.replace(/[.:,]\s*$/, '').trim(), titleStart: 0 };
  const m = WORD_MARKER.exec(text);
  if (!m) return null;
  const word = m[1] ?? '';
  const kind = KINDS.find(([re]) => re.test(word))?.[1];
  if (!kind) return null;
  const title = text.slice(m[0].length).trim();
  // "Problem 3 asks for …" is a sentence about the problem, "Part 2 of the plan" too; "DAY 1 fri 16 – Edinburgh" names its day.
  const dated = /^(?:day|tag|jour|día|dia|giorno|день|dzień|week|woche|semaine|semana|settimana|неделя|tydzień)$/iu.test(word) && WHEN.test(title);
  if (title !== '' && !dated && (/[.!]$/.test(title) || /^\p{Ll}/u.test(title)) && !/[:.)–—-][ \t]*$/.test(m[0])) return null;
  // A problem keeps its number as its name ("Problem 3"); chapters and slides keep their titles.
  if (kind === 'problem') return { kind, title: text.replace(/[.:]\s*$/, '').trim(), titleStart: 0 };
  const number = unitNumber(m[2] ?? '');
  return { kind, title, titleStart: m[0].length, ...(number !== undefined ? { number } : {}), ...(PART.test(word) ? { part: true as const } : {}) };
}
