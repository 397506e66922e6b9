// The generator's document tree as an outline (format.ts): what the builtin generator made of a
// note, in the terms a golden outline uses. Letters take their parts from the letter writer's own
// reading (write/letter-parts.ts).
import type { DocumentType } from '../../shared/document-types.js';
import { readNote } from '../../server/latex/generate/builtin/parse/index.js';
import { inlineText, type Block, type Inline } from '../../server/latex/generate/builtin/tree.js';
import { letterParts } from '../../server/latex/generate/builtin/write/letter-parts.js';
import type { Outline, OutlineItem } from './format.js';

function breaksIn(inlines: Inline[]): number {
  let n = 0;
  for (const node of inlines) {
    if (node.kind === 'break') n++;
    else if ('children' in node) n += breaksIn(node.children);
  }
  return n;
}

function lineCount(inlines: Inline[]): number {
  return inlineText(inlines)
    .split('\n')
    .filter((l) => l.trim() !== '').length;
}

/** Blocks → items, in reading order; lists count their top-level items, and what sits inside an item (code, tables, formulas) follows the list. */
function walk(blocks: Block[], out: OutlineItem[], inList = false, book = false): void {
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading':
        out.push({ kind: 'heading', level: b.depth, text: inlineText(b.inlines).trim() });
        break;
      case 'slide':
        out.push({ kind: 'slide', text: inlineText(b.title).trim() });
        walk(b.blocks, out);
        break;
      case 'paragraph': {
        // A book sets sentences typed one per line as paragraphs of their own (render/flow.ts).
        const paragraphs = book && b.statements === true;
        if (!paragraphs && breaksIn(b.inlines) > 0 && lineCount(b.inlines) >= 2) out.push({ kind: 'lines', count: lineCount(b.inlines) });
        // An image standing alone is a figure.
        const shown = b.inlines.filter((i) => !(i.kind === 'text' && i.value.trim() === ''));
        if (shown.length === 1 && shown[0]?.kind === 'image') out.push({ kind: 'figure' });
        break;
      }
      case 'list': {
        if (!inList) {
          const checkbox = b.items.some((i) => i.checked !== null);
          out.push({ kind: 'list', items: b.items.length, style: checkbox ? 'checkbox' : b.ordered ? 'ordered' : 'bullet' });
        }
        for (const item of b.items) walk(item.blocks, out, true);
        break;
      }
      case 'definitions':
        if (!inList) out.push({ kind: 'list', items: b.items.length, style: 'bullet' });
        for (const item of b.items) walk(item.blocks, out, true);
        break;
      case 'quote':
        out.push({ kind: 'quote' });
        walk(b.blocks, out, inList);
        break;
      case 'admonition':
        walk(b.blocks, out, inList);
        break;
      case 'code':
        out.push({ kind: 'code' });
        break;
      case 'math':
        // Formula lines one under another are set in one gathered display: each is still a displayed formula.
        for (let k = b.source !== undefined && b.tex.startsWith('\\begin{gather*}') ? b.tex.split('\\\\\n').length : 1; k > 0; k--) out.push({ kind: 'math' });
        break;
      case 'table':
        out.push({ kind: 'table', columns: Math.max(b.header.length, ...b.rows.map((r) => r.length)), rows: b.rows.length + (b.header.length > 0 && b.header.some((c) => inlineText(c).trim() !== '') ? 1 : 0) });
        break;
      case 'figure':
        out.push({ kind: 'figure' });
        break;
      default:
        break;
    }
  }
}

/** What the builtin generator makes of a note, as an outline. */
export function treeOutline(content: string, type: DocumentType): Outline {
  const note = readNote(content);
  const items: OutlineItem[] = [];
  if (type === 'letter') return letterOutline(note);
  walk(note.body, items, false, type === 'book');
  return {
    // A title the document does not show (the note's first words, for the history) is no title.
    title: note.titled ? note.title : null,
    author: note.meta.author ?? (note.meta.authors?.length ? note.meta.authors.join(' ; ') : null),
    date: note.meta.date ?? null,
    ...(note.meta.subtitle ? { subtitle: note.meta.subtitle } : {}),
    items,
  };
}

/**
 * A letter as the letter writer sets it (write/letter.ts, from the same letterParts): the addresses
 * typed in the text are lines, the date is the letter's, the signature names the author, and the
 * title is only one the note states (a title or subject field).
 */
function letterOutline(note: ReturnType<typeof readNote>): Outline {
  const parts = letterParts(note.all, note.meta, note.title);
  const items: OutlineItem[] = [];
  // Addresses typed in the text are its lines; those from metadata fields are no lines of the note.
  const typed = [note.meta.returnAddress ? undefined : parts.sender, note.meta.address ? undefined : parts.recipient];
  for (const address of typed) if (address && address.length >= 2) items.push({ kind: 'lines', count: address.length });
  if (parts.opening) items.push({ kind: 'letter', part: 'opening', text: parts.opening });
  walk(parts.body, items);
  if (parts.closing) items.push({ kind: 'letter', part: 'closing', text: parts.closing });
  if (parts.signature.length) items.push({ kind: 'letter', part: 'signature', text: parts.signature.join(' ') });
  const signed = parts.signature.length ? parts.signature.join(' ') : null;
  return {
    title: note.meta.title ?? note.meta.subject ?? null,
    author: note.meta.author ?? (note.meta.authors?.length ? note.meta.authors.join(' ; ') : signed),
    date: parts.date ?? null,
    ...(note.meta.subtitle ? { subtitle: note.meta.subtitle } : {}),
    items,
  };
}
