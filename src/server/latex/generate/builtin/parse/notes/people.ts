// Who wrote a note, as its first lines say it: a labelled line (Author:, Name:, Owner:, Prepared
// by, 作者：, Выполнила:, a meeting's minute-taker), a byline ("by X", "de X", "von X"), or a line
// that is only a person's name ("Sarah Lindholm", "Prof.ª Renata Moura", "開発部 佐藤美咲").

/** Labels whose value is the note's author, lower-cased, without their colon. */
const AUTHOR_LABELS = new Set([
  'author', 'authors', 'by', 'door', 'av', 'af', 'przez', 'name', 'names', 'nombres', 'integrantes', 'noms', 'namen', 'nomi', 'nomes', 'owner', 'prepared by', 'written by', 'presented by', 'submitted by', 'student', 'students',
  'team', 'autor', 'autora', 'autores', 'autorin', 'auteur', 'auteure', 'auteurs', 'autore', 'autrice', 'autori', 'autoras', 'autorka', 'autorzy', 'yazar', 'yazan', 'hazırlayan', 'tác giả', 'người viết', 'συγγραφέας', 'लेखक', 'लेखिका', 'auteur(s)', 'forfatter', 'författare', 'tekijä', 'szerző', 'verfasser', 'verfasserin', 'nom', 'nombre',
  'nome', 'aluno', 'aluna', 'alumno', 'alumna', 'estudiante', 'élève', 'eleve', 'studente', 'studentessa', 'имя', 'автор', 'авторы', 'sinh viên', 'học sinh', 'học viên',
  'étudiant', 'étudiante', 'studentin', 'schüler', 'schülerin', 'uczeń', 'uczennica', 'studentka', 'öğrenci', '学生', '学生姓名',
  'выполнил', 'выполнила', 'выполнили', 'студент', 'студентка', 'ученик', 'ученица', '作者', '姓名', '著者', '氏名', '저자', '이름',
  'protokoll', 'protokollführer', 'protokollführerin', 'minutes', 'minute taker', 'note taker', 'notetaker', 'note-taker', 'scribe', 'compte rendu', 'rédacteur',
  // "Name and surname" on a form's first lines: imię i nazwisko, nom et prénom, nome e cognome, ФИО, họ và tên …
  'imię i nazwisko', 'imie i nazwisko', 'nom et prénom', 'nom prénom', 'prénom et nom', 'nome e cognome', 'nombre y apellidos', 'nombre completo',
  'nome completo', 'vor- und nachname', 'name und vorname', 'фио', 'ф.и.о.', 'ф. и. о.', 'ім\'я та прізвище', 'ad soyad', 'adı soyadı', 'họ và tên', 'họ tên', 'full name', 'naam',
  // A group's members: members, thành viên, Mitglieder, membres, miembros, membros, membri, członkowie, участники, üyeler …
  'members', 'team members', 'group members', 'thành viên', 'sinh viên thực hiện', 'người thực hiện', 'nhóm thực hiện', 'mitglieder', 'gruppenmitglieder', 'membres',
  'miembros', 'membros', 'membri', 'członkowie', 'członkowie zespołu', 'участники', 'состав группы', 'üyeler', 'grup üyeleri', 'leden', 'groepsleden',
  // Who did the work or wrote it up: wykonali, opracował, виконав, конспект, подготовил, opgesteld door, erstellt von, rédigé par, elaborado por, a cura di …
  'wykonali', 'wykonał', 'wykonała', 'wykonawcy', 'opracował', 'opracowała', 'opracowali', 'виконав', 'виконала', 'виконали', 'конспект', 'конспектувала', 'конспектував',
  'підготував', 'підготувала', 'автори', 'подготовил', 'подготовила', 'составил', 'составила', 'opgesteld door', 'gemaakt door', 'erstellt von', 'verfasst von', 'rédigé par',
  'réalisé par', 'elaborado por', 'realizado por', 'redactado por', 'a cura di', 'redatto da', 'hazırlayanlar', 'notes by', 'notes', 'note taker', 'taken by',
  // Czech, Slovak, Hungarian, Romanian, the Nordic languages, Finnish, Indonesian, Croatian.
  'autoři', 'autorky', 'vypracoval', 'vypracovala', 'vypracovali', 'zpracoval', 'zpracovala', 'zpracovali', 'jméno', 'jméno a příjmení', 'meno', 'meno a priezvisko',
  'készítette', 'név', 'szerzők', 'nume', 'nume și prenume', 'namn', 'navn', 'nimi', 'tekijät', 'nama', 'penulis', 'disusun oleh', 'ime i prezime',
  '记录', '记录人', '笔记整理', '笔记', '整理', '筆記整理', '筆記', 'ノート作成', '紀錄', '記録', 'المؤلف', 'الاسم', 'إعداد', 'اعداد', 'מחבר', 'שם',
  // A talk's presenter: 汇报人, 报告人, 主讲人, 演讲人, 発表者, 発表, 발표자, докладчик, ponente, intervenant, Referent.
  '汇报人', '匯報人', '报告人', '報告人', '主讲人', '主講人', '演讲人', '演講人', '发言人', '発表者', '発表', '발표자', '발표', '발표자명', 'докладчик', 'докладчица', 'ponente', 'intervenant', 'intervenante', 'referent', 'referentin', 'speaker', 'presenter', 'प्रस्तुति', 'प्रस्तुतकर्ता', 'वक्ता', 'apresentação', 'apresentador', 'apresentadora', 'presentación', 'presentado por', 'vortragender', 'vortragende', 'présenté par', 'relatore', 'relatrice', 'prelegent', 'prelegentka',
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
  bericht protokoll vorlesung rapport cours informe relatório relatorio отчёт отчет реферат referat präsentation presentation vortrag
  seminar hausarbeit facharbeit seminararbeit thesis dissertation essay assignment workshop tutorial übung kurs klasse gruppe grupo
  groupe gruppo curso corso trabajo tarea práctica projet projekt progetto proyecto projeto exposé
  engineer manager developer designer analyst consultant director officer specialist assistant intern technician
  coordinator architect scientist researcher accountant administrator supervisor`.split(/\s+/).filter(Boolean),
);

function isCapitalised(word: string): boolean {
  const c = word.charAt(0);
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

/**
 * A person's name (or several joined by "and"): two to five capitalised words, particles
 * allowed inside, an honorific before; initials (A. S.) count as words. No digits, no sentence.
 */
/** A nickname between the names: "Margaret (Peggy) Thornton", 'Robert "Bob" Smith'. */
const NICKNAME = /\s[("“]\p{Lu}[\p{L}'’-]*[)"”](?=\s)/u;

export function isPersonName(text: string): boolean {
  const t = text.trim().replace(NICKNAME, '');
  if (t.length < 3 || t.length > 70 || /[\d:;!?()[\]{}<>@/\\|=+*#_~"“”«»]/.test(t) || /[.,]$/.test(t.replace(/(?<!\p{L})\p{Lu}\.$/u, ''))) return false;
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

/** A name followed by a role after a comma ("Rachel Kim, regional sales manager") or in brackets ("Stefan Kühn (IT)"). */
function nameWithRole(text: string): boolean {
  const bracketed = /^(.{3,60}?)\s\(([^()]{1,30})\)$/u.exec(text.trim());
  if (bracketed && !/\d/.test(bracketed[2] ?? '') && isPersonName(bracketed[1] ?? '')) return true;
  const comma = text.indexOf(', ');
  // A role has no figures ("Seminar Umweltpolitik, WiSe 2024/25" is a course and its term).
  // (A student's year is a role: "Priya Raman, 2nd yr PhD", "Jan Nowak, III rok".)
  const role = text.slice(comma);
  // (So is a pupil's class: "Jonas Weber & Emily Schröder, Klasse 10b", "Year 9", "Grade 11".)
  return comma > 0 && isPersonName(text.slice(0, comma)) && text.length <= 90 && !/[.;:]$/.test(text) && (!/\d/.test(role) || /\b\d{1,2}(?:st|nd|rd|th|\.)?\s?(?:yr|year|sem(?:ester)?|jahr|année|año|ano|anno|rok|курс)\b|(?:klasse|class|grade|year|form|classe|clase|klasa|класс|kl\.)\s?\d{1,2}\p{L}?(?!\S)/iu.test(role));
}

/** Words that hand a line over to its author in the middle of it ("a novella by R. Abernathy"). */
const MID_BYLINE = /^(.*?\S)[,\s]+(?:by|von|par|por|door)\s+(\S.*)$/iu;

/** "a novella by R. Abernathy", "MATH 345, report by Elif Demir": what the line is, and who wrote it. */
export function bylineInLine(text: string): { head: string; author: string; authors: string[] } | null {
  const m = MID_BYLINE.exec(text.trim());
  // "an essay — Corinne Albrecht", "a short story - J. Ruiz": what it is, a dash, who wrote it.
  const dashed = /^(\p{Ll}[^–—]{0,40}?)\s+[–—-]\s+(\S.{2,60})$/u.exec(text.trim());
  if (dashed && !m && isPersonName(dashed[2] ?? '') && text.length <= 100) return { head: (dashed[1] ?? '').trim(), author: (dashed[2] ?? '').trim(), authors: [(dashed[2] ?? '').trim()] };
  if (!m || text.length > 100) return null;
  const value = (m[2] ?? '').trim();
  if (!isPersonName(value)) return null;
  return { head: (m[1] ?? '').trim(), author: value, authors: splitAuthors(value) };
}

/** Common Chinese family names (simplified and traditional forms). */
const HAN_SURNAMES = new Set([
  ...'王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖蕭田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付傅方白邹鄒孟熊秦邱江尹薛闫閻段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯柳温溫常康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章鲁魯岳翟殷詹申欧歐耿关關兰蘭焦俞左柴甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱蓝藍路游辛靳管柏朴',
]);
/** Family names of two characters: Chinese compound ones and common Japanese ones. */
const HAN_SURNAMES_2 = new Set(
  (
    '欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 东方 東方 皇甫 慕容 令狐 司徒 夏侯 公孙 公孫 长孙 長孫 宇文 尉迟 尉遲 南宫 南宮 ' +
    '佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 山口 松本 井上 木村 斎藤 清水 山崎 池田 橋本 阿部 石川 山下 中島 石井 小川 ' +
    '前田 岡田 藤田 後藤 近藤 村上 遠藤 青木 坂本 斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 ' +
    '石田 森田 上田 柴田 酒井 工藤 横山 宮崎 宮本 内田 高木 安藤 島田 谷口 大野 高田 丸山 今井 河野 藤本 村田 武田 上野 杉山 増田 小山 大塚 ' +
    '平野 菅原 久保 松井 千葉 岩崎 桜井 木下 野口 松尾 菊地 野村 新井 渡部'
  ).split(' '),
);

/** Whether Han characters read as a person's name: a known family name, then one or two characters (two or three after a two-character one). */
function hanName(name: string): boolean {
  const chars = [...name];
  const head2 = chars.slice(0, 2).join('');
  if (HAN_SURNAMES_2.has(head2) && chars.length >= 3 && chars.length <= 4) return true;
  return chars.length <= 3 && HAN_SURNAMES.has(chars[0] ?? '');
}

/**
 * A CJK name of two to four Han characters: after a department ("開発部 佐藤美咲"), or alone when
 * it starts with a family name (a line such as 线性回归 under a title is a heading, not a person).
 */
function cjkName(text: string): string | null {
  // "M1 佐藤 健太", "学部4年 山田花子": a student's year before the name, shown with it.
  const year = /^(?:[BMD]\d|(?:学部|修士|博士)\s?\d\s?年)[\s\u3000]+/u.exec(text.trim());
  if (year) return cjkName(text.trim().slice(year[0].length)) ? text.trim() : null;
  const parts = text.trim().split(/[\s\u3000]+/);
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 2 || !/^\p{Script=Han}{2,4}$/u.test(last)) return null;
  if (parts.length === 1) return hanName(last) ? last : null;
  // "佐藤 健太": a family name and a given name with a space between them, the whole name.
  if (/^\p{Script=Han}{1,2}$/u.test(parts[0] ?? '') && /^\p{Script=Han}{1,3}$/u.test(last) && hanName(`${parts[0] ?? ''}${last}`)) return text.trim();
  return /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]{2,12}$/u.test(parts[0] ?? '') ? last : null;
}

export interface LabelledLine {
  label: string;
  value: string;
}

/** `Label: value` with a short label (one to three words, or CJK/Arabic up to eight characters). */
export function labelled(text: string): LabelledLine | null {
  const colon = text.search(/\s?[:：]/);
  // "Author - Jordan Ellis": a label that names the author, a spaced dash for its colon.
  const dashed = colon < 0 ? /^(\p{L}[\p{L} ]{0,20}?)\s+[-–—]\s+(\S.*)$/u.exec(text) : null;
  if (dashed && AUTHOR_LABELS.has((dashed[1] ?? '').toLowerCase())) return { label: dashed[1] ?? '', value: (dashed[2] ?? '').trim() };
  if (colon <= 0 || colon > 30) return null;
  const label = text.slice(0, colon).trim();
  const value = text.slice(colon).replace(/^\s?[:：]\s*/, '').trim();
  if (value === '' || /^\/\//.test(value)) return null;
  const words = label.split(/\s+/);
  if (words.length > 3 || !/^[\p{L}\p{N}][\p{L}\p{M}\p{N}\s.'’-]*$/u.test(label)) return null;
  return { label, value };
}

/** Words after "prepared by", "presented by", a note-taker's "apuntes de", "aantekeningen" … that lead to the names. */
const LEADS = /^(?:(?:prepared|written|written up|put together|presented|submitted|compiled|edited|notes)\s+by|notes\s+of|(?:apuntes|notas|notes|anotações|anotacoes)\s+de|appunti\s+di|a\s+cura\s+di|(?:preparado|elaborado|presentado)\s+por|(?:préparé|présenté|rédigé)\s+par|(?:erstellt|vorgetragen)\s+von|(?:mitschrift|notizen)\s+von|aantekeningen(?:\s+van)?|notities(?:\s+van)?|notatki|poznámky)(?:\s*[:：])?\s+/iu;

/**
 * The author a line names: its value and the authors in it, or null. `alone` also accepts a line
 * that is only a name (the title block's second or third line).
 */
/** "Jonas Albrecht, Matrikelnr. 4418207": a name, then a student or staff number. */
const NAME_AND_NUMBER = /^([^,\d]{3,40}),[ \t]*((?:matrikel(?:nr|nummer)?\.?|student[ \t]*(?:id|no\.?|number)|id|nr\.?|no\.?|n°|№)[ \t]*[:#]?[ \t]*\d[\d \t-]{2,15})$/iu;

/** "Arthur Lowes, written down for my grandchildren, 2024": a name, then words about the writing. */
export function nameThenWords(text: string): { name: string; rest: string } | null {
  // "Léa Marchand — Terminale spé physique-chimie": a name, a spaced dash, then words (a lower-case one at least: "Workshop Vertrieb – Do. 14:00" is a workshop's time).
  const dashed = /^(\S.{2,40}?)\s[–—]\s(\S.{2,60})$/u.exec(text);
  if (dashed && isPersonName(dashed[1] ?? '') && /(?:^|\s)\p{Ll}{3,}/u.test(dashed[2] ?? '') && (dashed[2] ?? '').split(/\s+/).length >= 2) return { name: dashed[1] ?? '', rest: dashed[2] ?? '' };
  const comma = text.indexOf(', ');
  if (comma < 3 || text.length > 100) return null;
  const name = text.slice(0, comma).trim();
  const rest = text.slice(comma + 2).trim();
  return isPersonName(name) && /^\p{Ll}/u.test(rest) && rest.split(/\s+/).length >= 2 ? { name, rest } : null;
}

export function authorOf(text: string, alone: boolean): { author: string; authors: string[]; guessed?: boolean; rest?: string } | null {
  const t = text.trim();
  const lead = LEADS.exec(t);
  if (lead) {
    const value = t.slice(lead[0].length).replace(/^the\s+/i, '').trim();
    // "written up by Ahmed for the team wiki": the name, then what it was written for.
    const purpose = /^(.{2,40}?)\s+(for\s.{3,60})$/u.exec(value);
    if (purpose && /^\p{Lu}[\p{L}.'’-]+(?:\s\p{Lu}[\p{L}.'’-]*){0,3}$/u.test(purpose[1] ?? '')) return { author: purpose[1] ?? '', authors: [purpose[1] ?? ''], rest: purpose[2] ?? '' };
    return value ? { author: value, authors: splitAuthors(value) } : null;
  }
  const l = labelled(t);
  if (l && (AUTHOR_LABELS.has(l.label.toLowerCase()) || /^team\s+\d+$/i.test(l.label))) {
    // "Sinh viên: Nguyễn Thị Thu Hà – MSSV 2151010237": the name, then the student's number.
    const numbered = /^(.{3,50}?)\s*(?:\s[–—-]\s|,\s)(\S*\p{L}\S*\s*[:#]?\s*\d[\d\s-]{2,15})$/u.exec(l.value);
    if (numbered && isPersonName(numbered[1] ?? '')) return { author: numbered[1] ?? '', authors: [numbered[1] ?? ''], rest: numbered[2] ?? '' };
    return { author: l.value, authors: splitAuthors(l.value) };
  }
  const space = t.indexOf(' ');
  if (space > 0 && BYLINE_WORDS.has(t.slice(0, space).toLowerCase())) {
    const value = t.slice(space + 1).trim();
    if (isPersonName(value) || nameWithRole(value)) return { author: value, authors: splitAuthors(value) };
    // "by Marco Bellini - blog draft": the name, then a word on the writing.
    const remark = /^(.{3,60}?)\s[–—-]\s(\p{Ll}.{0,60})$/u.exec(value);
    if (remark && isPersonName(remark[1] ?? '')) return { author: remark[1] ?? '', authors: [remark[1] ?? ''], rest: remark[2] ?? '' };
  }
  // "Prof. Martínez — 8 de octubre de 2024": a name after its title says who, wherever it stands.
  if (!alone) return HONORIFICS.test(t.split(/\s/)[0] ?? '') && isPersonName(t) ? { author: t, authors: [t] } : null;
  const numbered = NAME_AND_NUMBER.exec(t);
  if (numbered && isPersonName((numbered[1] ?? '').trim())) {
    const name = (numbered[1] ?? '').trim();
    return { author: name, authors: [name], guessed: true, rest: numbered[2] ?? '' };
  }
  // Read from the line's shape alone: a line that says who wrote the note outranks it.
  if (isPersonName(t) || nameWithRole(t)) return { author: t, authors: splitAuthors(t), guessed: true };
  // "Frau Brenner (Physik), Timo Krause, Lea Hoffmann": names, one with a remark in brackets.
  // ("Hannah Whitfield (School of Biosciences) and Kieran Mallory (City Parks & Verges Team)": each with its own.)
  const names = t.replace(/\([^()]{1,40}\)/gu, (r) => r.replace(/&|\band\b/gu, '+')).split(/,\s*|\s+(?:and|und|et|y|e|i|og|och|&)\s+/u);
  if (names.length >= 2 && t.length <= 150 && names.every((p) => isPersonName(p.replace(/\s*\([^()]{1,40}\)$/u, '')))) return { author: t, authors: t.split(/,\s*|\s+(?:and|und|et|y|e|i|og|och)\s+/u).map((p) => p.trim()), guessed: true };
  // "Lena Hoffmann, Jonas Weber – WiSe 2024/25": the names, then the term or the date after a dash.
  const dashed = /^(.{3,70}?)\s[–—-]\s(\S.{0,40})$/u.exec(t);
  // (A place after a name's dash is a business's: "Cafetería La Molienda – Valencia".)
  // (Two names at least, "Lena Hoffmann, Jonas Weber": one name-like pair of words is as likely a workshop's, "Workshop Vertrieb – Do. 14:00".)
  if (dashed && /\d/.test(dashed[2] ?? '') && AND.test(dashed[1] ?? '') && isPersonName(dashed[1] ?? '')) return { author: dashed[1] ?? '', authors: splitAuthors(dashed[1] ?? ''), guessed: true, rest: dashed[2] ?? '' };
  const signed = nameThenWords(t);
  if (signed) return { author: signed.name, authors: [signed.name], guessed: true, rest: signed.rest };
  const cjk = cjkName(t);
  return cjk ? { author: cjk, authors: [cjk], guessed: true } : null;
}

/**
 * Several authors in one value: "A and B", "A; B", "A, B, C" or "A, B and C"; "A, role" is one
 * author with a role.
 */
/** Degrees and titles after a name ("Dr. Angela Whitfield, RN, PhD"): part of the name, not more authors. */
const CREDENTIAL = /^(?:RN|BSN|MSN|PhD|Ph\.D\.|MD|M\.D\.|DO|MSc|M\.Sc\.|BSc|B\.Sc\.|MA|M\.A\.|BA|B\.A\.|MBA|MPH|DPhil|EdD|JD|LLM|PE|CPA|FRCS|MRCP|Jr\.?|Sr\.?|II|III|IV|Esq\.?|Dipl\.-Ing\.|Dr\.?|Prof\.?)$/;

/** Words in lower case outside brackets that no name has ("Platform team"): a group, not a person. */
function groupWords(part: string): boolean {
  return part.replace(/\([^()]*\)/gu, ' ').split(/\s+/).some((w) => /^\p{Ll}{3,}$/u.test(w) && !PARTICLES.has(w));
}

export function splitAuthors(value: string): string[] {
  const v = value.trim();
  // "Student Sustainability Society (Owen Achterberg, Lucía Ferreira, Kwame Asante)": a group and its members in brackets, one byline.
  if (/^[^(),]+\([^()]*,[^()]*\)$/u.test(v)) return [v];
  const commas = v.split(',').map((p) => p.trim());
  if (commas.length > 1 && commas.slice(1).every((p) => CREDENTIAL.test(p))) return [v];
  // "Hannah Whitfield, Outreach & Digital Services Coordinator": a name, then a role with an "&" in it.
  const role = commas.length === 2 && isPersonName(commas[0] ?? '') && !(commas[1] ?? '').split(AND_WORD).every((p) => isPersonName(p.trim()));
  if (role) return [v];
  const list = commas.length >= 3 || (commas.length === 2 && AND_WORD.test(v));
  // "Samuel Achebe, Dept. of Geography, community outreach series": a name, then where and what (words in lower case no name has).
  if (list && commas.slice(1).some((p) => p.split(/\s+/).some((w) => /^\p{Ll}{3,}$/u.test(w) && !PARTICLES.has(w) && !AND_WORD.test(` ${w} `)))) return [v];
  // ("Priya Raman, Dept. of Biological & Agricultural Engineering, UC Davis": a name, then no name: where the person works.)
  if (list && isPersonName(commas[0] ?? '') && commas.slice(1).some((p) => !p.split(AND_WORD).every((q) => isPersonName(q.trim())))) return [v];
  const parts = (list ? commas : [v]).flatMap((p) => p.split(AND_WORD)).map((p) => p.trim()).filter(Boolean);
  // "Infrastructure & Platform team (lead: Rita Okonkwo)", "R&D": one group, not two people (a part in words no name has, or an "&" inside a word).
  if (!list && parts.length > 1 && (/\S&|&\S/u.test(v) || parts.some(groupWords))) return [v];
  return parts.length ? parts : [v];
}
