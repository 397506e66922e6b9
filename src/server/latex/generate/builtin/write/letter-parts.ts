// The parts of a letter, found in the note: sender and recipient addresses, date, subject,
// opening, body, closing, signature and what follows it. Metadata (front matter, header lines)
// names parts directly; the rest is read from the blocks before the opening (addresses, a date
// line, a subject line or heading) and after the body (closing and signature).
import type { Block, NoteMeta } from '../tree.js';
import { inlineText } from '../tree.js';

export const OPENING_RE =
  /^(dear|hello|hi|to whom it may concern|sehr geehrte|liebe|lieber|hallo|guten tag|madame|monsieur|cher|chère|bonjour|estimad[oa]s?|querid[oa]s?|prezad[oa]s?|car[oa]|olá|уважаем|здравствуй|добрый день)\b/iu;
export const CLOSING_RE =
  /^(sincerely|yours|best|kind regards|regards|warm regards|warmly|respectfully|cordially|with (best|kind|warm) regards|many thanks|thank you|thanks|cheers|all the best|mit freundlichen grüßen|freundliche grüße|viele grüße|beste grüße|herzliche grüße|cordialement|bien à vous|veuillez agréer|salutations|atentamente|saludos|un saludo|cordialmente|atenciosamente|cumprimentos|abraços|с уважением|всего доброго)/iu;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
export const DATE_RE = new RegExp(
  String.raw`^(?:[\p{L} ]+,\s*)?(?:(?:le|den|am|el|em)\s+)?(?:` +
    String.raw`\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{4}[-/]\d{2}[-/]\d{2}(?:[T ]\d{2}:\d{2}.*)?|` +
    String.raw`\p{L}{3,9}\.? ${DAY},? \d{4}|${DAY}\.?\s+(?:de\s+)?\p{L}{3,12}\.?,?\s+(?:de\s+)?\d{4})$`,
  'iu',
);
const SUBJECT_RE = /^(re|subject|betreff|objet|asunto|assunto|тема)\s*:\s*/iu;

export interface LetterParts {
  sender?: string[];
  recipient?: string[];
  date?: string;
  subject?: string;
  opening?: string;
  closing?: string;
  signature: string[];
  body: Block[];
  /** Blocks after the signature (a postscript in the text). */
  after: Block[];
}

/** The lines of a block's text (quotes and their contents flattened). */
function lines(block: Block): string[] {
  if (block.kind === 'quote') return block.blocks.flatMap(lines);
  if (block.kind !== 'paragraph' && block.kind !== 'heading') return [];
  return inlineText(block.inlines)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function isAddressLike(ls: string[]): boolean {
  return ls.length > 0 && ls.length <= 12 && ls.every((l) => l.length <= 80 && !/[.!?]$/.test(l));
}

/** A window envelope's back-address line (`Name · Street · Town`): the sender's, not the recipient's. */
function isBackAddress(line: string): boolean {
  return line.split(/\s+[·•|–-]\s+/).length >= 3;
}

function para(text: string): Block {
  return { kind: 'paragraph', inlines: [{ kind: 'text', value: text }] };
}

/** The blocks before the opening: date, subject, addresses; what is none of these stays in the body. */
function readHead(head: Block[], parts: LetterParts): Block[] {
  const addresses: string[][] = [];
  const leftover: Block[] = [];
  head.forEach((block, i) => {
    if (block.kind === 'rule') return;
    const ls = lines(block);
    const first = ls[0] ?? '';
    if (ls.length === 0) {
      leftover.push(block);
    } else if (ls.length === 1 && DATE_RE.test(first)) {
      parts.date ??= first;
    } else if (SUBJECT_RE.test(first)) {
      parts.subject ??= ls.join(' ').replace(SUBJECT_RE, '');
    } else if (block.kind === 'heading' && i === head.length - 1 && ls.length === 1) {
      // A heading right before the opening names the letter's subject.
      parts.subject ??= first;
    } else if (isAddressLike(ls) && (block.kind === 'paragraph' || block.kind === 'quote' || block.kind === 'heading')) {
      // A date as the last line of an address block.
      const last = ls[ls.length - 1] ?? '';
      if (ls.length > 1 && DATE_RE.test(last)) {
        parts.date ??= last;
        ls.pop();
      }
      addresses.push(ls);
    } else leftover.push(block);
  });
  // Two address blocks or more: the sender's first; one: the recipient's (unless the sender is known).
  const hadSender = parts.sender !== undefined;
  if (!hadSender && addresses.length >= 2) parts.sender = addresses[0];
  if (!parts.recipient) {
    const recipient = (hadSender || addresses.length < 2 ? addresses : addresses.slice(1)).flat();
    if (recipient.length && isBackAddress(recipient[0] ?? '')) recipient.shift();
    if (recipient.length) parts.recipient = recipient;
  }
  return leftover;
}

/** The letter's parts from its blocks and metadata. */
export function letterParts(blocks: Block[], meta: NoteMeta): LetterParts {
  const parts: LetterParts = {
    ...(meta.returnAddress ? { sender: meta.returnAddress } : {}),
    ...(meta.address ? { recipient: meta.address } : {}),
    ...(meta.date ? { date: meta.date } : {}),
    ...(meta.subject ? { subject: meta.subject } : {}),
    ...(meta.opening ? { opening: meta.opening } : {}),
    ...(meta.closing ? { closing: meta.closing } : {}),
    signature: meta.signature ?? meta.authors ?? (meta.author ? [meta.author] : []),
    body: blocks,
    after: [],
  };
  const openIdx = blocks.findIndex((b) => OPENING_RE.test(lines(b)[0] ?? ''));
  if (openIdx >= 0) {
    const leftover = readHead(blocks.slice(0, openIdx), parts);
    const openLines = lines(blocks[openIdx] as Block);
    parts.opening ??= openLines[0];
    parts.body = [...leftover, ...(openLines.length > 1 ? [para(openLines.slice(1).join('\n'))] : []), ...blocks.slice(openIdx + 1)];
  }
  // Closing and signature, searched from the end.
  const body = parts.body;
  for (let i = body.length - 1; i >= Math.max(0, body.length - 6); i--) {
    const ls = lines(body[i] as Block);
    const first = ls[0] ?? '';
    if (first.length > 60 || !CLOSING_RE.test(first)) continue;
    parts.closing ??= first;
    const sig = ls.slice(1);
    let j = i + 1;
    for (; sig.length === 0 && j < body.length; j++) {
      const next = lines(body[j] as Block);
      if (!isAddressLike(next) || next.length > 4) break;
      sig.push(...next);
    }
    if (sig.length) parts.signature = sig;
    parts.after = body.slice(j);
    parts.body = body.slice(0, i);
    break;
  }
  return parts;
}
