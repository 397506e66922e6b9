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
  // Indentation levels → nesting depth (deeper than MAX_LIST_DEPTH stays at that depth).
  const levels = [...new Set(entries.map((e) => e.level))].sort((a, b) => a - b);
  const depths = new Map(levels.map((level, i) => [level, Math.min(i, MAX_LIST_DEPTH)]));
  const depthOf = (level: number): number => depths.get(level) ?? 0;
  const root: Block[] = [];
  type Frame = { depth: number; list: Extract<Block, { kind: 'list' }>; container: Block[] };
  const stack: Frame[] = [];
  for (const e of entries) {
    const depth = depthOf(e.level);
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
