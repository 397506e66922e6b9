// The parts of a letter, found in the note: sender and recipient addresses, date, subject,
// opening, body, closing, signature and what follows it. Metadata (front matter, header lines)
// names parts directly; the rest is read from the blocks before the opening (addresses, a date
// line, a subject line or heading, wherever they sit: in block quotes, under headings, between
// thematic breaks) and after the body (closing and signature). The words come from
// letter-phrases.ts, in many languages.
import type { Block, NoteMeta } from '../tree.js';
import { inlineText } from '../tree.js';
import { isDateLine } from '../parse/notes/dates.js';
import { KI } from './letter-postscript.js';
import { isClosing, isDate, isMention, isOpening, isPostscript, isRecipientLine, subjectText } from './letter-phrases.js';

export interface LetterParts {
  sender?: string[];
  recipient?: string[];
  date?: string;
  subject?: string;
  /** A line of its own between the addresses and the subject ("REKLAMACJA"): set in bold above the subject. */
  heading?: string;
  /** How the letter is sent or who may read it ("Lettre recommandée avec accusé de réception …"): lines above the subject. */
  mentions?: string[];
  /** The subject was typed under the salutation (a British "Re:" line, an Arabic letter's subject): it stays there. */
  subjectBelow?: boolean;
  opening?: string;
  closing?: string;
  signature: string[];
  body: Block[];
  /** Blocks after the signature (a postscript in the text). */
  after: Block[];
}

/** How far into the note an opening is looked for (addresses, date and subject come before it). */
const HEAD_BLOCKS = 16;
/** A salutation longer than this is the start of a paragraph, cut at its first comma or colon. */
const OPENING_MAX = 80;

/** The lines of a block's text (quotes and their contents flattened). */
function lines(block: Block): string[] {
  if (block.kind === 'quote') return block.blocks.flatMap(lines);
  if (block.kind !== 'paragraph' && block.kind !== 'heading') return [];
  return inlineText(block.inlines)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/**
 * A sentence, not an address line: long, or several words ending in a full stop, some of them in
 * lower case ("Owner, Spokes & Sprockets Cycle Co." names a company; "Ltd." and "St." end no sentence).
 */
function isProse(line: string): boolean {
  if (line.length > 80) return true;
  // A sentence of CJK prose: no spaces between its words, a full stop at its end.
  if (/[。！？]$/u.test(line) && line.length >= 12 && /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(line)) return true;
  if (!/[.!?。！？]$/.test(line)) return false;
  const words = line.split(' ');
  return words.length >= 6 && words.filter((w) => /^\p{Ll}/u.test(w)).length >= 2;
}

function isAddressLike(ls: string[]): boolean {
  return ls.length > 0 && ls.length <= 14 && !ls.some(isProse);
}

/** A window envelope's back-address line (`Name · Street · Town`): the sender's, not the recipient's. */
function backAddress(line: string): string[] | undefined {
  const parts = line.split(/\s+[·•|–-]\s+/);
  return parts.length >= 3 ? parts.map((p) => p.trim()).filter((p) => p !== '') : undefined;
}

/** Words about something ("Beschwerde – defekte Waschmaschine, Bestellnr. 2025-44817"), not an address line (a postcode, a phone, an e-mail). */
function unlabelledSubject(line: string): boolean {
  const words = line.trim().split(/\s+/);
  return words.length >= 3 && line.length >= 15 && !/@|^\+?[\d\s()/-]+$|^(?:[A-Z]{1,2}-)?\d{4,5}\s/u.test(line.trim()) && (line.match(/\p{L}/gu)?.length ?? 0) >= line.length / 2;
}

function para(text: string): Block {
  return { kind: 'paragraph', inlines: [{ kind: 'text', value: text }] };
}

/** A date's label as people type it before the date of a letter ("Date:", "date", "Datum", "التاريخ:"). */
const DATE_LABEL = /^(?:date|dated|datum|fecha|data|дата|تاريخ|التاريخ|תאריך|日期|日付|날짜)\s*[:：]?\s+/iu;

/**
 * The date of a line in a letter's head, its label left out: the common forms on a line of their own
 * (with a place before them), and every form the notes layer reads (lower-case and abbreviated
 * months, Arabic and other scripts' digits and month names).
 */
function letterDate(line: string): string | undefined {
  const bare = line.replace(DATE_LABEL, '').trim();
  if (bare === '' || bare.length > 60) return undefined;
  // The line as typed, its label too ("التاريخ: 2025/01/12", "Datum: 3. März 2025"): nothing of it is lost.
  return isDate(bare) || isDateLine(bare) ? line.trim() : undefined;
}

/** A letterhead name ("Jane Doe", "ACME Ltd"), not a title ("Complaint about my order"): a few capitalised words. */
function looksLikeName(line: string): boolean {
  const words = line.split(' ');
  return words.length <= 5 && words.every((w) => w === '' || w.charAt(0) !== w.charAt(0).toLowerCase() || !/\p{L}/u.test(w.charAt(0)));
}

/** A paragraph that is only bold text (a subject line set in bold). */
function isBoldLine(block: Block): boolean {
  return block.kind === 'paragraph' && block.inlines.length === 1 && block.inlines[0]?.kind === 'strong';
}

/** A line of contacts: an e-mail, a phone number, a web address, as typed ("maria@x.com  /  07700 914382", "Tel: …"). */
function isContactLine(line: string): boolean {
  return line
    .split(/\s+[/|·•]\s+|\s{2,}/)
    .every((part) => /^\S+@\S+\.\S+$|^(?:https?:\/\/|www\.)\S+$|^(?:(?:tel|tél|phone|mobile|mob|fax|e-?mail|handy|телефон|тел)\.?\s*:?\s*)?[+(]?\d[\d ()./-]{6,}$/iu.test(part.trim()) || /^(?:e-?mail|email)\s*:\s*\S+@\S+$/i.test(part.trim()));
}

/** The blocks before the opening: date, subject, addresses; what is none of these stays in the body. */
function readHead(head: Block[], parts: LetterParts, title: string | undefined): Block[] {
  const addresses: string[][] = [];
  const leftover: Block[] = [];
  let pendingName: string[] = [];
  let titleSubject: string | undefined;
  let heading: string | undefined;
  const blocks = head.filter((b) => b.kind !== 'rule');
  blocks.forEach((block, i) => {
    const ls = lines(block);
    const first = ls[0] ?? '';
    const next = blocks[i + 1];
    const subject = subjectText(first);
    if (ls.length === 0) {
      leftover.push(block);
    } else if (ls.length === 1 && letterDate(first) !== undefined) {
      parts.date ??= letterDate(first);
    } else if (subject !== undefined) {
      // The subject line as typed, its label too ("Objet : …", "الموضوع: …"): a reader looks for it.
      // A line going on in lower case continues it; one of its own ("Lettre recommandée avec accusé de réception") stays a line under it.
      parts.subject ??= [first.trim(), ...ls.slice(1).map((l) => (/^\p{Ll}/u.test(l.trim()) ? ` ${l.trim()}` : `\n${l.trim()}`))].join('');
    } else if (ls.length === 1 && isMention(first)) {
      (parts.mentions ??= []).push(first.trim());
    } else if (ls.length === 1 && isRecipientLine(first)) {
      parts.recipient ??= [first];
    } else if ((block.kind === 'heading' || isBoldLine(block)) && ls.length === 1) {
      const beforeAddress = next !== undefined && next.kind !== 'heading' && isAddressLike(lines(next)) && !isBoldLine(next);
      if (i === 0 && block.kind === 'heading' && first === title && !(beforeAddress && looksLikeName(first))) {
        // The note's title: the subject when the letter names none.
        titleSubject = first;
      } else if (beforeAddress) {
        // A name set as a heading above its address.
        pendingName.push(first);
      } else {
        // A heading or bold line among the addresses or before the opening: the subject.
        parts.subject ??= first;
      }
    } else if (ls.length === 1 && i === blocks.length - 1 && addresses.length > 0 && /\p{L}.*[,!，！]$/u.test(first) && first.length <= 60 && first.split(' ').length <= 6) {
      // A line ending in a comma right before the text, after the addresses: a salutation in words no list holds ("Kochana Babciu,").
      parts.opening ??= first.trim();
    } else if (ls.length === 1 && (addresses.length >= 2 || (parts.sender !== undefined && addresses.length >= 1)) && !/[\d@]/.test(first) && first.split(' ').length <= 5) {
      // A line of its own after the sender's and the recipient's addresses ("REKLAMACJA", "COMPLAINT"): the letter's heading, over its subject.
      heading = heading === undefined ? first.trim() : `${heading}\n${first.trim()}`;
    } else if (ls.length === 1 && i === blocks.length - 1 && addresses.length > 0 && (parts.date !== undefined || addresses.length >= 2) && unlabelledSubject(first)) {
      // A line of its own after the addresses and the date, right before the opening: the subject without its label.
      parts.subject ??= first.trim();
    } else if (addresses.length > 0 && pendingName.length === 0 && ls.every(isContactLine)) {
      // An e-mail or a phone set apart under an address ("maria@… / 07700 914382") is that address's.
      (addresses[addresses.length - 1] as string[]).push(...ls);
    } else if (isAddressLike(ls) && (block.kind === 'paragraph' || block.kind === 'quote' || block.kind === 'heading')) {
      const address = [...pendingName];
      pendingName = [];
      // Dates and subject lines set inside an address block (often its last line).
      for (const l of ls) {
        const s = subjectText(l);
        if (s !== undefined) parts.subject ??= l.trim();
        else if (letterDate(l) !== undefined) parts.date ??= letterDate(l);
        else address.push(l);
      }
      if (address.length) addresses.push(address);
    } else leftover.push(block);
  });
  if (pendingName.length) addresses.push(pendingName);
  if (titleSubject !== undefined) parts.subject ??= titleSubject;
  if (heading !== undefined) parts.heading = heading;
  // Two address blocks or more: the sender's first; one: the recipient's (unless the sender is known).
  // (An address ending in an honorific, "田中一郎 様", "営業部 御中", is the recipient's wherever it stands.)
  const honoured = addresses.findIndex((a) => a.some((l) => HONORIFIC.test(l)));
  if (honoured === 0 && addresses.length >= 2 && parts.sender === undefined && !parts.recipient) addresses.splice(0, 2, addresses[1] as string[], addresses[0] as string[]);
  const hadSender = parts.sender !== undefined;
  if (!hadSender && addresses.length >= 2) parts.sender = addresses[0];
  if (!parts.recipient) {
    const recipient = (hadSender || addresses.length < 2 ? addresses : addresses.slice(1)).flat();
    const back = backAddress(recipient[0] ?? '');
    if (back) {
      recipient.shift();
      // The back-address line names the sender when no sender block does.
      parts.sender ??= back;
    }
    if (recipient.length) parts.recipient = recipient;
  }
  return leftover;
}

/** The honorific after a Japanese addressee's name or office (様, 御中, 殿). */
const HONORIFIC = /(?:様|御中|殿|貴中|各位)\s*$/u;

/** Where the salutation is: the block, the line in it, and the salutation's text. */
function findOpening(blocks: Block[]): { block: number; line: number; text: string; rest: string } | undefined {
  // "Spett.le" above a company's address lines heads the address; the salutation comes later.
  let addressHead: { block: number; line: number; text: string; rest: string } | undefined;
  for (let b = 0; b < Math.min(blocks.length, HEAD_BLOCKS); b++) {
    const block = blocks[b] as Block;
    if (block.kind !== 'paragraph' && block.kind !== 'quote' && block.kind !== 'heading') continue;
    const ls = lines(block);
    for (let l = 0; l < ls.length; l++) {
      const line = ls[l] ?? '';
      if (!isOpening(line)) continue;
      const after = ls.slice(l + 1);
      if (!addressHead && !/[,:!，：！،]$/u.test(line) && after.length >= 2 && isAddressLike(after)) {
        addressHead = { block: b, line: l, text: line, rest: '' };
        continue;
      }
      if (addressHead && (line.length > OPENING_MAX || !/[,:!，：！،]$/u.test(line))) return addressHead;
      if (line.length <= OPENING_MAX) return { block: b, line: l, text: line, rest: '' };
      // "Dear Anna, thank you for …" in one paragraph: the salutation up to its first comma or colon.
      const cut = firstPunctuation(line);
      if (cut > 0 && cut <= OPENING_MAX) return { block: b, line: l, text: line.slice(0, cut + 1), rest: line.slice(cut + 1).trim() };
    }
  }
  // "Spett.le" heading an address and no salutation after it: the letter has none (Italian letters to an office often do not).
  return undefined;
}

/**
 * Where a letter without a salutation starts its text: after the addresses, date and subject line
 * at its head (0: no head). A head has a date, a subject or two addresses; one short line over the
 * text is the text's own.
 */
function headEnd(blocks: Block[]): number {
  let end = 0;
  let dated = false;
  let subject = false;
  let addresses = 0;
  for (; end < Math.min(blocks.length, HEAD_BLOCKS); end++) {
    const block = blocks[end] as Block;
    if (block.kind === 'rule') continue;
    if (block.kind !== 'paragraph' && block.kind !== 'quote' && block.kind !== 'heading') break;
    const ls = lines(block);
    if (ls.length === 1 && letterDate(ls[0] ?? '') !== undefined) dated = true;
    else if (subjectText(ls[0] ?? '') !== undefined) subject = true;
    else if (isAddressLike(ls)) addresses++;
    else break;
  }
  return dated || subject || addresses >= 2 ? end : 0;
}

function firstPunctuation(line: string): number {
  for (let i = 0; i < line.length && i <= OPENING_MAX; i++) if (',:!，：！'.includes(line.charAt(i))) return i;
  return -1;
}

/** An address written on one line (`From: Jane Roe, 1 Main St, Springfield`) as the lines of an address block. */
function addressLines(ls: string[]): string[] {
  const parts = ls.length === 1 ? (ls[0] ?? '').split(', ') : ls;
  return parts.length >= 3 ? parts.map((p) => p.trim()).filter((p) => p !== '') : ls;
}

/** The letter's parts from its blocks and metadata (`title`: the note's title, if it has one). */
export function letterParts(all: Block[], meta: NoteMeta, title?: string): LetterParts {
  let blocks = all;
  const parts: LetterParts = {
    ...(meta.returnAddress ? { sender: addressLines(meta.returnAddress) } : {}),
    ...(meta.address ? { recipient: addressLines(meta.address) } : {}),
    ...(meta.date ? { date: meta.date } : {}),
    ...(meta.subject ? { subject: meta.subject } : {}),
    ...(meta.opening ? { opening: meta.opening } : {}),
    ...(meta.closing ? { closing: meta.closing } : {}),
    signature: meta.signature ?? meta.authors ?? (meta.author ? [meta.author] : []),
    body: blocks,
    after: [],
  };
  // A reply's quoted original ("-----Original Message-----", "On … wrote:") follows the letter,
  // set apart; its salutation, closing and signature are not this letter's.
  const quoteAt = blocks.findIndex((b, k) => k > 0 && (b.kind === 'paragraph' || b.kind === 'heading' || b.kind === 'rule') && QUOTED_ORIGINAL.test(lines(b)[0] ?? ''));
  const quoted: Block[] = quoteAt > 0 ? blocks.slice(quoteAt) : [];
  if (quoteAt > 0) {
    blocks = blocks.slice(0, quoteAt);
    parts.body = blocks;
  }
  const open = findOpening(blocks);
  if (open) {
    const openBlock = blocks[open.block] as Block;
    const openLines = lines(openBlock);
    const before = openLines.slice(0, open.line);
    const head = [...blocks.slice(0, open.block), ...(before.length ? [para(before.join('\n'))] : [])];
    const after = [open.rest, ...openLines.slice(open.line + 1)].filter((l) => l !== '');
    // A subject right under the salutation ("تحية طيبة وبعد،" / "الموضوع: …") is the subject still.
    let rest = blocks.slice(open.block + 1);
    const nextLines = after.length === 0 && rest[0]?.kind === 'paragraph' ? lines(rest[0]) : [];
    const subjectLine = after[0] ?? nextLines[0] ?? '';
    if (subjectText(subjectLine) !== undefined) {
      if (parts.subject === undefined) parts.subjectBelow = true;
      parts.subject ??= subjectLine.trim();
      if (after.length) after.shift();
      else rest = [...(nextLines.length > 1 ? [para(nextLines.slice(1).join('\n'))] : []), ...rest.slice(1)];
    }
    const leftover = readHead(head, parts, title);
    parts.opening ??= open.text;
    parts.body = [...leftover, ...(after.length ? [para(after.join('\n'))] : []), ...rest];
  } else {
    const end = headEnd(blocks);
    if (end > 0) parts.body = [...readHead(blocks.slice(0, end), parts, title), ...blocks.slice(end)];
  }
  readTail(parts);
  if (quoted.length) parts.after = [...parts.after, { kind: 'quote', blocks: quoted }];
  return parts;
}

const QUOTED_ORIGINAL = /^(?:-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|forwarded message)\s*-{2,}|on\s.{4,120}\swrote:|am\s.{4,120}\sschrieb.{0,60}:|le\s.{4,120}\sa écrit\s?:)$/iu;

/** Closing and signature, searched from the end of the body (the closing may end a paragraph); postscripts typed after the signature stay after it. */
function readTail(parts: LetterParts): void {
  const full = parts.body;
  const ps = full.findIndex((b, k) => k > 0 && k >= full.length - POSTSCRIPT_BLOCKS && b.kind === 'paragraph' && (isPostscript(lines(b)[0] ?? '') || ENCLOSURES.test(lines(b)[0] ?? '')));
  if (ps < 0) return readClosing(parts);
  // "Приложения: …" above "С уважением," and the name: what the letter encloses is typed before
  // its closing (Russian, Polish and Turkish letters); it follows the signature here.
  const close = full.findIndex((b, k) => k > ps && (b.kind === 'paragraph' || b.kind === 'quote') && lines(b).some(isClosing));
  if (close > ps && !isPostscript(lines(full[ps] as Block)[0] ?? '')) {
    parts.body = [...full.slice(0, ps), ...full.slice(close)];
    readClosing(parts);
    parts.after = [...full.slice(ps, close), ...parts.after];
    return;
  }
  parts.body = full.slice(0, ps);
  readClosing(parts);
  parts.after = [...parts.after, ...full.slice(ps)];
}

/** A list of what the letter encloses, after the signature ("Anexos:", "Anlage: …", "PJ :", "Enclosures:"). */
const ENCLOSURES = /^(?:enclosures?|encl\.|attachments?|anexos?|adjuntos?|anlagen?|pj|pièces? jointes?|annexes?|allegat[oi]|załącznik(?:i)?|вложени[ея]|приложени[ея]|ek(?:ler)?|bijlagen?)\s*[:：]/iu;

/** How many blocks at a letter's end may be postscripts ("P.S. …", "P.P.S. …") or what it encloses. */
const POSTSCRIPT_BLOCKS = 4;

function readClosing(parts: LetterParts): void {
  const body = parts.body;
  for (let i = body.length - 1; i >= Math.max(0, body.length - 6); i--) {
    const block = body[i] as Block;
    if (block.kind !== 'paragraph' && block.kind !== 'quote') continue;
    const ls = lines(block);
    const at = ls.findIndex(isClosing);
    if (at < 0) continue;
    parts.closing ??= ls[at];
    const sig = ls.slice(at + 1);
    let j = i + 1;
    for (; sig.length === 0 && j < body.length; j++) {
      const next = body[j] as Block;
      if (next.kind === 'rule') continue;
      const nl = lines(next);
      // A name with a title, a phone, an e-mail and a student or staff number: six lines at most.
      if (!isAddressLike(nl) || nl.length > 6 || next.kind === 'heading' || nl[0] === KI) break;
      sig.push(...nl);
    }
    // A date line under the name ("التاريخ: ٥ مايو ٢٠٢٤") dates the letter.
    const dated = parts.date === undefined ? sig.findIndex((l) => DATE_LABEL.test(l) && letterDate(l) !== undefined) : -1;
    if (dated >= 0) parts.date = letterDate(sig.splice(dated, 1)[0] as string);
    // "Генеральный директор …            Е. А. Смирнова": a role and the name spaced apart on one line are two.
    if (sig.length) parts.signature = sig.flatMap((l) => l.split(/[ \t]{3,}|\t+/).filter((p) => p.trim() !== ''));
    parts.after = undatedTail(body.slice(j), parts);
    const before = ls.slice(0, at);
    parts.body = [...body.slice(0, i), ...(before.length ? [para(before.join('\n'))] : [])];
    return;
  }
  if (!commaSignOff(parts)) dashSignOff(parts);
}

/**
 * A closing in words no list holds, on a line of its own that ends with a comma, above the name
 * ("Um beijinho grande e mais uma vez obrigada por tudo," / "Beatriz"): the writer's closing.
 */
function commaSignOff(parts: LetterParts): boolean {
  const body = parts.body;
  const [last, before] = [body[body.length - 1], body[body.length - 2]];
  // "Ściskam Cię mocno," / "całujemy," / "Agnieszka, Marek i Zosia" in one paragraph: the lines ending in a comma close, the rest signs.
  const own = last?.kind === 'paragraph' && inlineText(last.inlines).length <= 400 ? lines(last) : [];
  const cut = own.findIndex((l, k) => k > 0 && !/[,،]$/u.test(l) && own.slice(0, k).every((c) => /[,،]$/u.test(c) && c.length <= 60));
  if (cut > 0 && own.length - cut <= 3 && own.slice(cut).every((l) => l.length <= 40 && !/[.!?:]$/.test(l))) {
    parts.closing ??= own.slice(0, cut).join(' ');
    parts.signature = own.slice(cut);
    parts.body = body.slice(0, -1);
    return true;
  }
  if (last?.kind !== 'paragraph' || before?.kind !== 'paragraph') return false;
  const name = lines(last);
  const closing = lines(before);
  const short = name.length <= 3 && name.every((l) => l.length <= 40 && !/[.!?:]$/.test(l));
  // The farewell may end the last paragraph, under its sentences ("Передавай привет Диме." / "Обнимаю тебя крепко-крепко,").
  const farewell = closing[closing.length - 1] ?? '';
  const ending = closing.length === 1 ? farewell.length <= 120 : farewell.length <= 60 && farewell.split(/\s+/).length <= 6 && /[.!?…)]$/u.test(closing[closing.length - 2] ?? '');
  if (!short || !/[,،]$/u.test(farewell) || !ending) return false;
  parts.closing ??= farewell;
  parts.signature = name;
  parts.body = [...body.slice(0, -2), ...(closing.length > 1 ? [para(closing.slice(0, -1).join('\n'))] : [])];
  return true;
}

/** What follows the signature, its date line taken as the letter's date ("التاريخ: ٥ مايو ٢٠٢٤" at the foot). */
function undatedTail(after: Block[], parts: LetterParts): Block[] {
  if (parts.date !== undefined) return after;
  return after.flatMap((block) => {
    if (block.kind !== 'paragraph') return [block];
    const ls = lines(block);
    const k = ls.findIndex((l) => DATE_LABEL.test(l) && letterDate(l) !== undefined);
    if (k < 0 || parts.date !== undefined) return [block];
    parts.date = letterDate(ls[k] as string);
    const rest = ls.filter((_, n) => n !== k);
    return rest.length ? [para(rest.join('\n'))] : [];
  });
}

/** The name of a one-item list that is only a name ("- Jess", "– Anna K."), else null. */
function signOffName(block: Block | undefined): string | null {
  if (block?.kind !== 'list' || block.items.length !== 1 || block.ordered) return null;
  const item = block.items[0]?.blocks ?? [];
  const text = item.length === 1 ? lines(item[0] as Block) : [];
  const name = text.length === 1 ? (text[0] as string) : '';
  return /^\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){0,2}$/u.test(name) ? name : null;
}

/**
 * A letter signed with a dash and a name after its last paragraph ("miss you, say hi to Ana" /
 * "- Jess"), with no closing phrase: the name is the signature and a short last line before it the
 * closing; nothing is added in their place.
 */
function dashSignOff(parts: LetterParts): void {
  const body = parts.body;
  for (let i = body.length - 1; i >= Math.max(1, body.length - 3); i--) {
    const name = signOffName(body[i]);
    if (!name) continue;
    const prev = body[i - 1] as Block;
    const prevLines = lines(prev);
    const closing = prevLines[prevLines.length - 1] ?? '';
    // Only after a short last line that reads as the farewell (a list of names is no sign-off).
    if (prev.kind !== 'paragraph' || closing === '' || closing.length > 60) return;
    parts.closing = closing;
    if (parts.signature.length === 0) parts.signature = [name];
    parts.after = body.slice(i + 1);
    const kept = prevLines.slice(0, -1);
    parts.body = [...body.slice(0, i - 1), ...(kept.length ? [para(kept.join('\n'))] : [])];
    return;
  }
}
