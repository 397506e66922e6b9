// reStructuredText blocks → document tree: section titles (underline and overline adornments,
// levels in order of first use), transitions, paragraphs, bullet / enumerated / definition /
// field lists, literal blocks (`::`), doctest blocks, line blocks, block quotes, grid and
// simple tables, and explicit markup (directives.ts; comments, targets, footnotes and
// substitution definitions are collected or left out). Indentation decides where every block ends.
import type { Block, DefinitionItem, Inline, ListItem } from '../../tree.js';
import { MAX_NESTING, dedent, indentOf, isBlank, minIndent, placeholderIndex, textBlocks, trimBlankLines } from '../common/lines.js';
import type { ReaderContext } from '../reader.js';
import { adornmentChar } from './detect.js';
import { directive } from './directives.js';
import { parseRstInline, normalizeName, type RstInlineContext } from './inline.js';
import { gridTable, isGridBorder, isSimpleBorder, simpleTable } from './tables.js';

const BULLET = /^([-*+•‣⁃])(?:[ \t]+|$)/;
const ENUM = /^(?:(\d{1,9}|[a-zA-Z]|#)[.)]|\((\d{1,9}|[a-zA-Z]|#)\))(?:[ \t]+|$)/;
const FIELD = /^:([^:\n`]{1,60}):(?:[ \t]+|$)/;
const EXPLICIT = /^\.\.(?:[ \t]|$)/;

export class RstBlocks {
  /** Heading styles (adornment character, with or without overline) in order of first use. */
  private readonly styles: string[] = [];
  readonly targets = new Map<string, string>();
  readonly substitutions = new Map<string, string>();
  readonly footnotes = new Map<string, string[]>();
  readonly usedFootnotes = new Set<string>();
  readonly inlineCtx: RstInlineContext;

  constructor(readonly ctx: ReaderContext) {
    this.inlineCtx = {
      target: (name) => this.targets.get(name),
      substitution: (name) => this.substitutions.get(name),
      footnote: (label) => {
        const key = normalizeName(label);
        const def = this.footnotes.get(key);
        if (def === undefined || this.usedFootnotes.has(key)) return null;
        this.usedFootnotes.add(key);
        return this.blocks(def, MAX_NESTING - 2);
      },
    };
  }

  inline(text: string): Inline[] {
    return parseRstInline(text, this.inlineCtx);
  }

  /** Targets, substitutions and footnotes are defined anywhere: gathered before reading. */
  collect(lines: string[]): void {
    for (let i = 0; i < lines.length; i++) {
      const t = (lines[i] ?? '').trimStart();
      if (!t.startsWith('.. ')) continue;
      const target = /^\.\. _([^:]+|`[^`]+`):[ \t]*(\S*)$/.exec(t);
      if (target) {
        let url = target[2] ?? '';
        if (url === '' && (lines[i + 1] ?? '').startsWith(' ')) url = (lines[i + 1] ?? '').trim();
        this.targets.set(normalizeName((target[1] ?? '').replace(/^`|`$/g, '')), url);
        continue;
      }
      const sub = /^\.\. \|([^|]+)\| (replace|unicode)::[ \t]*(.*)$/.exec(t);
      if (sub) {
        this.substitutions.set(normalizeName(sub[1] ?? ''), sub[2] === 'replace' ? (sub[3] ?? '') : '');
        continue;
      }
      const fn = /^\.\. \[([#*]?[\w.-]*)\](?:[ \t]+(.*))?$/.exec(t);
      if (fn) {
        const body = [fn[2] ?? ''];
        let j = i + 1;
        while (j < lines.length && (isBlank(lines[j]) || indentOf(lines[j] ?? '') > 0)) body.push(lines[j++] ?? '');
        const label = fn[1] ?? '';
        // Auto-numbered footnotes ([#]) are referenced in order: numbered here the same way.
        const key = label === '#' || label === '*' ? String(this.footnotes.size + 1) : label;
        this.footnotes.set(normalizeName(key), dedent(trimBlankLines(body), minIndent(body.slice(1))));
      }
    }
  }

  private headingDepth(style: string): number {
    let at = this.styles.indexOf(style);
    if (at === -1) at = this.styles.push(style) - 1;
    return at + 1;
  }

  blocks(lines: string[], depth: number): Block[] {
    if (depth > MAX_NESTING) return textBlocks(lines);
    const out: Block[] = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (isBlank(line)) {
        i++;
        continue;
      }
      const tag = placeholderIndex(line);
      if (tag !== null) {
        out.push(...this.ctx.expandPlaceholder(tag));
        i++;
        continue;
      }
      const indent = indentOf(line);
      if (indent > 0) {
        // An indented block: a block quote (an attribution `-- name` stays its last line).
        const end = this.indentedEnd(lines, i, 1);
        const body = dedent(lines.slice(i, end), minIndent(lines.slice(i, end)));
        out.push({ kind: 'quote', blocks: this.blocks(body, depth + 1) });
        i = end;
        continue;
      }
      const next = lines[i + 1] ?? '';
      const adorn = adornmentChar(line);
      // Overlined title: adornment, title, same adornment.
      if (adorn !== null && !isBlank(next) && adornmentChar(next) === null && adornmentChar(lines[i + 2] ?? '') === adorn && !isGridBorder(line)) {
        out.push({ kind: 'heading', depth: this.headingDepth(`over${adorn}`), inlines: this.inline(next.trim()) });
        i += 3;
        continue;
      }
      // Underlined title.
      const under = adornmentChar(next);
      if (under !== null && adorn === null && !isSimpleBorder(line) && next.trimEnd().length >= Math.min(line.trimEnd().length, 4)) {
        out.push({ kind: 'heading', depth: this.headingDepth(`under${under}`), inlines: this.inline(line.trim()) });
        i += 2;
        continue;
      }
      if (adorn !== null && adorn !== '=' && isBlank(lines[i - 1]) && isBlank(next)) {
        out.push({ kind: 'rule' });
        i++;
        continue;
      }
      if (isGridBorder(line)) {
        let j = i;
        while (j < lines.length && /^[+|]/.test(lines[j] ?? '')) j++;
        out.push(gridTable(lines.slice(i, j), (c) => this.cellBlocks(c, depth)));
        i = j;
        continue;
      }
      if (isSimpleBorder(line)) {
        const end = this.simpleTableEnd(lines, i);
        if (end !== -1) {
          out.push(simpleTable(lines.slice(i, end), (c) => this.inline(c)));
          i = end;
          continue;
        }
      }
      if (EXPLICIT.test(line)) {
        const end = this.indentedEnd(lines, i + 1, 1);
        out.push(...directive(this, line, lines.slice(i + 1, end), depth));
        i = end;
        continue;
      }
      if (line.startsWith('>>> ')) {
        let j = i;
        while (j < lines.length && !isBlank(lines[j])) j++;
        out.push({ kind: 'code', lang: 'python', text: lines.slice(i, j).join('\n') });
        i = j;
        continue;
      }
      if (line.startsWith('| ') || line === '|') {
        i = this.lineBlock(lines, i, out);
        continue;
      }
      if (BULLET.test(line) || (ENUM.test(line) && this.enumFollows(lines, i))) {
        i = this.list(lines, i, depth, out);
        continue;
      }
      if (FIELD.test(line)) {
        i = this.fieldList(lines, i, depth, out);
        continue;
      }
      // A definition list item: a term line, its definition indented right below it.
      if (!isBlank(next) && indentOf(next) > 0 && !line.trimEnd().endsWith('::')) {
        i = this.definitions(lines, i, depth, out);
        continue;
      }
      i = this.paragraph(lines, i, depth, out);
    }
    return out;
  }

  /** Where a block indented at least `min` columns, starting at `from`, ends (trailing blanks excluded). */
  indentedEnd(lines: string[], from: number, min: number): number {
    let j = from;
    let last = from;
    while (j < lines.length) {
      const l = lines[j] ?? '';
      if (!isBlank(l)) {
        if (indentOf(l) < min) break;
        last = j + 1;
      }
      j++;
    }
    return last;
  }

  /** A failed search for a simple table's bottom border reached this line: later starts before it fail too. */
  private readonly simpleFailUntil = new WeakMap<string[], number>();

  private simpleTableEnd(lines: string[], start: number): number {
    // Top border, rows, (header border, rows), bottom border followed by a blank line or the end.
    if (start < (this.simpleFailUntil.get(lines) ?? -1)) return -1;
    for (let j = start + 1; j < lines.length; j++) {
      const l = lines[j] ?? '';
      if (isBlank(l)) {
        this.simpleFailUntil.set(lines, j);
        return -1;
      }
      if (j > start + 1 && isSimpleBorder(l) && isBlank(lines[j + 1])) return j + 1;
    }
    this.simpleFailUntil.set(lines, lines.length);
    return -1;
  }

  /** A cell's text read as blocks (a grid table cell may hold a list or paragraphs); kept inline. */
  private cellBlocks(text: string, depth: number): Inline[] {
    if (!/^\s*([-*+] |\d+\. )/m.test(text)) return this.inline(text.replace(/\s*\n\s*/g, ' '));
    const parts: Inline[] = [];
    for (const b of this.blocks(text.split('\n'), depth + 1)) {
      if (parts.length) parts.push({ kind: 'break' });
      if (b.kind === 'paragraph') parts.push(...b.inlines);
      else if (b.kind === 'list') b.items.forEach((it, k) => {
        if (k) parts.push({ kind: 'break' });
        parts.push({ kind: 'text', value: '• ' });
        for (const ib of it.blocks) if (ib.kind === 'paragraph') parts.push(...ib.inlines);
      });
    }
    return parts;
  }

  /** Whether an enumerator starts a list (a lone "A." in a sentence does not). */
  private enumFollows(lines: string[], i: number): boolean {
    const m = ENUM.exec(lines[i] ?? '');
    const label = m?.[1] ?? m?.[2] ?? '';
    if (/^\d+$/.test(label) || label === '#') return true;
    const next = lines[i + 1];
    return isBlank(next) || ENUM.test(next ?? '') || indentOf(next ?? '') > 0;
  }

  private list(lines: string[], start: number, depth: number, out: Block[]): number {
    const bullet = BULLET.test(lines[start] ?? '');
    const items: ListItem[] = [];
    let first = 1;
    let i = start;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const m = bullet ? BULLET.exec(line) : ENUM.exec(line);
      if (!m || indentOf(line) !== 0) break;
      if (!bullet && items.length === 0) {
        const label = m[1] ?? m[2] ?? '1';
        first = /^\d+$/.test(label) ? Number.parseInt(label, 10) : /^[a-z]$/i.test(label) ? label.toLowerCase().charCodeAt(0) - 96 : 1;
      }
      const col = m[0].length;
      const end = this.indentedEnd(lines, i + 1, Math.max(1, col));
      const body = [line.slice(col), ...dedent(lines.slice(i + 1, end), col)];
      items.push({ checked: null, blocks: this.blocks(body, depth + 1) });
      i = end;
      let j = i;
      while (j < lines.length && isBlank(lines[j])) j++;
      const again = bullet ? BULLET.exec(lines[j] ?? '') : ENUM.exec(lines[j] ?? '');
      if (!again) break;
      i = j;
    }
    out.push({ kind: 'list', ordered: !bullet, start: Math.min(first, 999), items });
    return i;
  }

  private fieldList(lines: string[], start: number, depth: number, out: Block[]): number {
    const items: DefinitionItem[] = [];
    let i = start;
    while (i < lines.length) {
      const m = FIELD.exec(lines[i] ?? '');
      if (!m) break;
      const end = this.indentedEnd(lines, i + 1, 1);
      const rest = lines.slice(i + 1, end);
      const body = [(lines[i] ?? '').slice(m[0].length), ...dedent(rest, minIndent(rest))];
      items.push({ term: this.inline(m[1] ?? ''), blocks: this.blocks(body, depth + 1) });
      i = end;
      while (i < lines.length && isBlank(lines[i]) && FIELD.test(lines[i + 1] ?? '')) i++;
    }
    out.push({ kind: 'definitions', items });
    return i;
  }

  private definitions(lines: string[], start: number, depth: number, out: Block[]): number {
    const items: DefinitionItem[] = [];
    let i = start;
    while (i < lines.length) {
      const term = lines[i] ?? '';
      const next = lines[i + 1] ?? '';
      if (isBlank(term) || indentOf(term) > 0 || isBlank(next) || indentOf(next) === 0) break;
      const end = this.indentedEnd(lines, i + 1, 1);
      const body = lines.slice(i + 1, end);
      // `term : classifier` shows the classifier after the term.
      items.push({ term: this.inline(term.trim().replace(/ : /g, ' — ')), blocks: this.blocks(dedent(body, minIndent(body)), depth + 1) });
      i = end;
      let j = i;
      while (j < lines.length && isBlank(lines[j])) j++;
      if (j >= lines.length || isBlank(lines[j + 1]) || indentOf(lines[j + 1] ?? '') === 0 || indentOf(lines[j] ?? '') > 0) break;
      i = j;
    }
    out.push({ kind: 'definitions', items });
    return i;
  }

  private lineBlock(lines: string[], start: number, out: Block[]): number {
    const inlines: Inline[] = [];
    let i = start;
    while (i < lines.length && ((lines[i] ?? '').startsWith('| ') || lines[i] === '|' || (inlines.length && indentOf(lines[i] ?? '') > 0 && !isBlank(lines[i])))) {
      const l = lines[i] ?? '';
      const text = l.startsWith('|') ? l.slice(2) : ` ${l.trim()}`;
      if (inlines.length && l.startsWith('|')) inlines.push({ kind: 'break' });
      inlines.push(...this.inline(text));
      i++;
    }
    out.push({ kind: 'paragraph', inlines });
    return i;
  }

  private paragraph(lines: string[], start: number, depth: number, out: Block[]): number {
    const para: string[] = [];
    let i = start;
    while (i < lines.length) {
      const l = lines[i] ?? '';
      if (isBlank(l) || (i > start && (indentOf(l) > 0 || adornmentChar(lines[i + 1] ?? '') !== null || EXPLICIT.test(l)))) break;
      para.push(l);
      i++;
    }
    let text = para.join('\n');
    // `text::` introduces a literal block: the colons become one (or none after a space).
    const literal = text.endsWith('::');
    if (literal) text = text === '::' ? '' : text.endsWith(' ::') ? text.slice(0, -3) : text.slice(0, -1);
    if (text.trim() !== '') out.push({ kind: 'paragraph', inlines: this.inline(text) });
    if (!literal) return i;
    let j = i;
    while (j < lines.length && isBlank(lines[j])) j++;
    if (j < lines.length && indentOf(lines[j] ?? '') > 0) {
      const end = this.indentedEnd(lines, j, 1);
      const body = lines.slice(j, end);
      out.push({ kind: 'code', lang: '', text: dedent(body, minIndent(body)).join('\n') });
      return end;
    }
    void depth;
    return i;
  }
}
