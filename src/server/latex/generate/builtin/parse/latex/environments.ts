// LaTeX environments → document tree: lists (itemize, enumerate, description, nested), display
// math (kept as written for the math sanitiser), verbatim/lstlisting/minted code, tabular tables,
// figures and tables with their captions, quotes, the abstract (paragraphs led by its name),
// theorem-like boxes, the bibliography; pictures and comments dropped; any other environment
// its content. Each reads its own range of the source once.
import type { Block, DefinitionItem, Inline, ListItem } from '../../tree.js';
import { figureBlock } from '../common/media.js';
import {
  CODE_ENVIRONMENTS, ENV_ARGS, FLOAT_ENVIRONMENTS, HIDDEN_ENVIRONMENTS, LIST_ENVIRONMENTS, MATH_ENVIRONMENTS, QUOTE_ENVIRONMENTS,
  TABLE_ENVIRONMENTS, THEOREMS,
} from './commands.js';
import { flatText, trimmed } from './inline-tools.js';
import { commandAt, envTokenAt, pastGroup } from './source.js';
import { tableBlock } from './table.js';
import { MAX_DEPTH, type LatexParse } from './types.js';

export interface EnvironmentResult {
  blocks: Block[];
  end: number;
}

/** A figure for an image file (its file named, as the other readers do, and attached if the document has it). */
export function figureOf(file: string, caption: Inline[] = []): Block {
  const path = file.trim();
  const block = figureBlock(path, '', caption);
  return block.kind === 'figure' ? { ...block, image: path } : block;
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The environment whose `\begin` is at `at`; null when no `\begin{name}` stands there. */
export function environment(p: LatexParse, at: number, to: number, depth: number): EnvironmentResult | null {
  const tok = envTokenAt(p.src, at, 'begin');
  if (!tok) return null;
  const { name } = tok;
  let close = p.envEnds.get(at) ?? to;
  if (close > to) close = to;
  const endTok = close < to ? envTokenAt(p.src, close, 'end') : null;
  const end = endTok ? endTok.end : close;
  let from = tok.end;
  // A float's placement (`[ht]`) or a package environment's options, right after \begin{name}.
  const titled = THEOREMS.has(name.endsWith('*') ? name.slice(0, -1) : name);
  if (p.src[from] === '[' && !titled && !CODE_ENVIRONMENTS.has(name) && !MATH_ENVIRONMENTS.has(name) && !TABLE_ENVIRONMENTS.has(name)) from = p.optional(from, close)?.end ?? from;
  if (depth >= MAX_DEPTH) {
    const text = flatText(p.src, from, close).trim();
    return { blocks: text ? [{ kind: 'paragraph', inlines: [{ kind: 'text', value: text }] }] : [], end };
  }
  if (CODE_ENVIRONMENTS.has(name)) return { blocks: [codeBlock(p, name, from, close)], end };
  if (HIDDEN_ENVIRONMENTS.has(name)) return { blocks: [], end };
  if (MATH_ENVIRONMENTS.has(name)) return { blocks: [mathBlock(p, name, from, close)], end };
  if (TABLE_ENVIRONMENTS.has(name)) return { blocks: [tableBlock(p, name, from, close, depth)], end };
  for (let n = ENV_ARGS[name] ?? 0; n > 0; n--) {
    from = p.optional(from, close)?.end ?? from;
    from = p.group(from, close)?.end ?? from;
  }
  const inner = (): Block[] => p.blocks(from, close, depth + 1);
  if (LIST_ENVIRONMENTS.has(name)) return { blocks: list(p, name, from, close, depth), end };
  if (FLOAT_ENVIRONMENTS.has(name)) return { blocks: float(p, from, close, depth), end };
  if (QUOTE_ENVIRONMENTS.has(name)) return { blocks: [{ kind: 'quote', blocks: inner() }], end };
  if (name === 'abstract') return { blocks: abstract(inner()), end };
  if (name === 'thebibliography') {
    const widest = p.group(from, close);
    const items = list(p, 'bibliography', widest ? widest.end : from, close, depth);
    return { blocks: [{ kind: 'heading', depth: 2, inlines: [{ kind: 'text', value: 'References' }] }, ...items], end };
  }
  const base = name.endsWith('*') ? name.slice(0, -1) : name;
  if (THEOREMS.has(base)) {
    const title = p.optional(from, close);
    const body = p.blocks(title ? title.end : from, close, depth + 1);
    const label = base === 'proof' ? 'Proof' : capitalized(base);
    return { blocks: [{ kind: 'admonition', label, title: title ? trimmed(p.inlines(title.from, title.to, depth + 1)) : [], blocks: body }], end };
  }
  // Any other environment (center, minipage, multicols, a package's own …): its content.
  return { blocks: inner(), end };
}

function codeBlock(p: LatexParse, name: string, from: number, close: number): Block {
  let start = from;
  let lang = '';
  const opt = p.optional(start, close);
  if (opt && (name === 'lstlisting' || name === 'Verbatim' || name === 'minted')) {
    const m = /language\s*=\s*\{?([\w+#-]{1,30})/i.exec(p.src.slice(opt.from, Math.min(opt.to, opt.from + 300)));
    if (m) lang = m[1] ?? '';
    start = opt.end;
  }
  if (name === 'minted' && p.src[start] === '{') {
    // The language argument sits in the raw body, where braces were not matched.
    const rb = p.src.indexOf('}', start);
    if (rb !== -1 && rb < close && rb - start <= 40) {
      lang = p.src.slice(start + 1, rb).trim();
      start = rb + 1;
    }
  }
  let text = p.src.slice(start, close);
  // The line break after \begin{…} and the indentation before \end{…} are not code.
  text = text.replace(/^[ \t]*\n/, '');
  const lastNl = text.lastIndexOf('\n');
  if (lastNl !== -1 && text.slice(lastNl + 1).trim() === '') text = text.slice(0, lastNl);
  return { kind: 'code', lang: /^[\w+#-]*$/.test(lang) ? lang.toLowerCase() : '', text };
}

/** Labels name an equation for references: not math to set. */
export function withoutLabels(tex: string): string {
  return tex.includes('\\label') ? tex.replace(/\\label\s*\{[^{}\n]{0,200}\}/g, '') : tex;
}

function mathBlock(p: LatexParse, name: string, from: number, close: number): Block {
  const body = withoutLabels(p.src.slice(from, close).trim());
  if (name === 'displaymath' || name === 'math' || name === 'subequations') return { kind: 'math', tex: body };
  // eqnarray (two alignment columns) is set as align; dmath (breqn) as an equation.
  const env = name.startsWith('eqnarray') ? 'align*' : name.startsWith('dmath') ? 'equation*' : name;
  return { kind: 'math', tex: `\\begin{${env}}\n${body}\n\\end{${env}}` };
}

/** The abstract as paragraphs led by its name: every document type shows it (letters and slides have no abstract of their own). */
function abstract(blocks: Block[]): Block[] {
  const lead: Inline = { kind: 'strong', children: [{ kind: 'text', value: 'Abstract.' }] };
  const first = blocks[0];
  if (first?.kind === 'paragraph') return [{ kind: 'paragraph', inlines: [lead, { kind: 'text', value: ' ' }, ...first.inlines] }, ...blocks.slice(1)];
  return [{ kind: 'paragraph', inlines: [lead] }, ...blocks];
}

/** A figure or table float: its blocks, the caption given to its image or set under its table. */
function float(p: LatexParse, from: number, close: number, depth: number): Block[] {
  const saved = p.float;
  p.float = { caption: null };
  const blocks = p.blocks(from, close, depth + 1);
  const caption = p.float.caption;
  p.float = saved;
  if (!caption || caption.length === 0) return blocks;
  const figure = blocks.find((b): b is Extract<Block, { kind: 'figure' }> => b.kind === 'figure' && b.caption.length === 0);
  if (figure) {
    figure.caption = caption;
    return blocks;
  }
  return [...blocks, { kind: 'paragraph', inlines: [{ kind: 'emph', children: caption }] }];
}

/** Where each `\item` (or `\bibitem`) of this list stands: nested groups and environments are passed over. */
function itemStarts(p: LatexParse, from: number, to: number, marker: string): Array<{ at: number; end: number }> {
  const out: Array<{ at: number; end: number }> = [];
  const src = p.src;
  let i = from;
  while (i < to) {
    const past = pastGroup(p, i, to);
    if (past >= 0) {
      i = past;
      continue;
    }
    if (src[i] !== '\\') {
      i++;
      continue;
    }
    const { name, end } = commandAt(src, i);
    if (name === marker) out.push({ at: i, end });
    i = Math.max(end, i + 1);
  }
  return out;
}

function list(p: LatexParse, name: string, from: number, to: number, depth: number): Block[] {
  const marker = name === 'bibliography' ? 'bibitem' : 'item';
  const starts = itemStarts(p, from, to, marker);
  const items: ListItem[] = [];
  const terms: DefinitionItem[] = [];
  const describes = name === 'description' || name === 'compactdesc';
  for (let k = 0; k < starts.length; k++) {
    const s = starts[k] as { at: number; end: number };
    const stop = starts[k + 1]?.at ?? to;
    const label = p.optional(s.end, stop);
    let bodyFrom = label ? label.end : s.end;
    let lead: Inline[] = [];
    if (marker === 'bibitem') {
      const key = p.group(bodyFrom, stop);
      if (key) {
        lead = [{ kind: 'text', value: `[${label ? p.src.slice(label.from, label.to) : p.src.slice(key.from, key.to)}] ` }];
        bodyFrom = key.end;
      }
    }
    const blocks = p.blocks(bodyFrom, stop, depth + 1);
    const labelInlines = label && marker === 'item' ? trimmed(p.inlines(label.from, label.to, depth + 1)) : [];
    if (describes) {
      terms.push({ term: labelInlines, blocks });
      continue;
    }
    // A custom label in a bullet list (`\item[(a)]`) stays in front of the item's text.
    if (labelInlines.length) lead = [...labelInlines, { kind: 'text', value: ' ' }];
    if (lead.length) {
      const first = blocks[0];
      if (first?.kind === 'paragraph') blocks[0] = { kind: 'paragraph', inlines: [...lead, ...first.inlines] };
      else blocks.unshift({ kind: 'paragraph', inlines: trimmed(lead) });
    }
    items.push({ checked: null, blocks });
  }
  if (describes) return terms.length ? [{ kind: 'definitions', items: terms }] : [];
  if (!items.length) return p.blocks(from, to, depth + 1);
  return [{ kind: 'list', ordered: name.includes('enum') || marker === 'bibitem', start: 1, items }];
}
