// A reference list the note already has, so the bibliography does not say it twice: the lists
// and paragraphs under a "References" (Bibliography, Literatur, …) heading, or lines written
// `[@key]: Doe, J. …` anywhere. Its entries, in the note's order, become the bibliography's; an
// entry's key is its marker (`[@doe2020]`, `[doe2020]`, `@doe2020:`), else found later by name
// and year (index.ts). The plan is made first and applied only when the note cites something.
import { inlineText, type Block, type Inline } from '../../tree.js';
import { readKey } from './keys.js';

const REFERENCE_HEADINGS = new Set([
  'references', 'reference list', 'bibliography', 'works cited', 'literature', 'literature cited', 'sources', 'citations',
  'literatur', 'literaturverzeichnis', 'quellen', 'quellenverzeichnis', 'références', 'bibliographie', 'références bibliographiques',
  'referencias', 'bibliografía', 'referências', 'bibliografia', 'referências bibliográficas', 'литература', 'список литературы',
]);

export interface NoteEntry {
  key: string | null;
  inlines: Inline[];
}

export interface NoteListPlan {
  entries: NoteEntry[];
  /** The blocks (of the top-level list) the entries come from. */
  taken: Block[];
  /** Whether the note heads the list itself (else the bibliography gets the document's heading). */
  headed: boolean;
  /** Where, in the top-level blocks, the bibliography goes when headed: the first taken block, else the section's end. */
  at: number;
}

/** `7. References:` → `references`. */
function headingWords(inlines: Inline[]): string {
  let t = inlineText(inlines).trim().toLowerCase();
  let i = 0;
  while (i < t.length && /[\d.\s]/.test(t[i] as string)) i++;
  t = t.slice(i);
  while (t.endsWith(':')) t = t.slice(0, -1);
  return t.trim();
}

/** The lines of a paragraph (at line breaks and newlines in its text). */
function lines(inlines: Inline[]): Inline[][] {
  const out: Inline[][] = [[]];
  for (const node of inlines) {
    if (node.kind === 'break') out.push([]);
    else if (node.kind === 'text' && node.value.includes('\n')) {
      node.value.split('\n').forEach((piece, k) => {
        if (k > 0) out.push([]);
        if (piece !== '') out[out.length - 1]?.push({ kind: 'text', value: piece });
      });
    } else out[out.length - 1]?.push(node);
  }
  return out.filter((line) => inlineText(line).trim() !== '');
}

/** An entry's leading marker: its key (null for `[12]`), and the inlines after it; null without one. */
export function entryMarker(inlines: Inline[], requireColon: boolean): NoteEntry | null {
  const [first, ...rest] = inlines;
  if (first?.kind === 'cite' && first.items.length === 1) {
    const next = rest[0];
    if (requireColon && !(next?.kind === 'text' && next.value.startsWith(':'))) return null;
    const after = next?.kind === 'text' ? [{ kind: 'text' as const, value: next.value.replace(/^[:.]?\s*/, '') }, ...rest.slice(1)] : rest;
    return { key: first.items[0]?.key ?? null, inlines: after };
  }
  if (first?.kind !== 'text') return null;
  const text = first.value.trimStart();
  let key: string | null = null;
  let end = -1;
  if (text.startsWith('[')) {
    const close = text.slice(0, 102).indexOf(']');
    const inside = close > 0 ? text.slice(1, close) : '';
    if (inside === '' || /\s/.test(inside)) return null;
    const at = inside.startsWith('@') ? readKey(inside, 0) : null;
    if (requireColon && !at) return null;
    key = at ? at.key : /^\d+$/.test(inside) ? null : inside;
    end = close + 1;
  } else if (text.startsWith('@')) {
    const at = readKey(text, 0);
    if (!at) return null;
    key = at.key;
    end = at.end;
  } else return null;
  const colon = text[end] === ':';
  if (requireColon && !colon) return null;
  const tail = text.slice(end).replace(/^[:.]?\s*/, '');
  return { key, inlines: [...(tail ? [{ kind: 'text' as const, value: tail }] : []), ...rest] };
}

/** Whether a paragraph can start with an entry's marker (a quick test before its lines are split). */
function opensWithMarker(inlines: Inline[]): boolean {
  const first = inlines[0];
  return first?.kind === 'cite' || (first?.kind === 'text' && /^\s*[[@]/.test(first.value.slice(0, 8)));
}

/** The entries of one block of a reference list: a list's items, a paragraph's marked lines, or the paragraph. */
function blockEntries(block: Block, requireMarkers: boolean): NoteEntry[] | null {
  if (block.kind === 'list') {
    const out: NoteEntry[] = [];
    for (const item of block.items) {
      if (!item.blocks.every((b) => b.kind === 'paragraph')) return null;
      const inlines = item.blocks.flatMap((b, k) => (b.kind === 'paragraph' ? [...(k > 0 ? [{ kind: 'text' as const, value: ' ' }] : []), ...b.inlines] : []));
      const marked = entryMarker(inlines, requireMarkers);
      if (requireMarkers && !marked) return null;
      out.push(marked ?? { key: null, inlines });
    }
    return out;
  }
  if (block.kind !== 'paragraph') return null;
  const ls = lines(block.inlines);
  const marked = ls.map((line) => entryMarker(line, requireMarkers));
  if (marked.every((m) => m !== null)) return marked as NoteEntry[];
  return requireMarkers ? null : [{ key: null, inlines: block.inlines }];
}

/** The note's own reference list among the top-level blocks, or null. */
export function findNoteList(blocks: Block[]): NoteListPlan | null {
  let h = -1;
  for (let i = blocks.length - 1; i >= 0 && h < 0; i--) {
    const b = blocks[i] as Block;
    if (b.kind === 'heading' && REFERENCE_HEADINGS.has(headingWords(b.inlines))) h = i;
  }
  if (h >= 0) {
    const depth = (blocks[h] as Extract<Block, { kind: 'heading' }>).depth;
    let end = h + 1;
    while (end < blocks.length && !((blocks[end] as Block).kind === 'heading' && (blocks[end] as { depth: number }).depth <= depth)) end++;
    const plan: NoteListPlan = { entries: [], taken: [], headed: true, at: end };
    for (let i = h + 1; i < end; i++) {
      const found = blockEntries(blocks[i] as Block, false);
      if (!found) continue;
      if (plan.taken.length === 0) plan.at = i;
      plan.entries.push(...found);
      plan.taken.push(blocks[i] as Block);
    }
    return plan;
  }
  // No heading: lines written as `[@key]: …` are the list.
  const plan: NoteListPlan = { entries: [], taken: [], headed: false, at: blocks.length };
  for (const b of blocks) {
    const found = (b.kind === 'paragraph' && opensWithMarker(b.inlines)) || (b.kind === 'list' && b.items.length > 0) ? blockEntries(b, true) : null;
    if (!found) continue;
    plan.entries.push(...found);
    plan.taken.push(b);
  }
  return plan.entries.length ? plan : null;
}

/** Applies a plan: the taken blocks go, the bibliography block takes the place of the first (a headed list only). */
export function applyNoteList(blocks: Block[], plan: NoteListPlan, bibliography: Block): void {
  const taken = new Set(plan.taken);
  let insertAt = plan.at;
  for (let i = blocks.length - 1; i >= 0; i--) {
    if (!taken.has(blocks[i] as Block)) continue;
    blocks.splice(i, 1);
    if (i < insertAt) insertAt--;
  }
  if (plan.headed) blocks.splice(Math.min(insertAt, blocks.length), 0, bibliography);
}
