// Dates as people type them on a line of their own or at the end of one: ISO (2025-03-12),
// day/month/year (12/03/2025, 12.03.2025, 12/03), month names in the languages the product meets
// (4 February 2025, March 12th, 2025, 12. März 2025, fevereiro de 2025, 12 mars), CJK
// (2025年3月12日) and Eastern Arabic digits. One scan over the words; no backtracking pattern.

const MONTH_NAMES = [
  // English, French, German, Spanish, Portuguese, Italian, Dutch
  'january february march april may june july august september october november december',
  'jan feb mar apr jun jul aug sep sept oct nov dec',
  'janv févr fév avr juil déc',
  'janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre',
  'januar jänner februar märz marz april mai juni juli august september oktober november dezember',
  'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
  'janeiro fevereiro março marco abril maio junho julho agosto setembro outubro novembro dezembro',
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  'januari februari maart april mei juni juli augustus september oktober november december',
  // Russian and Ukrainian (genitive and nominative)
  'января февраля марта апреля мая июня июля августа сентября октября ноября декабря',
  'январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь',
  'січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня',
  // Greek (nominative and genitive)
  'ιανουάριος φεβρουάριος μάρτιος απρίλιος μάιος ιούνιος ιούλιος αύγουστος σεπτέμβριος οκτώβριος νοέμβριος δεκέμβριος',
  'ιανουαρίου φεβρουαρίου μαρτίου απριλίου μαΐου ιουνίου ιουλίου αυγούστου σεπτεμβρίου οκτωβρίου νοεμβρίου δεκεμβρίου',
  // Polish (genitive and nominative), Turkish, Hindi
  'stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia',
  'styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik listopad grudzień',
  'ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık',
  'जनवरी फ़रवरी फरवरी मार्च अप्रैल अप्रेल मई जून जुलाई अगस्त सितंबर सितम्बर अक्टूबर अक्तूबर नवंबर नवम्बर दिसंबर दिसम्बर',
  // Czech and Slovak (nominative and genitive), Croatian, Hungarian, Romanian, Swedish, Danish and Norwegian, Finnish, Indonesian
  'leden únor březen duben květen červen červenec srpen září říjen listopad prosinec',
  'ledna února března dubna května června července srpna října listopadu prosince',
  'január február marec apríl máj jún júl október januára februára marca apríla mája júna júla augusta septembra októbra novembra decembra',
  'siječanj veljača ožujak travanj svibanj lipanj srpanj kolovoz rujan studeni prosinac',
  'siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna studenoga prosinca',
  'március április május június július augusztus szeptember',
  'ianuarie februarie martie aprilie iunie iulie septembrie octombrie noiembrie decembrie',
  'augusti marts maj',
  'tammikuu helmikuu maaliskuu huhtikuu toukokuu kesäkuu heinäkuu elokuu syyskuu lokakuu marraskuu joulukuu',
  'tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta',
  'maret agustus desember',
  // Arabic (Gregorian and Levantine) and Hijri months
  'يناير فبراير مارس أبريل ابريل مايو يونيو يوليو أغسطس اغسطس سبتمبر أكتوبر اكتوبر نوفمبر ديسمبر',
  'محرم صفر ربيع جمادى رجب شعبان رمضان شوال القعدة الحجة',
  // Levantine (Syriac) month names, as written in Jordan, Syria, Lebanon and Iraq (تشرين and كانون name two months each)
  'كانون شباط آذار اذار نيسان أيار ايار حزيران تموز آب اب أيلول ايلول تشرين',
].join(' ');

const MONTHS = new Set(MONTH_NAMES.split(/\s+/).filter(Boolean));

const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10];

/** The text with other scripts' digits as ASCII digits (same length in UTF-16). */
export function asciiDigits(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    out += zero === undefined ? ch : String(cp - zero);
  }
  return out;
}

export interface DateSpan {
  start: number;
  end: number;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Words and numbers of a line with their offsets (letters, digits; . / - inside a number run kept). */
function words(s: string): Word[] {
  const out: Word[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (/[\p{L}\p{M}\p{N}]/u.test(c)) {
      let j = i + 1;
      const numeric = /\d/.test(c);
      while (j < s.length && (/[\p{L}\p{M}\p{N}]/u.test(s[j] as string) || (numeric && /[./-]/.test(s[j] as string) && /\d/.test(s[j + 1] ?? '')))) j++;
      out.push({ text: s.slice(i, j), start: i, end: j });
      i = j;
    } else i++;
  }
  return out;
}

const YEAR = /^(?:1[89]|20)\d\d$/;
const DAY = /^(?:[12]?\d|3[01])(?:st|nd|rd|th|er|e|o|a|º)?$/i;

function isMonth(w: Word | undefined): boolean {
  if (!w) return false;
  const t = w.text.toLowerCase().replace(/\.$/, '');
  return MONTHS.has(t);
}

/** Numeric dates: 2025-03-12, 12/03/2025, 12.03.2025, 03/12/25, and day/month without a year (12/03). */
function numericDate(text: string): boolean {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return YEAR.test(m[1] ?? '') && Number(m[2]) <= 12 && Number(m[3]) <= 31;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (m) return Number(m[1]) <= 31 && Number(m[2]) <= 31 && (m[3]?.length === 2 || YEAR.test(m[3] ?? ''));
  // 11/2024: a month and its year.
  m = /^(\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 12 && YEAR.test(m[2] ?? '');
  // 12/03, and a month before its day as Americans write it (7/20).
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(text);
  const [a, b] = [Number(m?.[1]), Number(m?.[2])];
  return m !== null && a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
}

/**
 * The first date in a line: where it starts and ends. `bareYear` also takes a year alone
 * ("Москва, 2025": a title page's place and year); `dayMonth` a day and month without a year (12/03).
 */
export function findDate(line: string, options: { bareYear?: boolean; dayMonth?: boolean } = {}): DateSpan | null {
  const s = asciiDigits(line);
  // CJK: 2025年3月12日, 2025年3月
  const cjk = /(\d{4})\s*[年년]\s*\d{1,2}\s*[月월](?:\s*\d{1,2}\s*[日일])?/.exec(s);
  if (cjk && YEAR.test(cjk[1] ?? '')) return { start: cjk.index, end: cjk.index + cjk[0].length };
  // Korean and Hungarian: 2024. 12. 05., spaced after each stop.
  const spaced = /(?<![\d.])(\d{4})\. (\d{1,2})\. (\d{1,2})\.?(?![\d.])/.exec(s);
  if (spaced && YEAR.test(spaced[1] ?? '') && Number(spaced[2]) <= 12 && Number(spaced[3]) <= 31) return { start: spaced.index, end: spaced.index + spaced[0].length };
  const ws = words(s);
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k] as Word;
    if (numericDate(w.text)) {
      if (!options.dayMonth && /^\d{1,2}\/\d{1,2}$/.test(w.text)) continue;
      return { start: w.start, end: w.end };
    }
    const vi = vietnameseDate(ws, k);
    if (vi) return vi;
    if (!isMonth(w)) continue;
    // A month name: with a day before or after it and/or a year after it.
    let start = w.start;
    let end = w.end;
    const before = ws[k - 1];
    const before2 = ws[k - 2];
    if (before && DAY.test(before.text)) start = before.start;
    else if (before && /^(?:de|del|di|le|den|am|el)$/i.test(before.text) && before2 && DAY.test(before2.text)) start = before2.start;
    let n = k + 1;
    let next = ws[n];
    let hasDay = start !== w.start;
    if (!hasDay && next && DAY.test(next.text)) {
      end = next.end;
      hasDay = true;
      next = ws[++n];
    }
    if (next && /^(?:de|del)$/i.test(next.text) && YEAR.test(ws[n + 1]?.text ?? '')) next = ws[++n];
    // Hijri years run 14xx: "١٢ رمضان ١٤٤٦هـ".
    // (A Gregorian year in an Arabic letter carries its م: "2024م".)
    if (next && (YEAR.test(next.text.replace(/م$/u, '')) || /^14\d\d\P{N}*$/u.test(next.text))) end = next.end;
    else if (!hasDay) continue;
    // "May" alone is a word, not a date.
    if (end === w.end && start === w.start) continue;
    return { start, end };
  }
  if (options.bareYear) {
    const y = ws.find((w) => YEAR.test(w.text));
    if (y) return { start: y.start, end: y.end };
  }
  return null;
}

/** "tháng 11/2024", "ngày 5 tháng 11 năm 2024": Vietnamese names a month by its number after "tháng". */
function vietnameseDate(ws: Word[], k: number): DateSpan | null {
  const w = ws[k] as Word;
  const month = ws[k + 1];
  if (w.text.toLowerCase() !== 'tháng' || !month) return null;
  const numeric = /^(\d{1,2})[/.](\d{4})$/.exec(month.text);
  if (!numeric && !/^(?:[1-9]|1[0-2])$/.test(month.text)) return null;
  // "ngày 5 tháng 11": the day before, with its word.
  const day = ws[k - 1] && /^\d{1,2}$/.test((ws[k - 1] as Word).text) ? (ws[k - 1] as Word) : undefined;
  const start = day ? (ws[k - 2]?.text.toLowerCase() === 'ngày' ? (ws[k - 2] as Word).start : day.start) : w.start;
  if (numeric) return { start, end: month.end };
  const year = ws[k + 3];
  if (ws[k + 2]?.text.toLowerCase() === 'năm' && year && YEAR.test(year.text)) return { start, end: year.end };
  return null;
}

/** Whether the line is a date, or two (a range: "May 2021 – Aug 2021", "Jun 2022 – present"), and nothing else. */
/** Words between a place and its date, or between two dates ("الرياض في 5 رمضان 1445هـ الموافق 15 مارس 2024م"). */
const JOINERS = new Set(['في', 'الموافق', 'den', 'le', 'am', 'el', 'il']);

export function isDateLine(line: string): boolean {
  let rest = line;
  let found = 0;
  for (let k = 0; k < 2; k++) {
    const d = findDate(rest);
    if (!d) break;
    found++;
    rest = `${rest.slice(0, d.start)} ${rest.slice(d.end)}`;
  }
  if (found === 0) return false;
  // A place before the date, and the word that joins them ("عمّان في 15 أيار 2025", "Köln, den 3. Juni").
  const left = rest.trim().split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w) && !JOINERS.has(w.toLowerCase()));
  return /^[\s,.\p{L}\p{M}–—-]*$/u.test(rest) && left.length <= 1;
}

/** A range of days ("thu 17 – mon 21 april"): a trip's or a course's dates, not a note's. */
export function isDateRange(line: string): boolean {
  // An ISO date's dashes (2025-02-03), a version number (2.1) and a time (10:00–11:00) are no range.
  const days = asciiDigits(line).replace(/\d{4}-\d{1,2}-\d{1,2}|\d+\.\d+|\d{1,2}:\d{2}/g, '#');
  return /\d{1,2}\s*[–—-]\s*(?:\p{L}{2,4}\.?\s+)?\d{1,2}\b/u.test(days) || /\d{4}\s*[–—-]\s*(?:\d{4}|\p{L}+)/u.test(days);
}
