// Lists from marked lines: bullets and numbers, nested by indentation.
import type { Block, ListItem } from '../../tree.js';
import type { NoteLine } from './lines.js';

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
}

function itemInlines(e: Entry): ListItem['blocks'][number] {
  const inlines = e.parts.flatMap((p, k) => [...(k > 0 ? [{ kind: 'text' as const, value: ' ' }] : []), ...p.line.inlines(p.from)]);
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
  for (const [k, e] of entries.entries()) {
    const depth = depthOf(k);
    while (stack.length && (stack[stack.length - 1]?.depth ?? 0) > depth) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.depth === depth && top.list.ordered !== e.ordered) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.depth < depth) {
      const list: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered: e.ordered, start: e.start, items: [], ...(e.letter ? { labels: 'letters' as const } : {}) };
      const parentItem = top?.list.items[top.list.items.length - 1];
      const container = parentItem ? parentItem.blocks : root;
      container.push(list);
      top = { depth, list, container };
      stack.push(top);
    }
    top.list.items.push({ checked: e.checked ?? null, blocks: [itemInlines(e)] });
  }
  return root;
}
