// Letter (`letter` class): sender, date, recipient, subject, opening, body, closing and
// signature in their places (letter-parts.ts finds them); sensible defaults in the note's
// language stand in for missing ones. The subject goes inside \opening, between the recipient's
// address and the salutation, where a letter has it.
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import { wordsLanguage } from '../text/language.js';
import { letterParts } from './letter-parts.js';
import { postscript } from './letter-postscript.js';
import { boldHeading, metaLabel, ownDirection, type Writer } from './skeleton.js';

/** About what the right half of an A4 page holds at 11pt. */
const LONG_CLOSING = 38;

const DEFAULTS: Record<string, { opening: string; closing: string }> = {
  en: { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' },
  de: { opening: 'Sehr geehrte Damen und Herren,', closing: 'Mit freundlichen Grüßen' },
  fr: { opening: 'Madame, Monsieur,', closing: 'Veuillez agréer mes salutations distinguées.' },
  es: { opening: 'Estimados señores:', closing: 'Atentamente,' },
  pt: { opening: 'Prezados senhores,', closing: 'Atenciosamente,' },
  ru: { opening: 'Уважаемые господа!', closing: 'С уважением,' },
  it: { opening: 'Gentili Signori,', closing: 'Distinti saluti' },
  zh: { opening: '尊敬的先生/女士：', closing: '此致敬礼' },
  ja: { opening: '拝啓', closing: '敬具' },
  ko: { opening: '안녕하십니까.', closing: '감사합니다.' },
  ar: { opening: 'تحية طيبة وبعد،', closing: 'وتفضلوا بقبول فائق الاحترام،' },
  uk: { opening: 'Шановні пані та панове!', closing: 'З повагою,' },
  pl: { opening: 'Szanowni Państwo,', closing: 'Z poważaniem,' },
  nl: { opening: 'Geachte heer/mevrouw,', closing: 'Met vriendelijke groet,' },
  tr: { opening: 'Sayın Yetkili,', closing: 'Saygılarımla,' },
  fa: { opening: 'با سلام و احترام،', closing: 'با احترام،' },
  he: { opening: 'שלום רב,', closing: 'בברכה,' },
  vi: { opening: 'Kính gửi Quý ông/bà,', closing: 'Trân trọng,' },
};

/** A letter is dated by its day: an e-mail's time of sending goes ("Thu, Nov 14, 2024 at 9:47 PM"). */
function withoutTime(date: string): string {
  if (date.length > 80) return date;
  return date.replace(/(?:,?\s+(?:at|um|à|a las|alle)\s+|,\s*|\s+)\d{1,2}[:.]\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?(?:\s*(?:[A-Z]{2,4}|[+-]\d{4}))?$/u, '').trim() || date;
}

/** Closings a Japanese letter sets flush right. */
const RIGHT_CLOSING = /^(?:敬具|敬白|謹白|草々|草草|かしこ)$/u;

export const writeLetter: Writer = (input) => {
  const ctx: RenderContext = { ...input.ctx, heading: boldHeading };
  const esc = (s: string): string => escapeText(s, ctx.program);
  const escLines = (ls: string[]): string => ls.map((l) => ownDirection(input, l, esc(l))).join('\\\\\n');
  // A letter in a language with no default salutation here gets none (an English one would be invented).
  // The note's words decide (an Italian letter is set as English, and greets in Italian).
  const words = wordsLanguage(input.source, input.language);
  const defaults = (words && DEFAULTS[words]) || { opening: '', closing: '' };
  const { meta } = input;
  const parts = letterParts(input.all, meta, input.title);
  // The editor's author setting signs the letter, whatever the note says.
  const signature = input.settings.author ? [input.settings.author] : parts.signature;
  // A title that is only the salutation (an HTML letter's first paragraph) is no subject line.
  const same = (a: string, b: string) => a.replace(/[\s.,!:;]+/g, ' ').trim().toLowerCase() === b.replace(/[\s.,!:;]+/g, ' ').trim().toLowerCase();
  const stated = parts.subject ?? meta.title;
  const subject = stated && parts.opening && same(stated, parts.opening) ? undefined : stated;

  const out: string[] = [];
  if (parts.sender?.length) out.push(`\\address{${escLines(parts.sender)}}`);
  out.push(`\\signature{${escLines(signature)}}`);
  // A letter the note did not date shows no date: the day it was compiled would claim one.
  out.push(`\\date{${parts.date ? ownDirection(input, parts.date, esc(withoutTime(parts.date))) : ''}}`);
  out.push(`\\begin{letter}{${parts.recipient?.length ? escLines(parts.recipient) : ''}}`);
  // A letter addressed to someone that greets nobody (an Italian letter to an office) gets no invented salutation.
  const opening = esc(parts.opening ?? (parts.recipient?.length ? '' : defaults.opening));
  // The subject in bold; lines of their own under it (a mailing notation) in the text's weight.
  const [subjectLine, ...notes] = subject ? subject.split('\n') : [];
  const headingTex = parts.heading ? parts.heading.split('\n').map((l) => `\\textbf{${esc(l)}}`) : [];
  // How it is sent ("Lettre recommandée avec accusé de réception"), in the text's weight, first.
  const mentionTex = (parts.mentions ?? []).map(esc);
  const subjectTex = [...mentionTex, ...headingTex, ...(subjectLine ? [`\\textbf{${esc(subjectLine)}}${notes.map((l) => `\\\\\n${esc(l)}`).join('')}`] : [])].join('\\\\\n');
  if (parts.subjectBelow && subjectTex !== '' && opening !== '') out.push(`\\opening{${opening}}`, `\\noindent ${subjectTex}`);
  else out.push(`\\opening{${subjectTex}${subjectTex !== '' && opening !== '' ? '\\\\[1em]' : ''}${opening}}`);
  out.push(renderBlocks(parts.body, ctx));
  // \closing{} with nothing to say stops LaTeX ("no line here to end"): then the signature alone.
  const closing = parts.closing ?? defaults.closing;
  // The class sets the closing in the right half of the page: a closing longer than that line
  // ("Um beijinho grande e mais uma vez obrigada por tudo,") takes the whole width, never two lines.
  // (A Japanese closing, 敬具, stands at the right margin.)
  if (closing !== '') out.push(`${[...closing].length > LONG_CLOSING ? '\\setlength{\\longindentation}{0pt}\\setlength{\\indentedwidth}{\\textwidth}\n' : ''}\\closing{${RIGHT_CLOSING.test(closing.trim()) ? '\\hfill ' : ''}${esc(closing)}}`);
  else if (signature.length) out.push(`\\par\\bigskip\\noindent ${escLines(signature)}`);
  out.push(renderBlocks(input.references, ctx));
  out.push(...postscript(parts.after, ctx));
  if (meta.ps) out.push(`\\ps\n${esc(meta.ps)}`);
  if (meta.cc) out.push(`\\cc{${esc(meta.cc)}}`);
  if (meta.encl) out.push(`\\encl{${esc(meta.encl)}}`);
  for (const e of meta.extra) out.push(e.key.trim() === '' ? `\\par\\noindent ${esc(e.value)}` : `\\par\\noindent\\textbf{${esc(metaLabel(e.key))}:} ${esc(e.value)}`);
  out.push('\\end{letter}');
  return out.filter((s) => s.trim() !== '').join('\n\n');
};
