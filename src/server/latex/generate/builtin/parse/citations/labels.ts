// pandoc-crossref labels on the document tree: `{#sec:x}` ending a heading, `{#fig:x}` ending a
// figure's caption (Markdown images get theirs in the reader), `{#eq:x}` just after a display,
// `Table: Caption {#tbl:x}` (or `: Caption {#tbl:x}`) beside a table. The attribute text is taken
// out wherever it is found; the label goes on the block, and into the list of known labels.
import { inlineText, type Block, type CrossRefKind, type Inline } from '../../tree.js';
import { crossRefKind, leadingAttributes, sanitizeLabel, trailingAttributes } from './attributes.js';
import { forEachBlockList } from './walk.js';

export interface LabelTarget {
  kind: CrossRefKind;
  /** The sanitized label. */
  label: string;
  /** The heading's or caption's words (shown where the document does not number that kind). */
  title: string;
}

type Table = Extract<Block, { kind: 'table' }>;

/** Takes a trailing attribute block off a run of inlines: its attributes, or null. */
export function takeTrailingAttributes(inlines: Inline[]): { id: string; unnumbered: boolean } | null {
  let i = inlines.length - 1;
  while (i >= 0 && inlines[i]?.kind === 'text' && (inlines[i] as { value: string }).value.trim() === '') i--;
  const last = inlines[i];
  if (!last || last.kind !== 'text') return null;
  const attrs = trailingAttributes(last.value);
  if (!attrs) return null;
  const before = last.value.slice(0, attrs.start).trimEnd();
  inlines.splice(i, inlines.length - i, ...(before ? [{ kind: 'text' as const, value: before }] : []));
  return attrs;
}

/** Takes a leading attribute block off a paragraph's inlines: its id, or null. */
function takeLeadingId(inlines: Inline[]): string | null {
  const first = inlines[0];
  if (!first || first.kind !== 'text') return null;
  const attrs = leadingAttributes(first.value);
  if (!attrs || attrs.id === '') return null;
  const rest = first.value.slice(attrs.end).replace(/^\s+/, '');
  if (rest) inlines[0] = { kind: 'text', value: rest };
  else inlines.shift();
  return attrs.id;
}

function isEmpty(inlines: Inline[]): boolean {
  return inlines.every((n) => n.kind === 'break' || (n.kind === 'text' && n.value.trim() === ''));
}

/** `Table: Caption {#tbl:x}` or `: Caption {#tbl:x}`: the caption and the id, or null. */
function tableCaption(inlines: Inline[]): { caption: Inline[]; id: string } | null {
  const first = inlines[0];
  if (!first || first.kind !== 'text') return null;
  const lead = /^\s*(?:Table)?:\s+/i.exec(first.value.slice(0, 12));
  const last = inlines[inlines.length - 1];
  if (!lead || !last || last.kind !== 'text' || !last.value.trimEnd().endsWith('}')) return null;
  const caption = [...inlines];
  const attrs = takeTrailingAttributes(caption);
  if (!attrs || crossRefKind(attrs.id) !== 'tbl') return null;
  const head = caption[0];
  if (head?.kind === 'text') caption[0] = { kind: 'text', value: head.value.slice(lead[0].length) };
  return { caption, id: attrs.id };
}

/** A caption that ended up as the table's last row (no blank line between them). */
function captionRow(table: Table): { caption: Inline[]; id: string } | null {
  const row = table.rows[table.rows.length - 1];
  if (!row || row.slice(1).some((cell) => !isEmpty(cell))) return null;
  return tableCaption(row[0] ?? []);
}

export class Labels {
  readonly targets = new Map<string, LabelTarget>();

  /** Gives a block its label when the id is new (a second block with the same label keeps none). */
  private add(id: string, kind: CrossRefKind, title: string): string | undefined {
    const label = sanitizeLabel(id);
    if (this.targets.has(label)) return undefined;
    this.targets.set(label, { kind, label, title });
    return label;
  }

  /** Registers a label a reader already put on a block. */
  known(block: Block): void {
    if ((block.kind === 'figure' || block.kind === 'table' || block.kind === 'math' || block.kind === 'heading') && block.label) {
      const kind = crossRefKind(block.label);
      if (kind && !this.targets.has(block.label)) this.targets.set(block.label, { kind, label: block.label, title: titleOf(block) });
    }
  }

  /** Attaches the labels of one list of sibling blocks (paragraphs holding only a label are removed). */
  attach(blocks: Block[]): void {
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i] as Block;
      this.known(b);
      if (b.kind === 'heading' && !b.label) {
        const attrs = takeTrailingAttributes(b.inlines);
        if (attrs?.unnumbered) b.unnumbered = true;
        if (attrs?.id) b.label = this.add(attrs.id, crossRefKind(attrs.id) ?? 'sec', inlineText(b.inlines).trim());
      } else if (b.kind === 'figure' && !b.label) {
        const attrs = takeTrailingAttributes(b.caption);
        if (attrs?.id) b.label = this.add(attrs.id, 'fig', inlineText(b.caption).trim());
      } else if (b.kind === 'math' && !b.label) {
        const next = blocks[i + 1];
        const id = next?.kind === 'paragraph' ? takeLeadingId(next.inlines) : null;
        if (id) b.label = this.add(id, 'eq', '');
        if (next?.kind === 'paragraph' && isEmpty(next.inlines)) blocks.splice(i + 1, 1);
      } else if (b.kind === 'table' && !b.label) {
        this.tableLabel(blocks, i, b);
      }
    }
  }

  private tableLabel(blocks: Block[], i: number, table: Table): void {
    const inRow = captionRow(table);
    if (inRow) table.rows.pop();
    const after = blocks[i + 1];
    const before = blocks[i - 1];
    const found = inRow ?? (after?.kind === 'paragraph' ? tableCaption(after.inlines) : null) ?? (before?.kind === 'paragraph' ? tableCaption(before.inlines) : null);
    if (!found) return;
    table.caption = found.caption;
    table.label = this.add(found.id, 'tbl', inlineText(found.caption).trim());
    // The caption paragraph goes (the one after the table first, as pandoc reads it).
    if (inRow) return;
    if (after?.kind === 'paragraph' && tableCaption(after.inlines)) blocks.splice(i + 1, 1);
    else blocks.splice(i - 1, 1);
  }
}

function titleOf(block: Block): string {
  if (block.kind === 'heading') return inlineText(block.inlines).trim();
  if (block.kind === 'figure') return inlineText(block.caption).trim();
  if (block.kind === 'table') return inlineText(block.caption ?? []).trim();
  return '';
}

/** Attaches every label under `blocks`; the labels found. */
export function attachLabels(blocks: Block[]): Labels {
  const labels = new Labels();
  forEachBlockList(blocks, (list) => labels.attach(list));
  return labels;
}
