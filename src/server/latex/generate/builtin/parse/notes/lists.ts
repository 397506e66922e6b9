// Lists from marked lines: bullets and numbers, nested by indentation.
import type { Block, Inline, ListItem } from '../../tree.js';
import { commandItem } from './code.js';
import { ownLine, parallel, SENTENCE_END, wrapped } from './line-blocks.js';
import type { NoteLine } from './lines.js';
import type { Marked } from './marks.js';

/** Outline levels deeper than this continue at this depth (LaTeX itself stops at nine). */
const MAX_LIST_DEPTH = 16;

export interface Entry {
  level: number;
  ordered: boolean;
  start: number;
  /** The item's lines: the marked one (from `from`), then its continuations. */
  parts: Array<{ line: NoteLine; from: number }>;
  /** A checkbox's state (null: no checkbox). */
  checked?: boolean | null;
  /** Numbered with a letter ("a)"). */
  letter?: boolean;
  /** The label as typed, where LaTeX's letters are not the note's ("б)"). */
  label?: string;
  /** Numbered "1)". */
  paren?: boolean;
  /** Lines of the item's own after its points (set by ownerAfter). */
  after?: Array<{ line: NoteLine; from: number }>;
}

/**
 * " the problem is usually not the tool, …" under "- 19-23  no risk" / "- 9 or below  very high": a
 * sentence indented short of the items' text, under three short one-line items or more, is a remark
 * after the list, not the last item going on (blocks.ts sets it as a paragraph after the list).
 */
function remarkAfterRows(entries: Entry[], m: Marked): boolean {
  const last = entries[entries.length - 1]?.parts[0];
  if (!last || entries.length < 3 || m.line.indent >= last.line.indent + last.from) return false;
  return m.line.text.trim().length >= 50 && entries.every((e) => e.parts.length === 1 && (e.parts[0] as { line: NoteLine; from: number }).line.text.length <= 40);
}

/**
 * A list's entries from line i to the first line `stop` ends it at (or one of another family:
 * checkboxes, references, plain items): marked lines, the lines that continue them, lines an item
 * goes on with after its points, and unmarked lines indented as items of their own.
 */
export function listEntries(ms: readonly Marked[], i: number, stop: (j: number) => boolean): { entries: Entry[]; end: number; references: boolean; remark?: true } {
  const family = (m: Marked): string => (m.mark === 'check' ? 'check' : m.mark === 'ref' ? 'ref' : 'plain');
  const first = ms[i] as Marked;
  const fam = first.mark === null ? 'plain' : family(first);
  const entries: Entry[] = [];
  let lastItemIndent = -1;
  let lastMarked = false;
  // Points typed a space or so under an item of another kind ("1) Release status" / " - QA found …"),
  // or marked under unmarked lines of their indent ("代表人物：斯金纳" / "- 正强化：…"): nested under it.
  let nest: { indent: number; ordered: boolean; level: number } | null = null;
  let labelNest: { indent: number; level: number } | null = null;
  let j = i;
  for (; j < ms.length; j++) {
    const m = ms[j] as Marked;
    if (stop(j)) break;
    const indent = m.line.indent;
    if (nest && (indent < nest.indent || (indent === nest.indent && (m.mark === null || (m.mark === 'number') !== nest.ordered)))) nest = null;
    if (m.mark !== null) {
      if (family(m) !== fam) break;
      labelNest = null;
      const prev = entries[entries.length - 1];
      const ordered = m.mark === 'number' || m.mark === 'ref';
      const under = prev !== undefined && lastMarked && prev.ordered !== ordered && indent > prev.level && indent < prev.level + 2;
      // (After two such lines at least: one line, "LO: to recognise …" over "- starter: …", is their sibling.)
      const unmarkedAt = (e: Entry | undefined): boolean => e !== undefined && e.parts[0]?.from === 0 && e.level === indent;
      const afterLines = unmarkedAt(prev) && unmarkedAt(entries[entries.length - 2]);
      if (!nest && (under || afterLines)) nest = { indent, ordered, level: (prev?.level ?? 0) + 2 };
      entries.push({ level: nest?.level ?? indent, ordered: m.mark === 'number' || m.mark === 'ref', start: m.number || 1, parts: [{ line: m.line, from: m.start }], checked: m.checked, letter: m.letter === true, paren: m.paren === true, ...(m.label !== undefined ? { label: m.label } : {}) });
      lastItemIndent = m.line.indent;
      lastMarked = true;
    } else if (lastMarked && m.line.indent > lastItemIndent && entries.length) {
      if (remarkAfterRows(entries, m)) return { entries, end: j, references: fam === 'ref', remark: true };
      entries[entries.length - 1]?.parts.push({ line: m.line, from: 0 });
    } else {
      const owner = ownerAfter(entries, m.line.indent);
      // (Unmarked lines under an unmarked label of their indent, " реакції:" / " CaO + H2O → Ca(OH)2", are its points.)
      const label = entries[entries.length - 1];
      if (labelNest && m.line.indent !== labelNest.indent) labelNest = null;
      if (!owner && !labelNest && !lastMarked && label?.parts.length === 1 && label.parts[0]?.from === 0 && label.level === m.line.indent && /[:：]$/u.test(label.parts[0].line.text.trim())) labelNest = { indent: m.line.indent, level: label.level + 2 };
      if (owner) owner.after.push({ line: m.line, from: 0 });
      else entries.push({ level: labelNest?.level ?? m.line.indent, ordered: false, start: 1, parts: [{ line: m.line, from: 0 }], checked: null });
      lastMarked = owner !== null && lastMarked;
    }
  }
  return { entries, end: j, references: fam === 'ref' };
}

/**
 * The item a line indented into it continues after its points ("3. СЛУШАЛИ: …" / "     а) …" /
 * "     б) …" / "   РЕШИЛИ: …"), with the list that receives its lines; null when no item above
 * holds the line (then it is an item of its own, as before).
 */
function ownerAfter(entries: Entry[], indent: number): { after: Array<{ line: NoteLine; from: number }> } | null {
  const last = entries[entries.length - 1];
  if (!last || last.level < indent) return null;
  for (let k = entries.length - 1; k >= 0; k--) {
    const e = entries[k] as Entry;
    if (e.level >= indent) continue;
    // The item has points under it, deeper than the line, and the line is no deeper than they are.
    if (k === entries.length - 1 || e.parts[0]?.from === 0) return null;
    e.after ??= [];
    return { after: e.after };
  }
  return null;
}

/**
 * An item's lines as one paragraph: joined, or with their breaks where they are lines of one shape
 * ("1. СЛУШАЛИ: …" / "РЕШИЛИ: …" / "Голосовали: …") or sentences ended line by line, as a
 * paragraph of such lines keeps them.
 */
function itemInlines(e: Entry): ListItem['blocks'][number] {
  const texts = e.parts.map((p) => p.line.text.slice(p.from).trim());
  // Lines of one shape, or sentences each ended on its line, are lines; prose wrapped by hand is joined.
  // (Or lines of one shape under the item's first, "前摄：…" / "倒摄：…".)
  const lines = texts.length > 1 && !wrapped(texts) && (parallel(texts) || parallel(texts.slice(1)) || texts.every((t) => SENTENCE_END.test(t)));
  // A line that states an equation ("%dQ = -20/110 = -18.2%"), or one in a script written without spaces, is a line of its own.
  // (So is a detail indented under a short item, "4 braciole di manzo sottili" / "   ripieno delle braciole: …": nobody wraps a line that short.)
  const detail = (k: number): boolean => k === 1 && (texts[0] ?? '').length <= 40 && !/[,;:(–-]$/u.test(texts[0] ?? '') && (e.parts[1]?.line.indent ?? 0) > (e.parts[0]?.line.indent ?? 0) + 1;
  const gap = (k: number): Inline => (lines || ownLine(texts[k]) || ownLine(texts[k - 1]) || detail(k) ? { kind: 'break' } : { kind: 'text', value: ' ' });
  const inlines = e.parts.flatMap((p, k) => [...(k > 0 ? [gap(k)] : []), ...p.line.inlines(p.from)]);
  // An item that is a command ("git commit -m "…"") shows it as code: its quotes and hyphens as typed.
  const command = e.parts.length === 1 && inlines.length === 1 && inlines[0]?.kind === 'text' ? commandItem(inlines[0].value) : 0;
  if (command > 0 && inlines[0]?.kind === 'text') {
    const value = inlines[0].value;
    return { kind: 'paragraph', inlines: [{ kind: 'code', value: value.slice(0, command) }, ...(command < value.length ? [{ kind: 'text' as const, value: value.slice(command) }] : [])] };
  }
  // (So does a command after the arrow of what to do: "made a commit by mistake → git reset --soft HEAD~1".)
  const last = inlines[inlines.length - 1];
  const arrow = last?.kind === 'text' ? /\s?(?:→|->|=>)\s+(?=\S)/u.exec(last.value) : null;
  if (last?.kind === 'text' && arrow && e.parts.length === 1) {
    const tail = last.value.slice(arrow.index + arrow[0].length);
    if (/^[\x20-\x7e]+$/.test(tail) && commandItem(tail) === tail.trimEnd().length) return { kind: 'paragraph', inlines: [...inlines.slice(0, -1), { kind: 'text', value: last.value.slice(0, arrow.index + arrow[0].length) }, { kind: 'code', value: tail.trimEnd() }] };
  }
  return { kind: 'paragraph', inlines };
}

export function buildList(entries: Entry[]): Block[] {
  // Indentation → nesting depth, item by item as Markdown reads it: two spaces deeper than the item
  // above nests under it; a space or so either way is the same level ("   - a" / " - b" / "- c" are
  // siblings, typed carelessly); shallower goes back out (deeper than MAX_LIST_DEPTH stays there).
  const open: number[] = [];
  const depthList = entries.map((e) => {
    while (open.length > 1 && e.level <= (open[open.length - 1] as number) - 2) open.pop();
    const top = open[open.length - 1];
    if (top === undefined || e.level >= top + 2) open.push(e.level);
    else open[open.length - 1] = e.level;
    return Math.min(open.length - 1, MAX_LIST_DEPTH);
  });
  const depthOf = (k: number): number => depthList[k] ?? 0;
  const root: Block[] = [];
  type Frame = { depth: number; list: Extract<Block, { kind: 'list' }>; container: Block[] };
  const stack: Frame[] = [];
  // Each entry's item, in order.
  const items: ListItem[] = [];
  for (const [k, e] of entries.entries()) {
    const depth = depthOf(k);
    while (stack.length && (stack[stack.length - 1]?.depth ?? 0) > depth) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.depth === depth && top.list.ordered !== e.ordered) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.depth < depth) {
      const list: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered: e.ordered, start: e.start, items: [], ...(e.letter && e.label === undefined ? { labels: 'letters' as const } : e.paren && e.label === undefined ? { labels: 'parens' as const } : worded(e.label) ? { labels: 'word' as const, word: worded(e.label) } : {}) };
      const parentItem = top?.list.items[top.list.items.length - 1];
      const container = parentItem ? parentItem.blocks : root;
      container.push(list);
      top = { depth, list, container };
      stack.push(top);
    }
    const item: ListItem = { checked: e.checked ?? null, blocks: [itemInlines(e)], ...(e.label !== undefined && (top.list.word === undefined || worded(e.label) !== top.list.word) ? { label: e.label } : {}) };
    top.list.items.push(item);
    items.push(item);
  }
  // Lines an item goes on with after its points: a paragraph at its end.
  for (const [k, e] of entries.entries()) {
    const owner = items[k];
    if (e.after?.length && owner) owner.blocks.push(itemInlines({ ...e, parts: e.after }));
  }
  return root;
}

/** "Step 1": the word an item's number is typed after, or undefined. */
function worded(label: string | undefined): string | undefined {
  return /^(\p{L}+)[ \t]+\d{1,3}$/u.exec(label ?? '')?.[1];
}
