// The words that mark a letter's parts in the languages people write letters in: salutations
// (openings), complimentary closings, subject labels, postscripts and dates. Phrases are matched
// at the start of a line with startsWith, never with a backtracking pattern; a phrase ending in
// `*` is a stem (inflected forms follow: "geehrte*" takes "geehrter", "уважаем*" "уважаемый"),
// any other must end at a word boundary ("hi" never matches "history").

const OPENINGS = [
  // English
  'dear', 'my dear', 'dearest', 'hello', 'hi', 'hey', 'greetings', 'to whom it may concern', 'good morning', 'good afternoon', 'good evening',
  // German
  'sehr geehrte*', 'geehrte*', 'liebe', 'lieber', 'liebes', 'mein lieber', 'meine liebe', 'meine lieben', 'hallo', 'guten tag', 'guten morgen', 'moin', 'servus', 'grüß gott', 'grüezi',
  // French
  'madame', 'monsieur', 'mesdames', 'messieurs', 'cher', 'chère', 'chers', 'chères', 'mon cher', 'ma chère', 'mes chers', 'mes chères', 'très cher*', 'bonjour', 'bonsoir', 'salut',
  // Spanish, Portuguese, Italian
  'estimad*', 'querid*', 'mi querid*', 'mis querid*', 'meu querid*', 'minha querid*', 'meus querid*', 'minhas querid*', 'muy señor*', 'muy estimad*', 'distinguid*', 'apreciad*', 'hola', 'buenos días', 'buenas tardes',
  'prezad*', 'caro', 'cara', 'caros', 'caras', 'cari', 'care', 'olá', 'oi', 'ilustríssim*', 'exm*',
  'gentile', 'gentili', 'gentilissim*', 'egregi*', 'spettabile', 'spett.', 'carissim*', 'mio caro', 'mia cara', 'miei cari', 'buongiorno', 'salve', 'ciao',
  // Dutch, Scandinavian, Polish, Czech
  'beste', 'geachte', 'hej', 'kære', 'kära', 'kjære', 'szanown*', 'drog*', 'kochan*', 'mój drog*', 'moja drog*', 'witam', 'vážen*', 'milý', 'milá',
  // Russian, Ukrainian
  'уважаем*', 'дорог*', 'мой дорог*', 'моя дорог*', 'милый', 'милая', 'здравствуй*', 'добрый день', 'доброе утро', 'добрый вечер', 'привет', 'шановн*', 'вельмишановн*', 'вітаю',
  // Japanese, Chinese, Korean (no spaces between words: stems)
  '拝啓*', '謹啓*', '前略*', '尊敬的*', '亲爱的*', '親愛的*', '敬啟者*', '敬启者*', '您好*', '你好*', '안녕하세요*', '친애하는*', '존경하는*',
  // Arabic
  'السلام عليكم*', 'عزيزي*', 'عزيزتي*', 'تحية طيبة*', 'سيدي*', 'سيدتي*',
];

const CLOSINGS = [
  // English
  'sincerely', 'yours sincerely', 'yours faithfully', 'yours truly', 'yours', 'best', 'best regards', 'best wishes', 'kind regards',
  'kindest regards', 'regards', 'warm regards', 'warmest regards', 'warmly', 'respectfully', 'cordially', 'with best regards',
  'with kind regards', 'with warm regards', 'with thanks', 'many thanks', 'thank you', 'thanks', 'cheers', 'all the best', 'love',
  'with love', 'lots of love', 'all my love', 'hugs', 'xoxo', 'take care', 'your devoted', 'your friend', 'your loving', 'your affectionate', 'your obedient', 'affectionately', 'faithfully',
  // German
  'mit freundlichen grüßen', 'mit freundlichen grüssen', 'mit freundlichem gruß', 'mit freundlichem gruss', 'freundliche grüße',
  'freundliche grüsse', 'viele grüße', 'viele grüsse', 'beste grüße', 'beste grüsse', 'herzliche grüße', 'herzliche grüsse',
  'liebe grüße', 'liebe grüsse', 'alles liebe', 'bis bald', 'mit besten grüßen', 'mit herzlichen grüßen', 'hochachtungsvoll', 'dein', 'deine', 'euer', 'eure', 'ihr', 'ihre',
  // French
  'cordialement', 'bien cordialement', 'bien à vous', 'veuillez agréer', 'je vous prie d’agréer', "je vous prie d'agréer",
  'salutations', 'sincères salutations', 'meilleures salutations', 'amicalement', 'amitiés', 'bises', 'grosses bises', 'gros bisous', 'bisous', "je t'embrasse", 'je t’embrasse', 'bien amicalement',
  // Spanish, Portuguese, Italian
  'atentamente', 'le saluda atentamente', 'saludos', 'un saludo', 'un cordial saludo', 'cordiales saludos', 'saludos cordiales',
  'cordialmente', 'un abrazo', 'atenciosamente', 'cumprimentos', 'com os melhores cumprimentos', 'abraços', 'um abraço', 'um grande abraço', 'um beijinho', 'um beijo', 'beijinhos', 'beijos', 'un fuerte abrazo', 'abrazos', 'un beso', 'besos',
  'distinti saluti', 'cordiali saluti', 'saluti', 'un caro saluto', 'cari saluti', 'in fede', 'con osservanza', 'un abbraccio', 'un bacio', 'baci', 'abbracci',
  // Dutch, Scandinavian, Polish
  'met vriendelijke groet', 'met vriendelijke groeten', 'hoogachtend', 'vriendelijke groeten', 'med vänliga hälsningar',
  'med venlig hilsen', 'med vennlig hilsen', 'vänliga hälsningar', 'z poważaniem', 'z wyrazami szacunku', 's pozdravem',
  // Russian, Ukrainian
  'с уважением', 'с наилучшими пожеланиями', 'искренне ваш*', 'всего доброго', 'всего хорошего', 'ваш', 'ваша', 'з повагою',
  // Japanese, Chinese, Korean
  '敬具*', '敬白*', '草々*', '草草*', 'かしこ*', '此致*', '敬礼*', '祝好*', '顺祝*', '順祝*', '谨上*', '감사합니다*', '올림*', '드림*',
  // Turkish
  'saygılarımla', 'saygılarımızla', 'sevgilerimle', 'en içten dileklerimle', 'iyi çalışmalar',
  // Arabic
  'وتفضلوا بقبول*', 'تفضلوا بقبول*', 'وتقبلوا*', 'مع خالص*', 'مع فائق*',
  // Vietnamese, Indonesian, Thai, Greek, Hebrew, Persian, Hindi, Swahili, Hungarian, Romanian, Finnish
  'trân trọng', 'kính thư', 'thân ái', 'xin chân thành cảm ơn', 'chân thành cảm ơn', 'hormat saya', 'salam hormat', 'ขอแสดงความนับถือ*',
  'με εκτίμηση', 'με φιλικούς χαιρετισμούς', 'בברכה', 'בכבוד רב', 'با احترام*', 'با سپاس*', 'با تشکر*', 'ارادتمند*', 'مع الشكر*', 'مع التقدير*', 'בתודה*', 'בכבוד*', 'भवदीय*', 'सादर*', 'wako mwaminifu', 'kwa heshima',
  'üdvözlettel', 'tisztelettel', 'cu stimă', 'cu respect', 'ystävällisin terveisin',
];

/** Closings that end a sentence ("In attesa di un cortese riscontro, porgo distinti saluti."). */
const CLOSING_ENDS = ['distinti saluti', 'cordiali saluti', 'salutations distinguées', 'sincères salutations', 'meilleures salutations', 'freundlichen grüßen', 'freundlichen grüssen', 'best regards', 'kind regards', 'saludos cordiales', 'cordiales saludos', 'un cordial saludo', 'un saludo cordial', 'melhores cumprimentos', 'yours sincerely', 'yours faithfully', 'atentamente', 'cordialmente', 'atenciosamente', 'فائق الاحترام', 'فائق الاحترام والتقدير', 'الاحترام والتقدير'];

const SUBJECTS = ['re', 'subject', 'betreff', 'betr.', 'objet', 'asunto', 'assunto', 'oggetto', 'onderwerp', 'temat', 'тема', '件名', '主题', '主題', '제목', 'الموضوع', 'موضوع', 'הנדון', 'נושא', 'konu', 'perihal', 'hal', 'về việc', 'v/v', 'předmět', 'θέμα', 'ämne', 'emne', 'aihe', 'tárgy'];

const POSTSCRIPTS = ['ps', 'p.s.', 'p. s.', 'pps', 'p.p.s.', 'post scriptum', 'n.b.', 'nb'];

const LETTER = /\p{L}|\p{N}/u;

/** The length of the phrase from `phrases` that starts `line` (case-insensitive), or 0. */
function phraseAt(line: string, phrases: readonly string[]): number {
  const lower = line.trimStart().toLowerCase();
  let best = 0;
  for (const p of phrases) {
    const stem = p.endsWith('*');
    const word = stem ? p.slice(0, -1) : p;
    if (word.length <= best || !lower.startsWith(word)) continue;
    const next = lower.charAt(word.length);
    if (stem || next === '' || !LETTER.test(next) || !LETTER.test(word.charAt(word.length - 1))) best = word.length;
  }
  return best;
}

const FORMULAS = ['veuillez agréer', "je vous prie d'agréer", 'je vous prie d’agréer', 'please accept', 'وتفضلوا بقبول', 'تفضلوا بقبول', 'وتقبلوا'];

/**
 * A closing such as "Best regards," or "敬具": the phrase, then at most a short name ("Ihr Max",
 * "Love, Mom"), never a sentence ("Thanks for your help." is body text); the French formula is long.
 */
export function isClosing(line: string): boolean {
  const t = line.trim();
  // The closing phrase at the end of the letter's last sentence, after a comma.
  const tail = t.toLowerCase().replace(/[.!,،]$/u, '');
  if (t.length <= 160 && /[,،] /u.test(tail) && CLOSING_ENDS.some((p) => tail.endsWith(` ${p}`))) return true;
  // A formal Turkish letter ends on "… saygılarımla arz ederim." ("I submit with my respects"), with no comma.
  // (However long that sentence runs: "… gereğinin yapılmasını saygılarımla arz ederim.")
  if (t.length <= 400 && / (?:arz|rica) eder(?:im|iz)$/u.test(tail)) return true;
  const n = phraseAt(t, CLOSINGS);
  if (n === 0) return false;
  if (phraseAt(t, FORMULAS) > 0) return t.length <= 250;
  const rest = t.slice(n).trim();
  return rest.length <= 1 || (rest.length <= 25 && !/[.?？。]$/.test(rest));
}

/** A salutation such as "Sehr geehrter Herr Empfänger," or "拝啓" (never a closing: "Liebe Grüße"). */
export function isOpening(line: string): boolean {
  return (phraseAt(line, OPENINGS) > 0 || addressedTo(line)) && !isClosing(line);
}

/** A salutation that names the readers ("To the Admissions Committee:", "To the hiring team,"): short, ending in a colon or comma. */
function addressedTo(line: string): boolean {
  const t = line.trim();
  return t.length <= 50 && /^to (?:the|all)\s/i.test(t) && /[:,]$/.test(t);
}

/** The subject line's text without its label ("Betreff: Rechnung" → "Rechnung"), or undefined. */
export function subjectText(line: string): string | undefined {
  const n = phraseAt(line, SUBJECTS);
  if (n === 0) return undefined;
  const rest = line.trimStart().slice(n).trimStart();
  if (!rest.startsWith(':') && !rest.startsWith('：')) return undefined;
  return rest.slice(1).trim() || undefined;
}

/** A postscript ("PS: …", "P.S. …", "N.B. …"). */
export function isPostscript(line: string): boolean {
  return phraseAt(line, POSTSCRIPTS) > 0;
}

export { isDate } from '../text/dates.js';

/** A recipient's line that says so ("إلى حضرة السيد المدير": "to the honourable director"). */
export function isRecipientLine(line: string): boolean {
  return /^(?:إلى|الى)\s+\S/u.test(line.trim());
}

/**
 * How the letter is sent or who may read it, on a line of its own ("Lettre recommandée avec accusé
 * de réception n° 1A …", "Einschreiben", "PRIVATE AND CONFIDENTIAL"): a mention above the subject,
 * not a line of an address.
 */
const MENTION = /^(?:lettre recommandée|envoi recommandé|(?:par )?(?:lettre |courrier )?recommandée?\b|einschreiben|per einschreiben|registered (?:mail|post|letter)|recorded delivery|certified mail|special delivery|by (?:e-?mail|hand|fax|registered)|raccomandata|carta certificada|burofax|list polecony|заказное письмо|(?:strictly |private and |personal and )?confidential|personnel et confidentiel|persönlich(?: und vertraulich)?|vertraulich)\b/iu;

export function isMention(line: string): boolean {
  return line.length <= 120 && MENTION.test(line.trim());
}
