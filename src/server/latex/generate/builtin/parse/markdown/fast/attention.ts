// Emphasis and strong emphasis (micromark's "attention"): delimiter runs of `*` and `_` are
// classified with micromark's own character classes, then resolved as micromark's
// resolveAllAttention does (it uses the current run sizes for the rule of 3).
import type { PhrasingContent, Text } from 'mdast';
import { classifyCharacter } from 'micromark-util-classify-character';
import { codes } from 'micromark-util-symbol';
import { DECLINE } from './decline.js';

export interface TextItem { t: 'text'; v: string }
/** A finished node; `depth` is how deeply nodes nest in it (a leaf is 1). */
export interface NodeItem { t: 'node'; n: PhrasingContent; depth?: number }
export interface DelimItem { t: 'delim'; m: string; size: number; open: boolean; close: boolean }
export interface LabelItem { t: 'label'; image: boolean; inactive: boolean; balanced: boolean }
export type Item = TextItem | NodeItem | DelimItem | LabelItem;

/** micromark's classes: 1 whitespace (or start/end), 2 punctuation or symbol, 0 other. */
function classify(s: string, i: number): number {
  if (i < 0 || i >= s.length) return 1;
  return classifyCharacter(s.charCodeAt(i)) ?? 0;
}

/** The delimiter item for the run of `size` markers at `i`: whether it may open and close. */
export function delimiter(s: string, i: number, size: number): DelimItem {
  const code = s.charCodeAt(i);
  const before = classify(s, i - 1);
  const after = classify(s, i + size);
  const open = after === 0 || (after === 2 && before !== 0);
  const close = before === 0 || (before === 2 && after !== 0);
  return {
    t: 'delim',
    m: s[i] as string,
    size,
    open: code === codes.asterisk ? open : open && (before !== 0 || !close),
    close: code === codes.asterisk ? close : close && (after !== 0 || !open),
  };
}

/** Appends text, merging adjacent text nodes as mdast-util-from-markdown does. */
export function pushText(out: PhrasingContent[], value: string): void {
  if (value === '') return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.value += value;
  else out.push({ type: 'text', value } satisfies Text);
}

interface Cell {
  item: Item;
  prev: Cell | null;
  next: Cell | null;
  /** Position order, for the memo of failed searches. */
  seq: number;
  /** The live opener below this one of the same marker (openers only). */
  below: Cell | null;
}

/** Inline nodes nested deeper than this are declined (remark's guard then decides). */
export const MAX_INLINE_DEPTH = 64;

export interface Resolved {
  nodes: PhrasingContent[];
  /** How deeply nodes nest in `nodes`. */
  depth: number;
}

/** The output of a run of cells: text merged, leftover delimiters and labels as text. */
function flatten(from: Cell | null, to: Cell | null): Resolved {
  const nodes: PhrasingContent[] = [];
  let depth = 0;
  for (let c = from; c && c !== to; c = c.next) {
    const item = c.item;
    if (item.t === 'text') pushText(nodes, item.v);
    else if (item.t === 'delim') pushText(nodes, item.m.repeat(item.size));
    else if (item.t === 'label') pushText(nodes, item.image ? '![' : '[');
    else {
      nodes.push(item.n);
      depth = Math.max(depth, item.depth ?? 1);
    }
  }
  if (depth > MAX_INLINE_DEPTH) throw DECLINE;
  return { nodes, depth };
}

/** flatten() for an array of items. */
function flattenItems(items: Item[]): Resolved {
  const nodes: PhrasingContent[] = [];
  let depth = 0;
  for (const item of items) {
    if (item.t === 'text') pushText(nodes, item.v);
    else if (item.t === 'delim') pushText(nodes, item.m.repeat(item.size));
    else if (item.t === 'label') pushText(nodes, item.image ? '![' : '[');
    else {
      nodes.push(item.n);
      depth = Math.max(depth, item.depth ?? 1);
    }
  }
  if (depth > MAX_INLINE_DEPTH) throw DECLINE;
  return { nodes, depth };
}

/**
 * micromark's resolveAllAttention, in linear time: each closer, left to right, walks back to
 * the nearest opener of its marker that the rule of 3 allows (with the current run sizes), and
 * what lies between becomes the new node's children. The walk visits only live openers of
 * the marker (a stack per marker), and skips those a closer of the same kind already found
 * unusable (a memo per marker, closer-can-open and size mod 3, reset where an opener changes).
 */
export function resolve(items: Item[]): Resolved {
  // Most runs of text hold no closing delimiter: nothing to pair, nothing to link up.
  if (!items.some((item) => item.t === 'delim' && item.close)) return flattenItems(items);
  const head: Cell = { item: { t: 'text', v: '' }, prev: null, next: null, seq: -1, below: null };
  let last = head;
  items.forEach((item, seq) => {
    const cell: Cell = { item, prev: last, next: null, seq, below: null };
    last.next = cell;
    last = cell;
  });
  const tops = new Map<string, Cell | null>();
  // Highest seq known to fail, per memo key.
  const memo = new Map<string, number>();
  for (let cell = head.next; cell; cell = cell.next) {
    const closer = cell.item;
    if (closer.t !== 'delim') continue;
    while (closer.close && closer.size > 0) {
      const key = `${closer.m}${closer.open ? 1 : 0}${closer.size % 3}`;
      const floor = memo.get(key) ?? -1;
      let opener = tops.get(closer.m) ?? null;
      while (opener && opener.seq > floor) {
        const o = opener.item as DelimItem;
        if (!((o.close || closer.open) && closer.size % 3 !== 0 && (o.size + closer.size) % 3 === 0)) break;
        opener = opener.below;
      }
      if (!opener || opener.seq <= floor) {
        const top = tops.get(closer.m);
        if (top) memo.set(key, top.seq);
        break;
      }
      const o = opener.item as DelimItem;
      const use = o.size > 1 && closer.size > 1 ? 2 : 1;
      const inner = flatten(opener.next, cell);
      const children = inner.nodes;
      const n: PhrasingContent = use > 1 ? { type: 'strong', children } : { type: 'emphasis', children };
      const node: Cell = { item: { t: 'node', n, depth: inner.depth + 1 }, prev: opener, next: cell, seq: opener.seq, below: null };
      opener.next = node;
      cell.prev = node;
      o.size -= use;
      closer.size -= use;
      // Openers between were enclosed (of either marker); this one changed size, so every memo
      // at or above it is stale.
      for (const [m, top] of tops) {
        let t = top;
        while (t && t.seq > opener.seq) t = t.below;
        tops.set(m, t);
      }
      for (const [k, v] of memo) if (v >= opener.seq) memo.set(k, opener.below?.seq ?? -1);
      if (o.size === 0) {
        tops.set(closer.m, opener.below);
        const before = opener.prev as Cell;
        before.next = node;
        node.prev = before;
      }
    }
    if (closer.open && closer.size > 0) {
      cell.below = tops.get(closer.m) ?? null;
      tops.set(closer.m, cell);
    }
  }
  return flatten(head.next, null);
}
