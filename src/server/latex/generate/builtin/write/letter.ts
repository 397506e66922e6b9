// Letter (`letter` class): sender, date, recipient, subject, opening, body, closing and
// signature in their places (letter-parts.ts finds them); sensible defaults in the note's
// language stand in for missing ones. The subject goes inside \opening, between the recipient's
// address and the salutation, where a letter has it.
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import { letterParts } from './letter-parts.js';
import { postscript } from './letter-postscript.js';
import { boldHeading, metaLabel, type Writer } from './skeleton.js';

const DEFAULTS: Record<string, { opening: string; closing: string }> = {
  en: { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' },
  de: { opening: 'Sehr geehrte Damen und Herren,', closing: 'Mit freundlichen Grüßen' },
  fr: { opening: 'Madame, Monsieur,', closing: 'Veuillez agréer mes salutations distinguées.' },
  es: { opening: 'Estimados señores:', closing: 'Atentamente,' },
  pt: { opening: 'Prezados senhores,', closing: 'Atenciosamente,' },
  ru: { opening: 'Уважаемые господа!', closing: 'С уважением,' },
  zh: { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' },
  ja: { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' },
};

export const writeLetter: Writer = (input) => {
  const ctx: RenderContext = { ...input.ctx, heading: boldHeading };
  const esc = (s: string): string => escapeText(s, ctx.program);
  const escLines = (ls: string[]): string => ls.map(esc).join('\\\\\n');
  const defaults = DEFAULTS[input.language] ?? DEFAULTS['en'] ?? { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' };
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
  out.push(`\\date{${parts.date ? esc(parts.date) : '\\today'}}`);
  out.push(`\\begin{letter}{${parts.recipient?.length ? escLines(parts.recipient) : ''}}`);
  const opening = esc(parts.opening ?? defaults.opening);
  out.push(`\\opening{${subject ? `\\textbf{${esc(subject)}}\\\\[1em]` : ''}${opening}}`);
  out.push(renderBlocks(parts.body, ctx));
  out.push(`\\closing{${esc(parts.closing ?? defaults.closing)}}`);
  out.push(renderBlocks(input.references, ctx));
  out.push(...postscript(parts.after, ctx));
  if (meta.ps) out.push(`\\ps\n${esc(meta.ps)}`);
  if (meta.cc) out.push(`\\cc{${esc(meta.cc)}}`);
  if (meta.encl) out.push(`\\encl{${esc(meta.encl)}}`);
  for (const e of meta.extra) out.push(e.key.trim() === '' ? `\\par\\noindent ${esc(e.value)}` : `\\par\\noindent\\textbf{${esc(metaLabel(e.key))}:} ${esc(e.value)}`);
  out.push('\\end{letter}');
  return out.filter((s) => s.trim() !== '').join('\n\n');
};
