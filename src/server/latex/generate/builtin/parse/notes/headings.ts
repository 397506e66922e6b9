// Lines a person means as headings: ALL-CAPS lines, numbered headings (1. / 1.1 / I. / 一、),
// and short unpunctuated lines standing alone before a block.
import { PROGRAM_LINE } from './code.js';
import { asciiDigits, findDate, isDateLine } from './dates.js';

/** Scripts written without spaces between words: a heading is a few characters (a Thai lead-in sentence is 40). */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Words that carry a sentence on (alternation source, shared by the rules that use it). */
export const CONTINUING_WORDS = 'or|and|but|so|then|because|which|where|while|with|without|of|to|for|in|on|at|by|as|if|when|that|than|thus|hence|also|plus|e\\.g\\.|i\\.e\\.|stąd|więc|zatem|czyli|daher|somit|deshalb|donc|ainsi|alors|luego|entonces|quindi|dunque|allora|portanto|então|значит|следовательно|отсюда|поэтому|tehát|dus|därför|derfor';

const FINAL_PUNCT = /[.,;:!?。，；：！？、،؛؟]["”’»」』]*$/u;

export { FRAMED_HEADING, LENTICULAR_HEADING } from './framed.js';

export function isAllCaps(whole: string): boolean {
  if (whole.length > 80) return false;
  // An aside in brackets after the capitals is the heading's own ("DERIVATIVES (sec 2.7)", "CE QUE ÇA M'A COÛTÉ (et rapporté)").
  const text = whole.replace(/\s+\([^()]{1,60}\)$/u, '');
  const letters = text.match(/\p{L}/gu) ?? [];
  const capitals = text.match(/\p{Lu}/gu) ?? [];
  // A word of three capitals at least ("CH4 + 2O2 -> CO2" is a reaction), and capitals the most of
  // its letters (a CJK sentence naming the PDF is no heading); a shout ("TCHIBUM!") is no heading.
  return letters.length >= 3 && capitals.length * 2 > letters.length && !/\p{Ll}/u.test(text) && /\p{Lu}{3}/u.test(text) && !/[.!]$/.test(text) && !/[=|+<>→]/.test(text);
}

/** The depth of a numbered heading ("1.2 Method" is 2, "I. Les causes" and "一、实验目的" 1), or 0. */
/** Arabic ordinal words that number an essay's parts (أولاً: …, ثانياً: …), their tanween written or not. */
export const ARABIC_ORDINAL = /^(?:أولا|ثانيا|ثالثا|رابعا|خامسا|سادسا|سابعا|ثامنا|تاسعا|عاشرا)ً?\s*[:：-]\s*\S/u;

export function numberedDepth(typed: string, lowercase = false): number {
  // ("١. مقدمة", "۲. روش کار", "३. निष्कर्ष": numbers in the note's own digits.)
  const text = asciiDigits(typed);
  // "أولاً: …", "ثانياً: من يملك حقّ القرار؟": Arabic ordinal words number an essay's parts, questions or not.
  if (text.length <= 80 && ARABIC_ORDINAL.test(text)) return 1;
  // (Nor is a reaction or a formula's arrow: "2 Cu2+ + 4 I- -> 2 CuI(s) + I2" starts with its coefficient.)
  // ("1. Overview:", "2. Milestones:": a short numbered label with its colon heads what follows.)
  const label = /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}[^:：]{0,40}[:：]$/u.test(text) && text.split(/\s+/).length <= 6;
  // ("1.1 How much room do you need?": a section's number of two parts heads its question.)
  // (So does a number typed without its dot, as sections are numbered: "1 Was ist eine Säure?"; a quiz numbers "1. What …?".)
  const question = /^\d{1,2}(?:\.\d{1,2}\.?)?\s+\p{Lu}[^?]{0,60}\?$/u.test(text) && text.split(/\s+/).length <= 10;
  // (An arrow in brackets is the heading's remark: "二、常用等价无穷小（x->0 时）".)
  if (text.length > 80 || (FINAL_PUNCT.test(text) && !label && !question) || /->|→|⟶|⇌|=>/.test(text.replace(/[(（][^()（）]{0,30}[)）]/gu, ''))) return 0;
  // ("28 June 1914 – Franz Ferdinand assassinated", "5 July – …": a date opens a line of a timeline, no number.)
  const when = /^\d{1,2}\s/.test(text) ? findDate(text) : null;
  if (when && when.start === 0) return 0;
  // "6.1 Static: slope of F = mg against x --> k = 23.6", "6.3 % difference = … = 2.1 %": a numbered result, no heading.
  if (/\s=\s*\S/.test(text) && /=.*\d|\d.*=/.test(text.replace(/^\d{1,2}(?:\.\d{1,2})*\.?\s/, ''))) return 0;
  // In a note typed in lower case, "1. minutes of last meeting" heads its block too.
  // (With its dot, or a number of two parts: "9 people on the list" is a sentence.)
  // A number of two parts or more ("2.3 in python") heads in lower case too.
  const m = (lowercase ? /^(\d{1,2}(?:\.\d{1,2})*)(?:\.|(?<=\d\.\d{1,2}))[ \t]+\p{L}/u : /^(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(\p{Lu}|\p{Lo})/u).exec(text) ?? /^(\d{1,2}(?:\.\d{1,2})+)\.?[ \t]+\p{Ll}/u.exec(text);
  if (m) return (m[1] ?? '').split('.').length;
  if (/^(?:[IVX]{1,5})\.[ \t]+\p{Lu}/u.test(text)) return 1;
  if (/^[一二三四五六七八九十]{1,3}[、．.]\s*\S/u.test(text)) return 1;
  return 0;
}

/** A numbered heading's text without its number ("1.1 Background" → "Background" starts at 4). */
export function numberEnd(text: string): number {
  const m = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.|[一二三四五六七八九十]{1,3}[、．.])[ \t]*/u.exec(asciiDigits(text));
  return m ? m[0].length : 0;
}

/**
 * A short line that could head what follows: a few words, no closing punctuation, not a date or
 * a web address. `lowercase` also accepts a line in lower case (a note typed without capitals).
 */
/** "What counts as a microplastic?", "Warum ist das wichtig?": a question that heads the answer under it. */
const QUESTION_WORDS = /^(?:what|why|how|when|where|who|which|is|are|can|does|do|should|was|warum|wie|wann|wo|wer|welche[rs]?|pourquoi|comment|quand|qu'est-ce|qué|por qué|cómo|cuándo|dónde|quién|cuál|perché|come|cosa|che|chi|dove|quando|o que|por que|porque|como|onde|quem|qual|wat|waarom|hoe|wanneer|waar|wie|welke|vad|varför|hur|när|vem|co|dlaczego|jak|kiedy|gdzie|kto|czym|proč|kdy|kde|kdo|что|почему|как|когда|где|кто|зачем|τι|γιατί|πώς|πότε|πού|ποιος|ποια|apa|mengapa|kenapa|bagaimana|kapan|siapa|ما|ماذا|لماذا|كيف|متى|أين|من|هل|كم|چرا|چگونه|چه|کجا|آیا|מה|למה|מדוע|איך|מתי|איפה|מי|האם|क्या|क्यों|कैसे|कब|कहाँ|कौन)(?=[\s?？؟]|$)/iu;

/** A line ending on an article, a preposition or a conjunction was wrapped there or broken off, not ended (English, French, German, Spanish). */
export const WRAP_ENDS = /\s(?:the|a|an|of|to|in|on|at|for|with|and|or|but|that|le|la|les|des|du|de|et|der|die|das|und|el|los|las|y)$/i;

function questionHeading(text: string, words: number): boolean {
  return /[?？؟]$/u.test(text) && words >= 3 && QUESTION_WORDS.test(text) && (text.match(/[?？؟]/gu) ?? []).length === 1;
}

export function isShortHeading(text: string, lowercase = false): boolean {
  if (text.length > (UNSPACED.test(text) ? 20 : 60) || text.length === 0) return false;
  const words = text.split(/\s+/).filter(Boolean);
  // (Nor a line broken off after "and", "the", "of": "The plan was simple — leave early and".)
  if (words.length > 9 || PROGRAM_LINE.test(text) || (WRAP_ENDS.test(text) && /\s\p{Ll}+$/u.test(text)) || (FINAL_PUNCT.test(text) && !questionHeading(text, words.length)) || /^https?:|^www\./.test(text) || /[<>|]/.test(text) || /=/.test(text.replace(/\([^()]*\)/g, ''))) return false;
  // Two sentences ("Solution. The …"), a clause of CJK prose, a quotation or a remark in brackets.
  // (A day's ordinal is no sentence's end: "Der 9. November".)
  if (/[.!?]["”’»]?\s+["“„«'‘]?\p{Lu}/u.test(text.replace(/(^|\s)\d{1,2}\.(?=\s)/g, '$1#')) || /[，。；]/u.test(text) || /^["“„«「『'‘(（]/u.test(text)) return false;
  // An amount is a value, not a title ("Cups and lids: £5,760", "balance 1,482.60").
  // (And a code or a phone number, seven figures or more, is an identifier: "C.F. 91234560372", "Tel. 0612345678".)
  // (Nor a line of facts in lower case, figures on both sides of a comma: "para 4 personas, sarten de 24 cm".)
  if (/[£$€¥₹]\s?\d|\d[.,]\d|\d{7}/u.test(text) || /^\p{Ll}[^,]*\d[^,]*,\s[^,]*\d/u.test(text)) return false;
  // A remark after a label ("Babička říkala: první bramborák je vždycky pro kuchaře"), or one ending in a smiley.
  if ((/[:：]\s+\p{Ll}/u.test(text) && words.length >= 5) || /[:;]-?[()DPp]$/.test(text)) return false;
  if (!lowercase && !/^[\p{Lu}\p{N}\p{Lo}\p{So}]/u.test(text)) return false;
  return !isDateLine(text) || titledDate(text);
}

export const WEEKDAYS = new Set(
  'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun lundi mardi mercredi jeudi vendredi samedi dimanche montag dienstag mittwoch donnerstag freitag samstag sonntag lunes martes miércoles jueves viernes sábado domingo lunedì martedì mercoledì giovedì venerdì sabato domenica segunda terça quarta quinta sexta maandag dinsdag woensdag donderdag vrijdag zaterdag zondag'.split(' '),
);

/** A name, then when ("Drought, July 2022", "Plot 14, November"): a title that carries its date; a weekday is no name ("Monday, 3 March"). */
function titledDate(text: string): boolean {
  const when = findDate(text);
  if (!when) return false;
  const head = text.slice(0, when.start).replace(/[\s,–—-]+$/u, '');
  const first = (head.split(/\s+/)[0] ?? '').toLowerCase().replace(/\.$/, '');
  return /^\p{Lu}\p{Ll}{2,}/u.test(head) && !WEEKDAYS.has(first) && text.slice(when.end).trim() === '' && !dateline(head, text.slice(when.start, when.end));
}

/** "Treviso, 21/07/2025", "San Donà di Piave, 3 marzo 2025": where and on which day a letter or minutes were written, no title. */
function dateline(head: string, date: string): boolean {
  const place = head.split(/\s+/);
  const day = /\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{1,2}-\d{1,2}|(?:^|\s)\d{1,2}(?:\.|º|er|st|nd|rd|th)?\s+\p{L}+\.?,?\s+\d{4}|\p{L}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}/u;
  return place.length <= 4 && place.every((w) => /^\p{Lu}/u.test(w) || /^(?:di|de|del|della|da|do|dos|das|am|an|der|im|la|le|sur|upon|on)$/u.test(w)) && day.test(date);
}

/** Labels that introduce a remark, not a part ("Note:", "Tip:"). */
const REMARK_LABEL = /^(?:note|notes|nb|n\.b|ps|p\.s|tip|tips|hint|warning|caution|example|e\.g|i\.e|remark|answer|edit|update)$/i;

/**
 * A label of one to three words on a line of its own over a list or table ("Suroviny:",
 * "Ingredients:", "Pros:"): it heads the list; its colon goes. Returns where the label ends (0: none).
 */
export function labelHeadingEnd(text: string): number {
  const m = /^(\p{Lu}[\p{L}\p{M}'’-]*(?: [\p{L}\p{M}'’&-]+){0,2}) ?[:：]$/u.exec(text);
  return m && !REMARK_LABEL.test(m[1] ?? '') ? (m[1] ?? '').length : 0;
}
