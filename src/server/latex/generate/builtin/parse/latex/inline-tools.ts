// Inline helpers of the LaTeX reader: white space as TeX sets it (runs collapse to one space),
// text with every command taken out (what nesting past the limit shows), and blocks flattened
// into a line (an environment met inside a command's argument).
import type { Block, Inline } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { isLetter } from './source.js';

/** Neighbouring text merged and runs of white space collapsed (a non-breaking space stays). */
export function tidy(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    if (n.kind !== 'text') {
      out.push(n);
      continue;
    }
    const prev = out[out.length - 1];
    if (prev?.kind === 'text') prev.value += n.value;
    else out.push({ kind: 'text', value: n.value });
  }
  for (const n of out) if (n.kind === 'text') n.value = n.value.replace(/[ \t\n]+/g, ' ');
  return out.filter((n) => n.kind !== 'text' || n.value !== '');
}

/** White space off both ends (and breaks at the ends dropped). */
export function trimmed(nodes: Inline[]): Inline[] {
  const blank = (n: Inline | undefined): boolean => n?.kind === 'break' || (n?.kind === 'text' && n.value.trim() === '');
  let start = 0;
  let end = nodes.length;
  while (start < end && blank(nodes[start])) start++;
  while (end > start && blank(nodes[end - 1])) end--;
  const out = nodes.slice(start, end);
  const first = out[0];
  if (first?.kind === 'text') out[0] = { kind: 'text', value: first.value.trimStart() };
  const last = out[out.length - 1];
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', value: last.value.trimEnd() };
  return out;
}

/** The text of a range with commands, braces and math markers left out: one linear pass. */
export function flatText(src: string, from: number, to: number): string {
  let out = '';
  let i = from;
  while (i < to) {
    const c = src[i];
    if (c === '\\') {
      let j = i + 1;
      if (isLetter(src[j])) while (j < to && isLetter(src[j])) j++;
      else {
        if ('%&_#$'.includes(src[j] ?? '')) out += src[j];
        j++;
      }
      i = j;
      continue;
    }
    if (c !== '{' && c !== '}' && c !== '$') out += c;
    i++;
  }
  return out.replace(/[ \t]+/g, ' ');
}

/** Blocks as one run of inlines, separated by spaces. */
export function flatten(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  const sep = (): void => {
    if (out.length) out.push({ kind: 'text', value: ' ' });
  };
  for (const b of blocks) {
    sep();
    switch (b.kind) {
      case 'paragraph':
      case 'heading':
        out.push(...b.inlines);
        break;
      case 'math':
        out.push({ kind: 'math', tex: b.tex });
        break;
      case 'code':
        out.push({ kind: 'code', value: b.text });
        break;
      case 'quote':
        out.push(...flatten(b.blocks));
        break;
      case 'list':
        for (const item of b.items) out.push(...flatten(item.blocks), { kind: 'text', value: ' ' });
        break;
      case 'figure':
        out.push({ kind: 'image', alt: inlineText(b.description) }, ...b.caption);
        break;
      case 'table':
        for (const row of [b.header, ...b.rows]) for (const cell of row) out.push(...cell, { kind: 'text', value: ' ' });
        break;
      case 'definitions':
        for (const item of b.items) out.push(...item.term, { kind: 'text', value: ' ' }, ...flatten(item.blocks));
        break;
      case 'admonition':
        out.push({ kind: 'text', value: `${b.label}. ` }, ...flatten(b.blocks));
        break;
      default:
        break;
    }
  }
  return tidy(out);
}
