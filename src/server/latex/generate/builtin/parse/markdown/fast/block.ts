// Block half of the fast markdown path (see index.ts): lines → the mdast block tree remark
// would build, with lists as a stack of open items, and the inline text of each leaf handed to
// inline.ts. Anything outside the supported subset throws DECLINE.
import type { Code, Heading, List, ListItem, Paragraph, Root, RootContent, Table } from 'mdast';
import type {} from 'remark-math'; // mdast's math node types
import { asciiDigit } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import { DECLINE, type Segment } from './decline.js';
import { parseInline } from './inline.js';
import { leadingRun, leadingSpaces, trimEndSpaces, type Line } from './lines.js';
import { DELIMITER_ROW_RE, delimiterRow, tableRow } from './table.js';

type MathBlock = Extract<RootContent, { type: 'math' }>;

/** Deeper list nesting is declined (remark's own limit guard then takes over). */
const MAX_LIST_DEPTH = 64;

interface OpenList {
  node: List;
  item: ListItem;
  /** Column where the current item's content starts. */
  content: number;
  /** `-`, `*`, `+`, or the ordered delimiter `.` / `)`. */
  marker: string;
}

type Leaf =
  | { kind: 'paragraph'; text: string; segments: Segment[]; task: boolean }
  | { kind: 'fence'; node: Code; char: number; size: number; indent: number; lines: string[] }
  | { kind: 'math'; node: MathBlock; size: number; indent: number; lines: string[] }
  | { kind: 'table'; cols: number; node: Table };

interface Marker {
  ordered: boolean;
  marker: string;
  start: number;
  /** Digits of an ordered marker (only `1` may interrupt a paragraph). */
  digits: string;
  /** Column where the item's content starts. */
  content: number;
}

const THEMATIC_RE = /^(?:\*{3,}|-{3,}|_{3,}) *$/;
const SPACED_THEMATIC_RE = /^([-*_])(?: *\1){2,} *$/;
const SETEXT_RE = /^(?:-+|=+) *$/;

export class BlockParser {
  private readonly root: Root = { type: 'root', children: [] };
  private readonly stack: OpenList[] = [];
  private leaf: Leaf | null = null;
  private readonly lines: Line[];
  private index = 0;

  private readonly endsWithNewline: boolean;

  constructor(source: string) {
    this.endsWithNewline = source.endsWith('\n');
    const parts = source.split('\n');
    // A final line ending does not start another line.
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    let start = 0;
    this.lines = parts.map((text, i) => {
      const line = { text, start, no: i + 1 };
      start += text.length + 1;
      return line;
    });
  }

  parse(): Root {
    for (this.index = 0; this.index < this.lines.length; this.index++) {
      this.line(this.lines[this.index] as Line);
    }
    // mdast-util-from-markdown drops one final line ending from code: for a fence still open at
    // the end of a source without a final line ending, that is the last (empty) line's.
    const leaf = this.leaf;
    if ((leaf?.kind === 'fence' || leaf?.kind === 'math') && !this.endsWithNewline && leaf.lines.length >= 2 && leaf.lines[leaf.lines.length - 1] === '') {
      leaf.lines.pop();
    }
    this.closeLeaf(true);
    this.closeLists(0);
    return this.root;
  }

  private container(): RootContent[] {
    const top = this.stack[this.stack.length - 1];
    return top ? top.item.children : this.root.children;
  }

  private line(line: Line): void {
    const t = line.text;
    const indent = leadingSpaces(t, 0);
    const blank = indent === t.length;

    // Open list items the line continues (blank lines continue them all), or a new item of one.
    let matched = 0;
    let col = 0;
    let firstOfItem = false;
    while (matched < this.stack.length) {
      const list = this.stack[matched] as OpenList;
      if (blank) {
        col = Math.min(indent, list.content);
        matched++;
        continue;
      }
      if (indent >= list.content) {
        col = list.content;
        matched++;
        continue;
      }
      if (indent - col <= 3) {
        const m = this.marker(t, indent);
        if (m && m.marker === list.marker) {
          this.closeLists(matched + 1);
          list.item = this.newItem(list.node);
          list.content = m.content;
          col = m.content;
          matched++;
          firstOfItem = true;
        }
      }
      break;
    }

    if (!firstOfItem) {
      const allMatched = matched === this.stack.length;
      const leaf = this.leaf;
      if (allMatched && (leaf?.kind === 'fence' || leaf?.kind === 'math')) {
        this.codeLine(leaf, t, col);
        return;
      }
      if (blank) {
        this.closeLeafOnBlank();
        return;
      }
      // A new list (possibly inside the current item).
      const m = indent - col <= 3 ? this.marker(t, indent) : null;
      const interrupting = allMatched && leaf?.kind === 'paragraph';
      if (m && !(interrupting && m.ordered && m.digits !== '1')) {
        this.closeLists(matched);
        this.closeLeaf();
        const list: List = m.ordered
          ? { type: 'list', ordered: true, start: m.start, children: [] }
          : { type: 'list', ordered: false, start: null, children: [] };
        this.container().push(list);
        if (this.stack.length >= MAX_LIST_DEPTH) throw DECLINE;
        this.stack.push({ node: list, item: this.newItem(list), content: m.content, marker: m.marker });
        col = m.content;
        firstOfItem = true;
      } else if (!allMatched) {
        // A line the open items do not contain: unless it starts a block, it continues their
        // paragraph ("lazily") and the items stay open; otherwise it closes them. micromark
        // sees it as lazy, which changes whether it can head a table while a block is open.
        if (leaf && this.nextIsDelimiterRow()) throw DECLINE;
        if (leaf?.kind === 'paragraph' && !this.interruptsParagraph(t, indent, col)) {
          this.continueParagraph(leaf, line, col);
          return;
        }
        this.closeLists(matched);
      }
    }

    if (firstOfItem) {
      // The item's first line: `- - x`, `- > x` and the like are declined.
      if (this.marker(t, col)) throw DECLINE;
    }
    this.leafLine(line, col, firstOfItem);
  }

  private nextIsDelimiterRow(): boolean {
    const next = this.lines[this.index + 1];
    return next !== undefined && DELIMITER_ROW_RE.test(next.text) && next.text.includes('-');
  }

  private newItem(list: List): ListItem {
    this.closeLeaf();
    const item: ListItem = { type: 'listItem', checked: null, children: [] };
    list.children.push(item);
    return item;
  }

  /** A list item marker at `at` (after the indentation), or null; empty items are declined. */
  private marker(t: string, at: number): Marker | null {
    const c = t.charCodeAt(at);
    let end = at;
    let m: Omit<Marker, 'content'>;
    if (c === codes.dash || c === codes.asterisk || c === codes.plusSign) {
      if ((c === codes.dash || c === codes.asterisk) && SPACED_THEMATIC_RE.test(t.slice(at))) return null;
      end = at + 1;
      m = { ordered: false, marker: t[at] as string, start: 1, digits: '' };
    } else if (asciiDigit(c)) {
      while (end - at < 10 && asciiDigit(t.charCodeAt(end))) end++;
      const delim = t[end];
      if (end - at > 9 || (delim !== '.' && delim !== ')')) return null;
      const digits = t.slice(at, end);
      end++;
      m = { ordered: true, marker: delim, start: Number(digits), digits };
    } else {
      return null;
    }
    if (end === t.length) throw DECLINE;
    if (t.charCodeAt(end) !== codes.space) return null;
    const spaces = leadingSpaces(t, end);
    // Empty items, and content indented as code.
    if (end + spaces === t.length || spaces > 4) throw DECLINE;
    return { ...m, content: end + spaces };
  }

  /** Whether a line that no open item contains starts a block rather than continuing a paragraph. */
  private interruptsParagraph(t: string, indent: number, col: number): boolean {
    if (indent - col > 3) return false;
    const rest = t.slice(indent);
    if (THEMATIC_RE.test(rest) && !rest.startsWith('-')) return true;
    // Setext underlines cannot be lazy, and table rows might be anything.
    if (SETEXT_RE.test(rest) || SPACED_THEMATIC_RE.test(rest) || rest.startsWith('<') || rest.startsWith('>') || rest.startsWith('[^') || rest.includes('|')) throw DECLINE;
    return /^#{1,6}(?: |$)/.test(rest) || /^(?:`{3,}|~{3,}|\$\$)/.test(rest);
  }

  private codeLine(leaf: Extract<Leaf, { kind: 'fence' | 'math' }>, t: string, col: number): void {
    const rest = t.slice(col);
    const ind = leadingSpaces(rest, 0);
    if (ind <= 3) {
      const char = leaf.kind === 'fence' ? leaf.char : codes.dollarSign;
      let end = ind;
      while (rest.charCodeAt(end) === char) end++;
      if (end - ind >= leaf.size && leadingSpaces(rest, end) === rest.length - end) {
        this.closeLeaf(true);
        return;
      }
    }
    leaf.lines.push(rest.slice(Math.min(ind, leaf.indent)));
  }

  private closeLeafOnBlank(): void {
    if (this.leaf?.kind === 'paragraph' || this.leaf?.kind === 'table') this.closeLeaf();
  }

  /** The part of a line from column `col` on, inside the deepest open container. */
  private leafLine(line: Line, col: number, firstOfItem: boolean): void {
    const t = line.text;
    const ind = leadingSpaces(t, col);
    const p = col + ind;
    const rest = t.slice(p);
    const leaf = this.leaf;
    if (rest === '') {
      this.closeLeafOnBlank();
      return;
    }
    if (rest.startsWith('[^')) throw DECLINE; // footnote definitions
    if (leaf?.kind === 'table') {
      if (ind > 3 || /^(?:[#`~>]|<|\$\$)/.test(rest) || SPACED_THEMATIC_RE.test(rest) || !rest.includes('|')) throw DECLINE;
      leaf.node.children.push(tableRow(line, p, leaf.cols));
      return;
    }
    if (ind >= 4) {
      if (leaf?.kind !== 'paragraph') throw DECLINE; // indented code
      this.continueParagraph(leaf, line, col);
      return;
    }
    const c = rest.charCodeAt(0);
    if (c === codes.greaterThan || c === codes.lessThan) throw DECLINE; // block quote, HTML
    if (c === codes.numberSign) {
      const m = /^(#{1,6})(?: +|$)/.exec(rest);
      if (m) {
        this.closeLeaf();
        this.heading(line, p, m[1]?.length ?? 1, m[0].length);
        return;
      }
    }
    if (c === codes.graveAccent || c === codes.tilde) {
      const size = leadingRun(rest, c);
      if (size >= 3) {
        this.openFence(rest, ind, c, size);
        return;
      }
    }
    if (c === codes.dollarSign && rest.startsWith('$$')) {
      if (!/^\$\$ *$/.test(rest)) throw DECLINE;
      this.closeLeaf();
      const node: MathBlock = { type: 'math', meta: null, value: '' };
      this.container().push(node);
      this.leaf = { kind: 'math', node, size: 2, indent: ind, lines: [] };
      return;
    }
    if (c === codes.dash || c === codes.asterisk || c === codes.underscore || c === codes.equalsTo) {
      if (leaf?.kind === 'paragraph' && SETEXT_RE.test(rest)) throw DECLINE;
      if (THEMATIC_RE.test(rest)) {
        this.closeLeaf();
        this.container().push({ type: 'thematicBreak' });
        return;
      }
      if (SPACED_THEMATIC_RE.test(rest)) throw DECLINE;
    }
    if (this.tableStart(line, col, p, rest, firstOfItem)) return;
    if (leaf?.kind === 'paragraph') {
      this.continueParagraph(leaf, line, col);
      return;
    }
    this.closeLeaf();
    let text = rest;
    let offset = line.start + p;
    let task = false;
    if (firstOfItem && c === codes.leftSquareBracket) {
      const m = /^\[([ xX])\]( *)/.exec(rest);
      if (m) {
        if (m[0].length === rest.length) throw DECLINE; // `[x]` and nothing after it on the line
        if (m[2] !== '') {
          const top = this.stack[this.stack.length - 1];
          if (top) top.item.checked = m[1] !== ' ';
          text = rest.slice(3);
          offset += 3;
          task = true;
        }
      }
    }
    this.leaf = { kind: 'paragraph', text, segments: [{ at: 0, offset, line: line.no, lineStart: line.start }], task };
  }

  private continueParagraph(leaf: Extract<Leaf, { kind: 'paragraph' }>, line: Line, col: number): void {
    leaf.segments.push({ at: leaf.text.length + 1, offset: line.start + col, line: line.no, lineStart: line.start });
    leaf.text += `\n${line.text.slice(col)}`;
  }

  private heading(line: Line, p: number, depth: number, contentStart: number): void {
    let content = trimEndSpaces(line.text.slice(p + contentStart));
    // A closing sequence: `#`s at the end after a space (or making up the whole content).
    const closing = /(?:^| )#+$/.exec(content);
    if (closing) content = trimEndSpaces(content.slice(0, closing.index));
    const segments: Segment[] = [{ at: 0, offset: line.start + p + contentStart, line: line.no, lineStart: line.start }];
    const node: Heading = { type: 'heading', depth: depth as Heading['depth'], children: content === '' ? [] : parseInline(content, segments) };
    this.container().push(node);
  }

  private openFence(rest: string, ind: number, c: number, size: number): void {
    const info = rest.slice(size).trim();
    if ((c === codes.graveAccent && info.includes('`')) || /[\\&]|[^\x20-\x7e]/.test(info)) throw DECLINE;
    this.closeLeaf();
    const space = info.indexOf(' ');
    const lang = info === '' ? null : space < 0 ? info : info.slice(0, space);
    const meta = space < 0 ? null : info.slice(space + 1).trim();
    const node: Code = { type: 'code', lang, meta, value: '' };
    this.container().push(node);
    this.leaf = { kind: 'fence', node, char: c, size, indent: ind, lines: [] };
  }

  /** A table whose header is this line, if the next line is its delimiter row. */
  private tableStart(line: Line, col: number, p: number, rest: string, firstOfItem: boolean): boolean {
    const next = this.lines[this.index + 1];
    if (!next) return false;
    const nextIndent = leadingSpaces(next.text, 0);
    const nextRest = next.text.slice(Math.min(col, nextIndent));
    if (!DELIMITER_ROW_RE.test(nextRest) || !nextRest.includes('-')) return false;
    // From here on, anything but a table we are sure of is declined: a delimiter row under
    // a paragraph line may also be a setext underline or a list item.
    if (firstOfItem || nextIndent < col || !rest.includes('|') || !nextRest.includes('|')) throw DECLINE;
    if (nextIndent - col > 3 || /^ *[-*+](?: |$)/.test(nextRest)) throw DECLINE;
    const align = delimiterRow(nextRest);
    this.closeLeaf();
    const header = tableRow(line, p, align.length);
    const node: Table = { type: 'table', align, children: [header] };
    this.container().push(node);
    this.leaf = { kind: 'table', cols: align.length, node };
    this.index++;
    return true;
  }

  private closeLists(depth: number): void {
    if (this.stack.length > depth) {
      this.closeLeaf();
      this.stack.length = depth;
    }
  }

  /** Ends the open leaf block; `ended` when a fence or math block ends by its own closing line or the end of input. */
  private closeLeaf(ended = false): void {
    const leaf = this.leaf;
    if (!leaf) return;
    this.leaf = null;
    if (leaf.kind === 'paragraph') {
      // Link reference definitions.
      if (leaf.text.startsWith('[') && leaf.text.includes(']:')) throw DECLINE;
      const children = parseInline(leaf.text, leaf.segments);
      if (leaf.task) {
        // mdast-util-gfm-task-list-item drops the first character after the check.
        const head = children[0];
        if (head?.type !== 'text') throw DECLINE;
        head.value = head.value.slice(1);
        if (head.value === '') children.shift();
      }
      // (Its offsets in the source, as remark gives them: a paragraph of pasted code is read from them.)
      const [first, last] = [leaf.segments[0], leaf.segments[leaf.segments.length - 1]];
      const position = first && last ? { start: { line: first.line, column: 1, offset: first.offset }, end: { line: last.line, column: 1, offset: last.offset + leaf.text.length - last.at } } : undefined;
      const node: Paragraph = { type: 'paragraph', children, ...(position ? { position } : {}) };
      this.container().push(node);
    } else if (leaf.kind === 'fence' || leaf.kind === 'math') {
      // Closed by the end of its list item: whether remark keeps a final blank line then
      // depends on how the item ended.
      if (!ended && leaf.lines[leaf.lines.length - 1] === '') throw DECLINE;
      leaf.node.value = leaf.lines.join('\n');
    }
  }
}
