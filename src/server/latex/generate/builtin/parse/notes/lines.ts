// A note's lines as the notes layer reads them: the text as typed (tabs kept), its indentation,
// the mark it opens with (a bullet, a number, a checkbox), and the inlines of any piece of it.
// Plain text gives raw lines; a paragraph another reader left gives its lines through its inlines.
import type { Inline } from '../../tree.js';

export interface NoteLine {
  /** The line without its leading white space and line end; inner tabs kept. */
  text: string;
  /** Width of the leading white space (a tab counts four). */
  indent: number;
  /** The inlines of text.slice(from, to). */
  inlines: (from?: number, to?: number) => Inline[];
}

export type InlineParser = (text: string) => Inline[];

/** A raw line of plain text. */
export function plainLine(raw: string, parse: InlineParser): NoteLine {
  let indent = 0;
  let i = 0;
  for (; i < raw.length; i++) {
    const c = raw[i];
    if (c === ' ' || c === '\u00a0') indent++;
    else if (c === '\t') indent += 4;
    else break;
  }
  const text = raw.slice(i).trimEnd();
  return { text, indent, inlines: (from = 0, to = text.length) => parse(text.slice(from, to)) };
}

/** Inline text as the layer reads it (math as its TeX, code as its text, a break as a line end). */
function flat(node: Inline): string {
  switch (node.kind) {
    case 'text':
    case 'code':
      return node.value;
    case 'math':
      return node.tex;
    case 'image':
      return node.alt;
    case 'break':
      return '\n';
    case 'fill':
      return '    ';
    case 'footnote':
      return '';
    case 'cite':
    case 'ref':
      return node.source;
    default:
      return node.children.map(flat).join('');
  }
}

/** The nodes whose text starts within [from, to) (text cut to the range; other nodes whole). */
export function sliceInlines(nodes: Inline[], from: number, to: number): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const node of nodes) {
    const text = flat(node);
    const end = at + text.length;
    if (node.kind === 'text') {
      const a = Math.max(from, at);
      const b = Math.min(to, end);
      if (b > a) out.push({ kind: 'text', value: node.value.slice(a - at, b - at) });
    } else if (text.length > 0 ? at >= from && at < to : (at > from && at <= to) || (at === 0 && from === 0)) {
      // A node without text (a footnote mark) goes with the character before it.
      out.push(node);
    }
    at = end;
  }
  return out;
}

/**
 * The lines of a paragraph's inlines: split at soft line ends (a line feed in text) and hard
 * breaks. Leading spaces of a line count as its indentation.
 */
export function inlineLines(nodes: Inline[]): NoteLine[] {
  const lines: Inline[][] = [[]];
  for (const node of nodes) {
    const current = lines[lines.length - 1] as Inline[];
    if (node.kind === 'break') lines.push([]);
    else if (node.kind === 'text' && node.value.includes('\n')) {
      const parts = node.value.split('\n');
      parts.forEach((part, k) => {
        if (k > 0) lines.push([]);
        if (part !== '') (lines[lines.length - 1] as Inline[]).push({ kind: 'text', value: part });
      });
    } else current.push(node);
  }
  return lines.map((line) => {
    const whole = line.map(flat).join('');
    const lead = whole.length - whole.trimStart().length;
    const text = whole.slice(lead).trimEnd();
    return { text, indent: lead, inlines: (from = 0, to = text.length) => sliceInlines(line, lead + from, lead + to) };
  });
}

/** Whether `line` is indented to stand under the value after the label of the line above ("أمثلة: cT = …" / "       mP = …"). */
export function underLabel(above: NoteLine | undefined, line: NoteLine): boolean {
  const label = above ? /^[^:：\s][^:：]{0,30}[:：]\s*/u.exec(above.text) : null;
  return above !== undefined && label !== null && above.indent + label[0].length === line.indent;
}
