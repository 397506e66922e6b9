// Letter (`letter` class): sender, date, recipient, opening, body, closing and signature are
// found in the note; sensible defaults in the note's language stand in for missing parts.
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import type { Block } from '../tree.js';
import { inlineText } from '../tree.js';
import { boldHeading, type Writer } from './skeleton.js';

export const OPENING_RE =
  /^(dear|hello|hi|to whom it may concern|sehr geehrte|liebe|lieber|hallo|guten tag|madame|monsieur|cher|chère|bonjour|estimad[oa]s?|querid[oa]s?|prezad[oa]s?|car[oa]|olá|уважаем|здравствуй|добрый день)\b/iu;
export const CLOSING_RE =
  /^(sincerely|yours|best|kind regards|regards|warm regards|warmly|respectfully|cordially|with (best|kind|warm) regards|many thanks|thank you|thanks|cheers|all the best|mit freundlichen grüßen|freundliche grüße|viele grüße|beste grüße|herzliche grüße|cordialement|bien à vous|veuillez agréer|salutations|atentamente|saludos|un saludo|cordialmente|atenciosamente|cumprimentos|abraços|с уважением|всего доброго)/iu;
const DATE_RE =
  /^([\p{L} ]+,\s*(den\s+)?)?(\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\p{L}{3,9}\.? \d{1,2},? \d{4}|\d{1,2}\.?\s+(de\s+)?\p{L}{3,12}\.?\s+(de\s+)?\d{4})$/u;
const SUBJECT_RE = /^(re|subject|betreff|objet|asunto|assunto|тема)\s*:/iu;

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

function lines(block: Block): string[] {
  if (block.kind !== 'paragraph' && block.kind !== 'heading') return [];
  return inlineText(block.inlines)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function isAddressLike(ls: string[]): boolean {
  return ls.length > 0 && ls.length <= 8 && ls.every((l) => l.length <= 60);
}

function para(text: string): Block {
  return { kind: 'paragraph', inlines: [{ kind: 'text', value: text }] };
}

export const writeLetter: Writer = (input) => {
  const ctx: RenderContext = { ...input.ctx, heading: boldHeading };
  const esc = (s: string): string => escapeText(s, ctx.program);
  const escLines = (ls: string[]): string => ls.map(esc).join('\\\\\n');
  const blocks = [...input.all];
  const defaults = DEFAULTS[input.language] ?? DEFAULTS['en'] ?? { opening: 'Dear Sir or Madam,', closing: 'Sincerely,' };

  let sender: string[] | undefined = input.meta.returnAddress;
  let recipient: string[] | undefined = input.meta.address;
  let date: string | undefined = input.meta.date;
  let opening = input.meta.opening;
  let closing = input.meta.closing;
  let signature: string[] = input.meta.author ? [input.meta.author] : [];
  const subject: Block[] = [];
  let body: Block[] = blocks;
  let after: Block[] = [];

  const openIdx = blocks.findIndex((b) => OPENING_RE.test(lines(b)[0] ?? ''));
  if (openIdx >= 0) {
    const pre = blocks.slice(0, openIdx);
    const addresses: string[][] = [];
    const leftover: Block[] = [];
    for (const b of pre) {
      const ls = lines(b);
      if (ls.length === 1 && DATE_RE.test(ls[0] ?? '') && !date) date = ls[0];
      else if (ls.length >= 1 && SUBJECT_RE.test(ls[0] ?? '')) subject.push(b);
      else if (isAddressLike(ls) && b.kind === 'paragraph') {
        // A date as the last line of an address block.
        const last = ls[ls.length - 1] ?? '';
        if (ls.length > 1 && DATE_RE.test(last) && !date) {
          date = last;
          addresses.push(ls.slice(0, -1));
        } else addresses.push(ls);
      } else leftover.push(b);
    }
    if (addresses.length >= 2) {
      sender ??= addresses[0];
      recipient ??= addresses.slice(1).flat();
    } else if (addresses.length === 1) {
      recipient ??= addresses[0];
    }
    const openBlock = blocks[openIdx];
    const openLines = openBlock ? lines(openBlock) : [];
    opening ??= openLines[0];
    body = [...leftover, ...(openLines.length > 1 ? [para(openLines.slice(1).join('\n'))] : []), ...blocks.slice(openIdx + 1)];
  }

  // Closing and signature, searched from the end.
  for (let i = body.length - 1; i >= Math.max(0, body.length - 6); i--) {
    const b = body[i];
    if (!b) continue;
    const ls = lines(b);
    const first = ls[0] ?? '';
    if (first.length <= 60 && CLOSING_RE.test(first)) {
      closing ??= first;
      const sig = ls.slice(1);
      let j = i + 1;
      while (sig.length === 0 && j < body.length && isAddressLike(lines(body[j] as Block)) && lines(body[j] as Block).length <= 4) {
        sig.push(...lines(body[j] as Block));
        j++;
      }
      if (sig.length) signature = sig;
      after = body.slice(j);
      body = body.slice(0, i);
      break;
    }
  }

  const out: string[] = [];
  if (sender?.length) out.push(`\\address{${escLines(sender)}}`);
  out.push(`\\signature{${escLines(signature)}}`);
  out.push(`\\date{${date ? esc(date) : '\\today'}}`);
  out.push(`\\begin{letter}{${recipient?.length ? escLines(recipient) : ''}}`);
  out.push(`\\opening{${esc(opening ?? defaults.opening)}}`);
  if (input.meta.title) out.push(`\\textbf{${esc(input.meta.title)}}\\par`);
  if (subject.length) out.push(`\\textbf{${subject.map((b) => esc(lines(b).join(' '))).join(' ')}}\\par`);
  out.push(renderBlocks(body, ctx));
  out.push(`\\closing{${esc(closing ?? defaults.closing)}}`);
  const extras = input.meta.extra;
  const ps = extras.find((e) => e.key === 'ps');
  if (after.length) out.push(renderBlocks(after, ctx));
  if (ps) out.push(`\\ps\n${esc(ps.value)}`);
  const cc = extras.find((e) => e.key === 'cc');
  if (cc) out.push(`\\cc{${esc(cc.value)}}`);
  const encl = extras.find((e) => e.key === 'encl');
  if (encl) out.push(`\\encl{${esc(encl.value)}}`);
  for (const e of extras) {
    if (e.key === 'ps' || e.key === 'cc' || e.key === 'encl') continue;
    out.push(`\\par\\noindent\\textbf{${esc(e.key)}:} ${esc(e.value)}`);
  }
  out.push('\\end{letter}');
  return out.filter((s) => s.trim() !== '').join('\n\n');
};
