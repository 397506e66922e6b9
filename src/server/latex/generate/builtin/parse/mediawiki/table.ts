// Wikitext tables: `{|` … `|}`, `|+` a caption, `|-` a new row, `!` header cells and `|` data
// cells (several on a line with `!!` / `||`), `attributes | content` in a cell. A table nested
// in a cell gives its cells' text. The lines come without the opening and closing lines.
import type { Block, Inline } from '../../tree.js';

const MAX_SPAN = 50;

interface Cell {
  text: string;
  head: boolean;
  span: number;
}

/** Splits at `sep` outside [[links]] and {{templates}}. */
function splitOutside(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < s.length; k++) {
    const two = s.slice(k, k + 2);
    if (two === '[[' || two === '{{') {
      depth++;
      k++;
    } else if (two === ']]' || two === '}}') {
      depth = Math.max(0, depth - 1);
      k++;
    } else if (depth === 0 && s.startsWith(sep, k)) {
      out.push(s.slice(from, k));
      k += sep.length - 1;
      from = k + 1;
    }
  }
  out.push(s.slice(from));
  return out;
}

function nestedCellText(line: string): string {
  const marker = line.startsWith('|+') ? 2 : line.startsWith('|') || line.startsWith('!') ? 1 : 0;
  return splitOutside(line.slice(marker), '||')
    .flatMap((c) => splitOutside(c, '!!'))
    .map((c) => cell(c, false).text)
    .join(' ');
}

function cell(raw: string, head: boolean): Cell {
  // `style="…" colspan="2" | text`: the part before a single `|` is attributes.
  const parts = splitOutside(raw, '|');
  let text = raw;
  let span = 1;
  if (parts.length > 1 && (parts[0] ?? '').includes('=')) {
    const m = /colspan\s*=\s*["']?(\d{1,3})/i.exec(parts[0] ?? '');
    if (m) span = Math.min(MAX_SPAN, Number(m[1]));
    text = parts.slice(1).join('|');
  }
  return { text: text.trim(), head, span };
}

export function wikiTable(lines: string[], inline: (text: string) => Inline[]): Block[] {
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let caption = '';
  let nested = 0;
  const endRow = (): void => {
    if (row.length) rows.push(row);
    row = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    const last = row[row.length - 1];
    if (nested > 0 || line.startsWith('{|')) {
      if (line.startsWith('{|')) nested++;
      else if (line.startsWith('|}')) nested--;
      // A table in a cell: its cells' text, without its markup.
      else if (last && !line.startsWith('|-')) last.text += ` ${nestedCellText(line)}`;
      continue;
    }
    if (line.startsWith('|+')) caption = line.slice(2).trim();
    else if (line.startsWith('|-')) endRow();
    else if (line.startsWith('!')) for (const c of splitOutside(line.slice(1), '!!').flatMap((p) => splitOutside(p, '||'))) row.push(cell(c, true));
    else if (line.startsWith('|')) for (const c of splitOutside(line.slice(1), '||')) row.push(cell(c, false));
    else if (last) last.text += `\n${line}`;
    else if (line !== '') caption += (caption ? ' ' : '') + line;
  }
  endRow();
  const out: Block[] = [];
  if (caption) out.push({ kind: 'paragraph', inlines: inline(cell(caption, false).text) });
  if (!rows.length) return out;
  const cells = rows.map((r) => r.flatMap((c) => [inline(c.text.trim()), ...Array.from({ length: c.span - 1 }, (): Inline[] => [])]));
  let width = 0;
  for (const r of cells) width = Math.max(width, r.length);
  for (const r of cells) while (r.length < width) r.push([]);
  const hasHeader = rows.length > 1 && (rows[0] ?? []).every((c) => c.head);
  return [...out, { kind: 'table', header: hasHeader ? (cells[0] ?? []) : [], rows: hasHeader ? cells.slice(1) : cells, align: Array.from({ length: width }, () => null) }];
}
