// Walks over the document tree for the citation passes: every run of inline content (a
// paragraph's, a heading's, a cell's, a caption's, inside emphasis and footnotes) in document
// order. Link texts are left alone (an address is not a citation), and so are code and math,
// which are nodes of their own.
import type { Block, Inline } from '../../tree.js';

type Run = Inline[];

/** The parts of a block in reading order: runs of inlines (with a setter) and nested blocks. */
function eachPart(b: Block, onRun: (run: Run, set: (run: Run) => void) => void, onBlocks: (blocks: Block[]) => void): void {
  switch (b.kind) {
    case 'heading':
    case 'paragraph':
      onRun(b.inlines, (r) => (b.inlines = r));
      break;
    case 'list':
      for (const item of b.items) onBlocks(item.blocks);
      break;
    case 'quote':
      onBlocks(b.blocks);
      break;
    case 'slide':
    case 'admonition':
      onRun(b.title, (r) => (b.title = r));
      onBlocks(b.blocks);
      break;
    case 'table':
      if (b.caption) onRun(b.caption, (r) => (b.caption = r));
      for (const row of [b.header, ...b.rows]) row.forEach((cell, i) => onRun(cell, (r) => (row[i] = r)));
      break;
    case 'figure':
      onRun(b.description, (r) => (b.description = r));
      onRun(b.caption, (r) => (b.caption = r));
      break;
    case 'definitions':
      for (const item of b.items) {
        onRun(item.term, (r) => (item.term = r));
        onBlocks(item.blocks);
      }
      break;
    default:
      break;
  }
}

function hasChildren(node: Inline): node is Extract<Inline, { kind: 'emph' | 'strong' | 'strike' }> {
  return node.kind === 'emph' || node.kind === 'strong' || node.kind === 'strike';
}

function mapRun(run: Run, fn: (run: Run) => Run): Run {
  const out = fn(run);
  for (const node of out) {
    if (hasChildren(node)) node.children = mapRun(node.children, fn);
    else if (node.kind === 'footnote') mapInlineRuns(node.blocks, fn);
  }
  return out;
}

/** Replaces every run of inlines under `blocks` by what `fn` makes of it. */
export function mapInlineRuns(blocks: Block[], fn: (run: Run) => Run): void {
  for (const b of blocks) eachPart(b, (run, set) => set(mapRun(run, fn)), (inner) => mapInlineRuns(inner, fn));
}

function visitRun(run: Run, visit: (node: Inline) => void): void {
  for (const node of run) {
    visit(node);
    if (hasChildren(node)) visitRun(node.children, visit);
    else if (node.kind === 'footnote') forEachInline(node.blocks, visit);
  }
}

/** Calls `visit` on every inline node under `blocks`, in the order a reader meets them. */
export function forEachInline(blocks: Block[], visit: (node: Inline) => void): void {
  for (const b of blocks) eachPart(b, (run) => visitRun(run, visit), (inner) => forEachInline(inner, visit));
}

/** Calls `visit` on every list of blocks (the top one, list items, quotes, footnotes …), innermost last. */
export function forEachBlockList(blocks: Block[], visit: (blocks: Block[]) => void): void {
  visit(blocks);
  const inner = (list: Block[]) => forEachBlockList(list, visit);
  for (const b of blocks) {
    eachPart(
      b,
      (run) => {
        for (const node of run) if (node.kind === 'footnote') inner(node.blocks);
      },
      inner,
    );
  }
}
